import { describe, expect, it } from 'vitest';
import {
  createToastQueue,
  isShowable,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_MAX_VISIBLE,
  type ToastInput,
  type ToastQueueState,
} from './toast-queue';

const queue = createToastQueue();

/** Adds «Сообщение 1» … «Сообщение n» with ids m1 … mn, all at `now`. */
function addMany(state: ToastQueueState, count: number, now: number, q = queue): ToastQueueState {
  let next = state;
  for (let i = 1; i <= count; i += 1) next = q.add(next, { id: `m${i}`, title: `Сообщение ${i}` }, now);
  return next;
}

/** One toast added to an empty queue at `now`. */
function one(input: ToastInput, now = 0): ToastQueueState {
  return queue.add(queue.initialState(), { id: 't', ...input }, now);
}

const titles = (toasts: readonly { title?: string }[]) => toasts.map((t) => t.title);

describe('toast queue: at most 5 at once, the rest wait (SPEC §4, §9)', () => {
  it('shows at most 5 toasts and queues the rest in order', () => {
    expect(TOAST_MAX_VISIBLE).toBe(5);
    const state = addMany(queue.initialState(), 7, 0);
    expect(titles(state.visible)).toEqual([
      'Сообщение 1',
      'Сообщение 2',
      'Сообщение 3',
      'Сообщение 4',
      'Сообщение 5',
    ]);
    expect(titles(state.waiting)).toEqual(['Сообщение 6', 'Сообщение 7']);
  });

  it('promotes the oldest waiting toast when one closes, with a fresh countdown', () => {
    let state = addMany(queue.initialState(), 7, 0);
    state = queue.close(state, 'm2', 1_000);
    expect(titles(state.visible)).toEqual([
      'Сообщение 1',
      'Сообщение 3',
      'Сообщение 4',
      'Сообщение 5',
      'Сообщение 6',
    ]);
    expect(titles(state.waiting)).toEqual(['Сообщение 7']);
    expect(state.visible[4]?.closesAt).toBe(1_000 + TOAST_DEFAULT_DURATION_MS);
    // The others keep the countdown they started with.
    expect(state.visible[0]?.closesAt).toBe(TOAST_DEFAULT_DURATION_MS);
  });

  it('closes a waiting toast without touching the visible ones', () => {
    const start = addMany(queue.initialState(), 7, 0);
    const state = queue.close(start, 'm6', 1_000);
    expect(state.visible).toEqual(start.visible);
    expect(titles(state.waiting)).toEqual(['Сообщение 7']);
  });

  it('answers the same state when the closed toast is unknown', () => {
    const state = addMany(queue.initialState(), 6, 0);
    expect(queue.close(state, 'missing', 1)).toBe(state);
  });

  it('starts the countdown of a queued toast only when it becomes visible', () => {
    let state = addMany(queue.initialState(), 6, 0);
    expect(state.waiting[0]?.closesAt).toBeUndefined();
    state = queue.tick(state, 5_000);
    expect(titles(state.visible)).toEqual(['Сообщение 6']);
    expect(state.waiting).toEqual([]);
    expect(state.visible[0]?.closesAt).toBe(10_000);
    state = queue.tick(state, 10_000);
    expect(state.visible).toEqual([]);
  });

  it('fills every free slot at once, oldest first', () => {
    let state = addMany(queue.initialState(), 5, 0);
    for (let i = 6; i <= 9; i += 1) state = queue.add(state, { id: `m${i}`, title: `Сообщение ${i}` }, 1_000);
    // m1–m5 close together at 5000: four waiting toasts take four of the five free places.
    state = queue.tick(state, 5_000);
    expect(titles(state.visible)).toEqual(['Сообщение 6', 'Сообщение 7', 'Сообщение 8', 'Сообщение 9']);
    expect(state.waiting).toEqual([]);
    expect(state.visible.map((t) => t.closesAt)).toEqual([10_000, 10_000, 10_000, 10_000]);
  });

  it('accepts a smaller limit, a whole number of at least one', () => {
    const two = createToastQueue({ maxVisible: 2.7, defaultDuration: 1_000 });
    const state = addMany(two.initialState(), 3, 0, two);
    expect(state.visible).toHaveLength(2);
    expect(state.waiting).toHaveLength(1);
    expect(two.nextDeadline(state)).toBe(1_000);
    const none = createToastQueue({ maxVisible: 0 });
    const atLeastOne = addMany(none.initialState(), 2, 0, none);
    expect(atLeastOne.visible).toHaveLength(1);
    expect(atLeastOne.waiting).toHaveLength(1);
  });
});

