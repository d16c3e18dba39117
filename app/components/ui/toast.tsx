import {
  createToastQueue,
  isShowable,
  type Toast,
  type ToastInput,
  type ToastQueueAction,
  type ToastQueueState,
  type ToastType,
} from '@core/rules/toast-queue';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { cx } from '~/lib/cx';
import { Icon, type IconName } from './icon';

export type { ToastInput, ToastType } from '@core/rules/toast-queue';

export type ToastApi = {
  /** Shows a toast (or queues it when 5 are on screen) and returns its id; null when it had no text. */
  show: (toast: ToastInput) => string | null;
  close: (id: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

/** Registers a place inside an open dialog where toasts show instead (ToastOutlet); returns the cleanup. */
type RegisterOutlet = (node: HTMLElement) => () => void;
const OutletContext = createContext<RegisterOutlet | null>(null);

/** SPEC §4 and §9 (5 at once, the rest queued, 5000 ms); ours rather than react-aria's: docs/decisions/032. */
const queue = createToastQueue();

function reduce(state: ToastQueueState, action: ToastQueueAction): ToastQueueState {
  return queue.reduce(state, action);
}

/** Holds the toast queue for the whole app and renders the toast region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reduce, undefined, queue.initialState);
  const counter = useRef(0);

  useEffect(() => {
    const deadline = queue.nextDeadline(state);
    if (deadline === undefined) return;
    const timer = setTimeout(
      () => dispatch({ type: 'tick', now: Date.now() }),
      Math.max(0, deadline - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [state]);

  const show = useCallback((toast: ToastInput) => {
    if (!isShowable(toast)) return null;
    counter.current += 1;
    const id = toast.id ?? `toast-auto-${counter.current}`;
    dispatch({ type: 'add', toast: { ...toast, id }, now: Date.now() });
    return id;
  }, []);
  const close = useCallback((id: string) => dispatch({ type: 'close', id, now: Date.now() }), []);
  const api = useMemo<ToastApi>(() => ({ show, close }), [show, close]);

  // Open dialogs' outlets, innermost last: toasts show in the last one while any is open.
  const [outlets, setOutlets] = useState<readonly HTMLElement[]>([]);
  const registerOutlet = useCallback<RegisterOutlet>((node) => {
    setOutlets((current) => [...current, node]);
    return () => setOutlets((current) => current.filter((item) => item !== node));
  }, []);

  return (
    <ToastContext value={api}>
      <OutletContext value={registerOutlet}>
        {children}
        <ToastRegion toasts={state.visible} dispatch={dispatch} outlet={outlets.at(-1)} />
      </OutletContext>
    </ToastContext>
  );
}

/**
 * Where toasts show while this dialog is open: in its flow, under its title, so they push its content down
 * instead of covering its buttons (a bottom sheet on phones has no free corner), and screen readers, which
 * only read the dialog while it is open, read them too.
 */
export function ToastOutlet() {
  const register = useContext(OutletContext);
  const ref = useCallback(
    (node: HTMLDivElement | null) => (node && register ? register(node) : undefined),
    [register],
  );
  return <div ref={ref} />;
}

/** `const toast = useToast(); toast.show({ type: 'success', title: 'Адрес успешно сохранен' })`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

const TYPE_STYLES: Record<ToastType, { icon: IconName; iconClass: string; bar: string }> = {
  success: { icon: 'circle-check', iconClass: 'text-brand-600', bar: 'bg-brand-500' },
  info: { icon: 'info', iconClass: 'text-sky-700', bar: 'bg-sky-600' },
  warning: { icon: 'triangle-alert', iconClass: 'text-amber-700', bar: 'bg-amber-500' },
  error: { icon: 'circle-alert', iconClass: 'text-berry', bar: 'bg-berry' },
};

function ToastRegion({
  toasts,
  dispatch,
  outlet,
}: {
  toasts: readonly Toast[];
  dispatch: (action: ToastQueueAction) => void;
  outlet: HTMLElement | undefined;
}) {
  if (outlet) {
    return createPortal(
      <section aria-label="Уведомления" className="flex flex-col gap-2 empty:hidden [&:not(:empty)]:mb-4">
        {toasts.map((toast) => (
          <ToastCard key={toast.id} toast={toast} dispatch={dispatch} isInDialog />
        ))}
      </section>,
      outlet,
    );
  }
  return (
    // Above everything, the burger menu included, and kept outside react-aria's aria-hidden while an overlay
    // is open. A dialog of components/ui/modal shows toasts in its ToastOutlet instead.
    <section
      aria-label="Уведомления"
      data-react-aria-top-layer="true"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[3100] flex flex-col items-center gap-2 p-3 sm:inset-x-auto sm:right-0 sm:items-end sm:p-6"
    >
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} dispatch={dispatch} />
      ))}
    </section>
  );
}

function ToastCard({
  toast,
  dispatch,
  isInDialog = false,
}: {
  toast: Toast;
  dispatch: (action: ToastQueueAction) => void;
  /** In a dialog's flow (ToastOutlet): as wide as the dialog, no floating shadow. */
  isInDialog?: boolean;
}) {
  const { icon, iconClass, bar } = TYPE_STYLES[toast.type];
  const isUrgent = toast.type === 'warning' || toast.type === 'error';
  const pause = () => dispatch({ type: 'pause', id: toast.id, now: Date.now() });
  const resume = () => dispatch({ type: 'resume', id: toast.id, now: Date.now() });
  const close = () => dispatch({ type: 'close', id: toast.id, now: Date.now() });
  const link = toast.link;
  const isExternal = link ? /^https?:/i.test(link.href) : false;

  return (
    // The pointer and focus handlers pause the countdown (WCAG 2.2.1); the toast itself is not a control.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above.
    <div
      role={isUrgent ? 'alert' : 'status'}
      aria-atomic="true"
      onPointerEnter={pause}
      onPointerLeave={resume}
      onFocus={pause}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (!(next instanceof Node) || !event.currentTarget.contains(next)) resume();
      }}
      className={cx(
        'pointer-events-auto relative flex w-full animate-toast-in gap-3 overflow-hidden rounded-2xl border border-line bg-white py-3.5 pr-12 pl-4',
        isInDialog ? 'shadow-card' : 'max-w-sm shadow-pop sm:w-96',
      )}
    >
      <span aria-hidden="true" className={cx('absolute inset-y-0 left-0 w-1', bar)} />
      <Icon name={icon} className={cx('mt-0.5 size-5 shrink-0', iconClass)} />
      <div className="min-w-0 text-[15px] leading-snug">
        {toast.title ? <p className="font-semibold text-ink">{toast.title}</p> : null}
        {toast.content ? <p className={cx('text-muted', toast.title && 'mt-0.5')}>{toast.content}</p> : null}
        {link ? (
          isExternal ? (
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-1 inline-block font-semibold text-brand-700 underline underline-offset-2"
            >
              {link.label ?? 'Подробнее'}
            </a>
          ) : (
            <Link
              to={link.href}
              onClick={close}
              className="mt-1 inline-block font-semibold text-brand-700 underline underline-offset-2"
            >
              {link.label ?? 'Подробнее'}
            </Link>
          )
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Закрыть уведомление"
        onClick={close}
        className="absolute top-2.5 right-2.5 inline-flex size-8 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-ink"
      >
        <Icon name="x" className="size-4" />
      </button>
    </div>
  );
}
