import type { ReactElement, ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { AriaProviders } from './aria-providers';

export type LinkTab<K extends string> = { key: K; label: ReactNode; href: string };

/**
 * A page's sections as tabs that are links (the cabinet's and the favourites'): each tab is its section's
 * address, so a section opens by a plain link before hydration and without JavaScript, and the page's loader
 * renders the chosen one. By keyboard the arrows move between the tabs (react-aria) and the focused one has a
 * ring. `children` renders a section's panel.
 */
export function LinkTabs<K extends string>({
  label,
  selected,
  tabs,
  className,
  children,
}: {
  /** The tab list's accessible name. */
  label: string;
  selected: K;
  tabs: readonly LinkTab<K>[];
  className?: string;
  children: (key: K) => ReactElement;
}) {
  return (
    <AriaProviders>
      <Tabs selectedKey={selected} className={className}>
        <TabList
          aria-label={label}
          className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
        >
          {tabs.map((tab) => (
            <Tab key={tab.key} id={tab.key} href={tab.href} className="link-tab">
              {tab.label}
            </Tab>
          ))}
        </TabList>
        {tabs.map((tab) => (
          <TabPanel key={tab.key} id={tab.key} className="outline-none">
            {children(tab.key)}
          </TabPanel>
        ))}
      </Tabs>
    </AriaProviders>
  );
}
