/**
 * SPEC §4 and §9: at most 5 toasts at once, extras wait their turn (oldest first) and show when one closes,
 * each closes itself after 5000 ms unless it asks for another time. Why this is ours and not react-aria's
 * toast queue: docs/decisions/032.
 */
import { hasText, isShowable, TOAST_DEFAULT_DURATION_MS, TOAST_MAX_VISIBLE } from './toast';

export { isShowable, TOAST_DEFAULT_DURATION_MS, TOAST_MAX_VISIBLE } from './toast';

export type ToastType = 'success' | 'warning' | 'error' | 'info';
export type ToastLink = { href: string; label?: string };

/** What a caller asks to show. A toast with neither title nor content is ignored. */
export type ToastInput = {
  /** Defaults to 'info'. */
  type?: ToastType;
  title?: string;
  content?: string;
  /** A place the toast leads to, e.g. the chat a message came from. */
  link?: string | ToastLink;
  /** Milliseconds on screen; defaults to 5000. Zero, a negative number or Infinity keep it until closed. */
  duration?: number;
  /** A caller-chosen id; a toast whose id is already shown or waiting is not added twice. */
  id?: string;
};

export type Toast = {
  id: string;
  type: ToastType;
  title?: string;
  content?: string;
  link?: ToastLink;
  /** Total time on screen, or Infinity for a toast that only closes by hand. */
  duration: number;
  /** Time left when it is not counting down (waiting in the queue, or paused under the pointer). */
  remaining: number;
  /** When it closes by itself; undefined while waiting, paused or sticky. */
  closesAt?: number;
};

export type ToastQueueState = {
  readonly visible: readonly Toast[];
  readonly waiting: readonly Toast[];
};

/** Every change takes the moment it happens (`now`, in ms): the caller's clock, a fake one in tests. */
export type ToastQueueAction =
  | { type: 'add'; toast: ToastInput & { id: string }; now: number }
  | { type: 'close'; id: string; now: number }
  | { type: 'tick'; now: number }
  | { type: 'pause'; id: string; now: number }
  | { type: 'resume'; id: string; now: number };

export type ToastQueueOptions = { maxVisible?: number; defaultDuration?: number };

function normaliseLink(link: ToastInput['link']): ToastLink | undefined {
  if (link === undefined) return undefined;
  const value = typeof link === 'string' ? { href: link } : link;
  return hasText(value.href) ? value : undefined;
}

function startCountdown(toast: Toast, now: number): Toast {
  return Number.isFinite(toast.remaining) ? { ...toast, closesAt: now + toast.remaining } : toast;
}

/** Moves waiting toasts into free visible slots, oldest first; their countdown starts now. */
function promote(visible: readonly Toast[], waiting: readonly Toast[], max: number, now: number) {
  const free = Math.max(0, max - visible.length);
  return {
    visible: [...visible, ...waiting.slice(0, free).map((toast) => startCountdown(toast, now))],
    waiting: waiting.slice(free),
  };
}

/**
 * The toast queue as pure functions over an immutable state: every operation returns a new state, or the
 * same object when nothing changed (so React's `useReducer` skips the render), and takes the time from its
 * caller, so tests drive it with numbers instead of a clock.
 */
export function createToastQueue(options: ToastQueueOptions = {}) {
  const maxVisible = Math.max(1, Math.floor(options.maxVisible ?? TOAST_MAX_VISIBLE));
  const defaultDuration = options.defaultDuration ?? TOAST_DEFAULT_DURATION_MS;

  function initialState(): ToastQueueState {
    return { visible: [], waiting: [] };
  }

  function add(state: ToastQueueState, input: ToastInput & { id: string }, now: number): ToastQueueState {
    if (!isShowable(input)) return state;
    const { id } = input;
    if (state.visible.some((t) => t.id === id) || state.waiting.some((t) => t.id === id)) return state;
    const requested = input.duration ?? defaultDuration;
    // NaN and Infinity fail `> 0` or are infinite already: both mean "until closed".
    const duration = requested > 0 ? requested : Number.POSITIVE_INFINITY;
    const toast: Toast = {
      id,
      type: input.type ?? 'info',
      duration,
      remaining: duration,
      ...(hasText(input.title) ? { title: input.title } : {}),
      ...(hasText(input.content) ? { content: input.content } : {}),
    };
    const link = normaliseLink(input.link);
    if (link) toast.link = link;
    if (state.visible.length < maxVisible) {
      return { visible: [...state.visible, startCountdown(toast, now)], waiting: state.waiting };
    }
    return { visible: state.visible, waiting: [...state.waiting, toast] };
  }

  function close(state: ToastQueueState, id: string, now: number): ToastQueueState {
    const visible = state.visible.filter((t) => t.id !== id);
    const waiting = state.waiting.filter((t) => t.id !== id);
    if (visible.length === state.visible.length && waiting.length === state.waiting.length) return state;
    return promote(visible, waiting, maxVisible, now);
  }

  /** Closes every toast whose time is up and lets waiting ones take their places. */
  function tick(state: ToastQueueState, now: number): ToastQueueState {
    const visible = state.visible.filter((t) => t.closesAt === undefined || t.closesAt > now);
    if (visible.length === state.visible.length) return state;
    return promote(visible, state.waiting, maxVisible, now);
  }

  /** Stops a visible toast's countdown (pointer over it or focus inside), keeping the time left. */
  function pause(state: ToastQueueState, id: string, now: number): ToastQueueState {
    const toast = state.visible.find((t) => t.id === id);
    if (!toast || toast.closesAt === undefined) return state;
    const { closesAt, ...rest } = toast;
    const paused: Toast = { ...rest, remaining: Math.max(0, closesAt - now) };
    return { ...state, visible: state.visible.map((t) => (t.id === id ? paused : t)) };
  }

  function resume(state: ToastQueueState, id: string, now: number): ToastQueueState {
    const toast = state.visible.find((t) => t.id === id);
    if (!toast || toast.closesAt !== undefined || !Number.isFinite(toast.remaining)) return state;
    return { ...state, visible: state.visible.map((t) => (t.id === id ? startCountdown(t, now) : t)) };
  }

  /** The earliest moment a visible toast closes by itself, to schedule the next tick. */
  function nextDeadline(state: ToastQueueState): number | undefined {
    const deadlines = state.visible.flatMap((t) => (t.closesAt === undefined ? [] : [t.closesAt]));
    return deadlines.length > 0 ? Math.min(...deadlines) : undefined;
  }

  function reduce(state: ToastQueueState, action: ToastQueueAction): ToastQueueState {
    switch (action.type) {
      case 'add':
        return add(state, action.toast, action.now);
      case 'close':
        return close(state, action.id, action.now);
      case 'tick':
        return tick(state, action.now);
      case 'pause':
        return pause(state, action.id, action.now);
      case 'resume':
        return resume(state, action.id, action.now);
    }
  }

  return { initialState, add, close, tick, pause, resume, nextDeadline, reduce };
}
