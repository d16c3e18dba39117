import { describe, expect, it } from 'vitest';
import {
  createToastQueue,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_MAX_VISIBLE,
  type ToastQueueState,
} from './toast-queue';

const queue = createToastQueue();

function addMany(state: ToastQueueState, count: number, now: number): ToastQueueState {
  let next = state;
  for (let i = 1; i <= count; i += 1) next = queue.add(next, { title: `Сообщение ${i}` }, now);
  return next;
}

describe('toast queue', () => {
  it('shows at most 5 toasts and queues the rest in order', () => {
    expect(TOAST_MAX_VISIBLE).toBe(5);
    const state = addMany(queue.initialState(), 7, 0);
    expect(state.visible.map((t) => t.title)).toEqual([
      'Сообщение 1',
      'Сообщение 2',
      'Сообщение 3',
      'Сообщение 4',
      'Сообщение 5',
    ]);
    expect(state.waiting.map((t) => t.title)).toEqual(['Сообщение 6', 'Сообщение 7']);
  });

  it('promotes the oldest waiting toast when one closes, with a fresh countdown', () => {
    let state = addMany(queue.initialState(), 6, 0);
    const second = state.visible[1];
    if (!second) throw new Error('expected a second toast');
    state = queue.close(state, second.id, 1_000);
    expect(state.visible).toHaveLength(5);
    expect(state.waiting).toHaveLength(0);
    const promoted = state.visible[4];
    expect(promoted?.title).toBe('Сообщение 6');
    expect(promoted?.closesAt).toBe(1_000 + TOAST_DEFAULT_DURATION_MS);
  });

  it('ignores a toast with neither title nor content', () => {
    const empty = queue.initialState();
    expect(queue.add(empty, {}, 0)).toBe(empty);
    expect(queue.add(empty, { type: 'error', title: '  ', content: '' }, 0)).toBe(empty);
    expect(queue.add(empty, { content: 'Только текст' }, 0).visible).toHaveLength(1);
  });

  it('closes a toast by itself after 5000 ms by default', () => {
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5_000);
    let state = queue.add(queue.initialState(), { title: 'Номер карты скопирован', type: 'success' }, 10_000);
    expect(queue.nextDeadline(state)).toBe(15_000);
    state = queue.tick(state, 14_999);
    expect(state.visible).toHaveLength(1);
    state = queue.tick(state, 15_000);
    expect(state.visible).toHaveLength(0);
  });

  it('honours a custom duration and keeps a zero-duration toast until closed', () => {
    let state = queue.add(queue.initialState(), { title: 'Коротко', duration: 3_000 }, 0);
    state = queue.add(state, { title: 'Навсегда', duration: 0 }, 0);
    expect(queue.nextDeadline(state)).toBe(3_000);
    state = queue.tick(state, 3_000);
    expect(state.visible.map((t) => t.title)).toEqual(['Навсегда']);
    state = queue.tick(state, 1_000_000);
    expect(state.visible).toHaveLength(1);
    expect(queue.nextDeadline(state)).toBeUndefined();
  });

  it('starts the countdown of a queued toast only when it becomes visible', () => {
    let state = addMany(queue.initialState(), 6, 0);
    expect(state.waiting[0]?.closesAt).toBeUndefined();
    state = queue.tick(state, 5_000);
    expect(state.visible.map((t) => t.title)).toEqual(['Сообщение 6']);
    expect(state.visible[0]?.closesAt).toBe(10_000);
    state = queue.tick(state, 10_000);
    expect(state.visible).toHaveLength(0);
  });

  it('pauses and resumes the countdown', () => {
    let state = queue.add(queue.initialState(), { title: 'Пауза' }, 0);
    const id = state.visible[0]?.id ?? '';
    state = queue.pause(state, id, 2_000);
    expect(queue.tick(state, 60_000).visible).toHaveLength(1);
    state = queue.resume(state, id, 60_000);
    expect(state.visible[0]?.closesAt).toBe(63_000);
    expect(queue.tick(state, 63_000).visible).toHaveLength(0);
  });

  it('defaults the type to info, gives unique ids and skips a repeated caller id', () => {
    let state = queue.add(queue.initialState(), { title: 'Один' }, 0);
    state = queue.add(state, { title: 'Два', link: '/lk?active=chat' }, 0);
    state = queue.add(state, { title: 'Чат', id: 'chat-1' }, 0);
    const same = queue.add(state, { title: 'Чат снова', id: 'chat-1' }, 0);
    expect(same).toBe(state);
    expect(state.visible.map((t) => t.type)).toEqual(['info', 'info', 'info']);
    expect(new Set(state.visible.map((t) => t.id)).size).toBe(3);
    expect(state.visible[1]?.link).toEqual({ href: '/lk?active=chat' });
  });

  it('works as a reducer and leaves earlier states untouched', () => {
    const start = queue.initialState();
    const added = queue.reduce(start, { type: 'add', toast: { title: 'Привет' }, now: 0 });
    expect(start.visible).toHaveLength(0);
    expect(added.visible).toHaveLength(1);
    const closed = queue.reduce(added, { type: 'close', id: added.visible[0]?.id ?? '', now: 1 });
    expect(closed.visible).toHaveLength(0);
    expect(queue.reduce(closed, { type: 'close', id: 'missing', now: 2 })).toBe(closed);
    expect(queue.reduce(added, { type: 'clear' }).visible).toHaveLength(0);
  });

  it('accepts a smaller limit', () => {
    const small = createToastQueue({ maxVisible: 2, defaultDuration: 1_000 });
    let state = small.initialState();
    for (const title of ['a', 'b', 'c']) state = small.add(state, { title }, 0);
    expect(state.visible).toHaveLength(2);
    expect(state.waiting).toHaveLength(1);
    expect(small.nextDeadline(state)).toBe(1_000);
  });
});
