import type { PageLink } from '@core/contracts/content';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { CabinetLink } from '~/features/auth/cabinet-link';
import { classifySlug, internalHref } from '~/lib/site-links';

export type SiteLinkProps = {
  page: PageLink;
  className?: string;
  /** Called on every click (e.g. to close the mobile menu). */
  onActivate?: () => void;
  /** Where a cabinet (/lk) link leads a signed-in customer; defaults to the slug itself. */
  cabinetTo?: string;
  /** Show a small arrow after external links. */
  markExternal?: boolean;
  children?: ReactNode;
};

/**
 * One settings link (SPEC §2): a slug with 'http' opens the other site in a new tab, a slug with '/lk'
 * needs login (guests get the login popup), anything else is a link inside the storefront.
 */
export function SiteLink({
  page,
  className,
  onActivate,
  cabinetTo,
  markExternal = false,
  children,
}: SiteLinkProps) {
  const label = children ?? page.label;
  switch (classifySlug(page.slug)) {
    case 'external':
      return (
        <a
          href={page.slug}
          target="_blank"
          rel="noopener noreferrer"
          className={className}
          onClick={onActivate}
        >
          {label}
          {markExternal ? <Icon name="external-link" className="ml-1 inline size-3.5 align-[-2px]" /> : null}
        </a>
      );
    case 'cabinet':
      return (
        <CabinetLink to={cabinetTo ?? internalHref(page.slug)} className={className} onActivate={onActivate}>
          {label}
        </CabinetLink>
      );
    case 'internal':
      return (
        <Link to={internalHref(page.slug)} prefetch="intent" className={className} onClick={onActivate}>
          {label}
        </Link>
      );
  }
}
