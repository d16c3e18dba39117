import { type KeyboardEvent, type ReactElement, type ReactNode, useId } from 'react';
import { Link, useNavigate } from 'react-router';

export type LinkTab<K extends string> = { key: K; label: ReactNode; href: string };

/** The keys that move along a tab list, as WAI-ARIA's tabs pattern has them. */
const MOVES: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * A page's sections as tabs that are links (the cabinet's, the favourites'): each tab is its section's
 * address, so a section opens by a plain link before hydration and without JavaScript, and the page's loader
 * renders the chosen one. WAI-ARIA's tabs: only the chosen tab is in the tab order; the arrows, Home and End
 * move to another tab and open it (its link, so the address and the history follow), the focus staying on
 * it. `children` renders the chosen section's panel. Our own rather than react-aria's Tabs, whose collection
 * and providers were 30 KB of these pages' first load (ADR 044).
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
  const id = useId();
  const navigate = useNavigate();
  const tabId = (key: K) => `${id}-tab-${key}`;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    // From the tab the focus is on, not the chosen one: keys pressed faster than pages load still add up.
    const target = event.target as HTMLElement;
    const index = tabs.findIndex((tab) => tabId(tab.key) === target.id);
    if (!move || index < 0) return;
    const next = tabs[move(index, tabs.length)];
    if (!next) return;
    event.preventDefault();
    document.getElementById(tabId(next.key))?.focus();
    if (next.key !== selected) void navigate(next.href);
  };
  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {tabs.map((tab) => (
          <Link
            key={tab.key}
            id={tabId(tab.key)}
            to={tab.href}
            role="tab"
            aria-selected={tab.key === selected}
            aria-controls={tab.key === selected ? `${id}-panel` : undefined}
            tabIndex={tab.key === selected ? 0 : -1}
            className="link-tab"
          >
            {tab.label}
          </Link>
        ))}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA's tabs pattern: a panel may hold no control, so it is the tab stop after the tab list. */}
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(selected)} tabIndex={0}>
        {children(selected)}
      </div>
    </div>
  );
}
