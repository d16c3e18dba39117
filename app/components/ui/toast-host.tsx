import {
  createToastQueue,
  type Toast,
  type ToastQueueAction,
  type ToastQueueState,
  type ToastType,
} from '@core/rules/toast-queue';
import { useEffect, useReducer } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { cx } from '~/lib/cx';
import { Icon, type IconName } from './icon';
import { type ConnectToastHost, TOAST_REGION_CLASS } from './toast';

/** SPEC §4 and §9 (5 at once, the rest queued, 5000 ms); ours rather than react-aria's: docs/decisions/032. */
const queue = createToastQueue();

function reduce(state: ToastQueueState, action: ToastQueueAction): ToastQueueState {
  return queue.reduce(state, action);
}

/**
 * The toast queue and its region: loaded with the first toast a page shows (ToastProvider, ADR 044). It takes
 * over the actions asked for before it loaded, then every later one, through `connect`.
 */
export function ToastHost({
  connect,
  outlet,
}: {
  connect: ConnectToastHost;
  outlet: HTMLElement | undefined;
}) {
  const [state, dispatch] = useReducer(reduce, undefined, queue.initialState);

  useEffect(() => connect(dispatch), [connect]);

  useEffect(() => {
    const deadline = queue.nextDeadline(state);
    if (deadline === undefined) return;
    const timer = setTimeout(
      () => dispatch({ type: 'tick', now: Date.now() }),
      Math.max(0, deadline - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [state]);

  return <ToastRegion toasts={state.visible} dispatch={dispatch} outlet={outlet} />;
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
    <section aria-label="Уведомления" data-react-aria-top-layer="true" className={TOAST_REGION_CLASS}>
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
