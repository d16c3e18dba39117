import type { SiteSettings } from '@core/contracts/content';
import { chooseLayout, type LayoutName } from '@core/rules/layout';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { BackFooter, BackHeader } from './back-header';
import { SiteFooter } from './site-footer';
import { type HeaderCounts, SiteHeader } from './site-header';

export type ShellSettings = Pick<SiteSettings, 'header' | 'footer' | 'socials'>;

export type AppShellProps = {
  settings: ShellSettings;
  sellerSiteUrl: string;
  /** The copyright's year (the root loader's, computed on the server). */
  year: number;
  counts?: Partial<HeaderCounts>;
  /** Overrides the layout the path would choose (error pages always use 'default'). */
  layout?: LayoutName;
  children: ReactNode;
};

/** Skip link, header, main and footer; the layout ('default' or 'back') follows the path (core/rules/layout). */
export function AppShell({
  settings,
  sellerSiteUrl,
  year,
  counts,
  layout: forcedLayout,
  children,
}: AppShellProps) {
  const { pathname } = useLocation();
  const layout = forcedLayout ?? chooseLayout(pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="skip-link">
        Перейти к содержимому
      </a>
      {layout === 'back' ? (
        <BackHeader />
      ) : (
        <SiteHeader navigation={settings.header} sellerSiteUrl={sellerSiteUrl} counts={counts} />
      )}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      {layout === 'back' ? (
        <BackFooter year={year} />
      ) : (
        <SiteFooter
          groups={settings.footer}
          socials={settings.socials}
          sellerSiteUrl={sellerSiteUrl}
          year={year}
        />
      )}
    </div>
  );
}
