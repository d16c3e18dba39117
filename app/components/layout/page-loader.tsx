import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { Spinner } from '~/components/ui/spinner';

/**
 * The full-screen loader (SPEC §2). In the server HTML it waits 400 ms (CSS animation delay) before it
 * shows, so a fast load never sees it; the window's load event (inline script in the document head) or
 * hydration removes it. Afterwards it returns for client navigations, again only after 400 ms.
 */
export function PageLoader() {
  const navigation = useNavigation();
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    document.documentElement.setAttribute('data-loaded', '');
  }, []);

  const isNavigating = navigation.state === 'loading';
  if (isHydrated && !isNavigating) return null;
  return (
    <div
      className="page-loader"
      data-initial={isHydrated ? undefined : ''}
      role="status"
      aria-label="Загрузка…"
    >
      <div className="flex flex-col items-center gap-3 rounded-3xl bg-white px-8 py-6 shadow-pop">
        <Spinner size={44} className="text-brand-600" />
        <span aria-hidden="true" className="text-sm font-medium text-muted">
          Загрузка…
        </span>
      </div>
    </div>
  );
}

/** Sets data-loaded on <html> once the window has loaded, hiding the server-rendered loader. */
export const PAGE_LOADED_SCRIPT =
  "addEventListener('load',function(){document.documentElement.setAttribute('data-loaded','')});";

/**
 * Without JavaScript nothing would ever remove the loader: never show it, nor anything else that waits for
 * a script (`needs-script`: a guest's basket being read from the device, ADR 043).
 */
export const NOSCRIPT_LOADER_STYLE = '<style>.page-loader,.needs-script{display:none!important}</style>';
