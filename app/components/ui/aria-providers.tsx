import type { ReactNode } from 'react';
// Deep imports, as the components themselves use: the package's index would pull in every component.
import { I18nProvider } from 'react-aria/I18nProvider';
import { RouterProvider } from 'react-aria/private/utils/openLink';
import { useHref, useNavigate } from 'react-router';

/**
 * What react-aria's components need around them: Russian (their built-in strings, number formats and
 * direction) and React Router for their links (a menu item's or a tab's href). Each component of ours that
 * renders react-aria's locale-aware or link parts puts this around them, rather than the root around every
 * page: react-aria's providers and the locale checks they run when loaded were every page's first load
 * (1.7 KB gzip and the page's first `Intl` object), though no react-aria component is on a page's first
 * paint (ADR 044). Nested providers are harmless.
 */
export function AriaProviders({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <I18nProvider locale="ru-RU">
      <RouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
        {children}
      </RouterProvider>
    </I18nProvider>
  );
}