describe('toast queue: what is shown', () => {
  it('ignores a toast with neither title nor content', () => {
    const empty = queue.initialState();
    expect(queue.add(empty, { id: 'a' }, 0)).toBe(empty);
    expect(queue.add(empty, { id: 'a', type: 'error', title: '  ', content: '' }, 0)).toBe(empty);
    expect(isShowable({})).toBe(false);
    expect(isShowable({ title: ' \n ' })).toBe(false);
    expect(isShowable({ title: 'Заголовок' })).toBe(true);
    expect(isShowable({ content: 'Только текст' })).toBe(true);
    expect(isShowable({ title: ' ', content: 'Только текст' })).toBe(true);
  });

  it('keeps only the parts that have text, and defaults the type to info', () => {
    expect(one({ content: 'Только текст' }).visible).toStrictEqual([
      {
        id: 't',
        type: 'info',
        content: 'Только текст',
        duration: 5_000,
        remaining: 5_000,
        closesAt: 5_000,
      },
    ]);
    expect(one({ type: 'warning', title: 'Внимание', content: '   ' }, 100).visible).toStrictEqual([
      { id: 't', type: 'warning', title: 'Внимание', duration: 5_000, remaining: 5_000, closesAt: 5_100 },
    ]);
  });

  it('keeps a link that leads somewhere, as given or from a plain address', () => {
    expect(one({ title: 'Чат', link: '/lk?active=chat' }).visible[0]?.link).toStrictEqual({
      href: '/lk?active=chat',
    });
    const labelled = { href: '/basket', label: 'Перейти в корзину' };
    expect(one({ title: 'Корзина', link: labelled }).visible[0]?.link).toStrictEqual(labelled);
    expect(one({ title: 'Пусто', link: '  ' }).visible[0]).not.toHaveProperty('link');
    expect(one({ title: 'Пусто', link: { href: '', label: 'Куда?' } }).visible[0]).not.toHaveProperty('link');
  });

  it('adds a caller-chosen id once, whether that toast is shown or waiting', () => {
    const shown = one({ title: 'Чат' });
    expect(queue.add(shown, { id: 't', title: 'Чат снова' }, 1)).toBe(shown);
    const full = addMany(queue.initialState(), 6, 0);
    expect(queue.add(full, { id: 'm6', title: 'Сообщение 6 снова' }, 1)).toBe(full);
    expect(queue.add(full, { id: 'm8', title: 'Сообщение 8' }, 1).waiting).toHaveLength(2);
  });
});

