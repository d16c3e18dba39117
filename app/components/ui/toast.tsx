import { isShowable } from '@core/rules/toast';
import type { ToastInput, ToastQueueAction } from '@core/rules/toast-queue';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

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

type Dispatch = (action: ToastQueueAction) => void;
/** The host hands over its dispatch once mounted and gets the actions asked for before; returns the cleanup. */
export type ConnectToastHost = (dispatch: Dispatch) => () => void;

type ToastHostComponent = typeof import('./toast-host').ToastHost;

/** The toast region's place on screen, the same before and after the host loads. */
export const TOAST_REGION_CLASS =
  'pointer-events-none fixed inset-x-0 bottom-0 z-[3100] flex flex-col items-center gap-2 p-3 sm:inset-x-auto sm:right-0 sm:items-end sm:p-6';

/** The region with no toasts in it: what the server renders and what shows until the first toast. */
function EmptyToastRegion() {
  return <section aria-label="Уведомления" data-react-aria-top-layer="true" className={TOAST_REGION_CLASS} />;
}

/** Holds the toast queue for the whole app and renders the toast region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const counter = useRef(0);
  // Actions asked for before the host has mounted, handed over to it in order, with the time each was asked.
  const pending = useRef<ToastQueueAction[]>([]);
  const hostDispatch = useRef<Dispatch | null>(null);
  const isHostLoading = useRef(false);
  // The queue, its timers and the toast cards (toast-host.tsx) load with the first toast a page shows: most
  // page views show none, and every page's first load carried them (ADR 044). Loaded by hand rather than by
  // `lazy`: a Suspense boundary's reveal waits on a timer, and the first toast would wait with it.
  const [ToastHost, setToastHost] = useState<ToastHostComponent | null>(null);

  const dispatch = useCallback((action: ToastQueueAction) => {
    if (hostDispatch.current) {
      hostDispatch.current(action);
      return;
    }
    pending.current.push(action);
    if (isHostLoading.current) return;
    isHostLoading.current = true;
    void import('./toast-host').then(
      (module) => setToastHost(() => module.ToastHost),
      // A file missing after a deploy reloads the page (chunk-reload.client.ts); anything else tries again
      // with the next toast.
      () => {
        isHostLoading.current = false;
      },
    );
  }, []);
  const connect = useCallback<ConnectToastHost>((next) => {
    hostDispatch.current = next;
    for (const action of pending.current.splice(0)) next(action);
    return () => {
      if (hostDispatch.current === next) hostDispatch.current = null;
    };
  }, []);

  const show = useCallback(
    (toast: ToastInput) => {
      if (!isShowable(toast)) return null;
      counter.current += 1;
      const id = toast.id ?? `toast-auto-${counter.current}`;
      dispatch({ type: 'add', toast: { ...toast, id }, now: Date.now() });
      return id;
    },
    [dispatch],
  );
  const close = useCallback((id: string) => dispatch({ type: 'close', id, now: Date.now() }), [dispatch]);
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
        {ToastHost ? <ToastHost connect={connect} outlet={outlets.at(-1)} /> : <EmptyToastRegion />}
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
