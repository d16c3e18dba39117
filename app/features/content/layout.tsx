import type { ReactNode } from 'react';
import { type BreadcrumbItem, Breadcrumbs } from '~/components/ui/breadcrumbs';
import { cx } from '~/lib/cx';

/** The page width and padding every content page shares with the rest of the storefront. */
export function ContentContainer({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cx('mx-auto w-full max-w-[1360px] px-4 pt-4 pb-14 sm:px-6 sm:pt-6 lg:pb-20', className)}>
      {children}
    </div>
  );
}

export type PageHeadingProps = {
  /** The trail after 'Главная', ending with the current page. */
  crumbs: readonly BreadcrumbItem[];
  title: string;
  lead?: ReactNode;
  /** Extra content under the lead (filters, counters). */
  children?: ReactNode;
};

/** Breadcrumbs, the page's only h1 and an optional lead paragraph. */
export function PageHeading({ crumbs, title, lead, children }: PageHeadingProps) {
  return (
    <header className="mb-6 sm:mb-8">
      <Breadcrumbs items={crumbs} />
      <h1 className="mt-4 text-[28px] leading-tight font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 max-w-3xl text-base leading-relaxed text-muted sm:text-lg">{lead}</p> : null}
      {children}
    </header>
  );
}

/** A plain-text body: paragraphs separated by blank lines, single line breaks kept. */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div className={cx('space-y-5 text-[17px] leading-[1.7] text-ink', className)}>
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity besides their order.
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