describe('toast queue: time on screen', () => {
  it('closes a toast by itself after 5000 ms by default', () => {
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5_000);
    let state = one({ title: 'Номер карты скопирован', type: 'success' }, 10_000);
    expect(queue.nextDeadline(state)).toBe(15_000);
    const before = queue.tick(state, 14_999);
    expect(before).toBe(state);
    state = queue.tick(state, 15_000);
    expect(state.visible).toEqual([]);
  });

  it('honours a custom duration and keeps a toast whose duration is not positive or finite until closed', () => {
    let state = one({ title: 'Коротко', duration: 3_000 });
    for (const [id, duration] of [
      ['zero', 0],
      ['negative', -1],
      ['infinite', Number.POSITIVE_INFINITY],
      ['nan', Number.NaN],
    ] as const) {
      state = queue.add(state, { id, title: id, duration }, 0);
    }
    expect(queue.nextDeadline(state)).toBe(3_000);
    state = queue.tick(state, 3_000);
    expect(state.visible.map((t) => t.id)).toEqual(['zero', 'negative', 'infinite', 'nan']);
    expect(state.visible.map((t) => t.duration)).toEqual(Array(4).fill(Number.POSITIVE_INFINITY));
    expect(queue.tick(state, 1_000_000)).toBe(state);
    expect(queue.nextDeadline(state)).toBeUndefined();
  });

  it('schedules the next tick at the earliest deadline, whatever the order', () => {
    let state = one({ title: 'Длинное', duration: 8_000 });
    state = queue.add(state, { id: 'short', title: 'Короткое', duration: 2_000 }, 1_000);
    state = queue.add(state, { id: 'middle', title: 'Среднее', duration: 4_000 }, 1_000);
    expect(queue.nextDeadline(state)).toBe(3_000);
    state = queue.tick(state, 3_000);
    expect(queue.nextDeadline(state)).toBe(5_000);
    expect(queue.nextDeadline(queue.initialState())).toBeUndefined();
  });

  it('pauses and resumes the countdown of one toast, keeping the time left', () => {
    let state = one({ title: 'Пауза' });
    state = queue.add(state, { id: 'other', title: 'Другое' }, 0);
    state = queue.pause(state, 't', 2_000);
    expect(state.visible[0]).toMatchObject({ remaining: 3_000 });
    expect(state.visible[0]).not.toHaveProperty('closesAt');
    // Only the toast under the pointer stops.
    expect(state.visible[1]?.closesAt).toBe(5_000);
    const later = queue.tick(state, 60_000);
    expect(later.visible.map((t) => t.id)).toEqual(['t']);
    state = queue.resume(later, 't', 60_000);
    expect(state.visible[0]?.closesAt).toBe(63_000);
    expect(queue.tick(state, 62_999).visible).toHaveLength(1);
    expect(queue.tick(state, 63_000).visible).toHaveLength(0);
  });

  it('resumes only the toast asked for, leaving the others as they are', () => {
    let state = one({ title: 'Первое' });
    state = queue.add(state, { id: 'second', title: 'Второе' }, 0);
    state = queue.pause(state, 'second', 1_000);
    state = queue.resume(state, 'second', 2_000);
    expect(state.visible.map((t) => t.closesAt)).toEqual([5_000, 6_000]);
  });

  it('pausing after the deadline leaves no time, not a negative one', () => {
    let state = one({ title: 'Поздно' });
    state = queue.pause(state, 't', 7_000);
    expect(state.visible[0]?.remaining).toBe(0);
    state = queue.resume(state, 't', 9_000);
    expect(queue.nextDeadline(state)).toBe(9_000);
  });

  it('answers the same state to a pause or resume that changes nothing', () => {
    const running = one({ title: 'Идёт' });
    expect(queue.pause(running, 'missing', 1)).toBe(running);
    expect(queue.resume(running, 't', 1)).toBe(running);
    expect(queue.resume(running, 'missing', 1)).toBe(running);
    const paused = queue.pause(running, 't', 1);
    expect(queue.pause(paused, 't', 2)).toBe(paused);
    const sticky = one({ title: 'Навсегда', duration: 0 });
    expect(queue.pause(sticky, 't', 1)).toBe(sticky);
    expect(queue.resume(sticky, 't', 1)).toBe(sticky);
    // A waiting toast has no countdown to pause.
    const full = addMany(queue.initialState(), 6, 0);
    expect(queue.pause(full, 'm6', 1)).toBe(full);
  });
});

describe('toast queue as a reducer', () => {
  it('runs every action and leaves earlier states untouched', () => {
    const start = queue.initialState();
    const added = queue.reduce(start, { type: 'add', toast: { id: 'a', title: 'Привет' }, now: 0 });
    expect(start.visible).toEqual([]);
    expect(titles(added.visible)).toEqual(['Привет']);
    const paused = queue.reduce(added, { type: 'pause', id: 'a', now: 1_000 });
    expect(paused.visible[0]?.remaining).toBe(4_000);
    expect(queue.reduce(paused, { type: 'tick', now: 10_000 })).toBe(paused);
    const resumed = queue.reduce(paused, { type: 'resume', id: 'a', now: 10_000 });
    expect(resumed.visible[0]?.closesAt).toBe(14_000);
    expect(queue.reduce(resumed, { type: 'tick', now: 14_000 }).visible).toEqual([]);
    const closed = queue.reduce(added, { type: 'close', id: 'a', now: 1 });
    expect(closed.visible).toEqual([]);
    expect(added.visible).toHaveLength(1);
  });
});
