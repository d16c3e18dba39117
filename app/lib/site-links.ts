/**
 * How the shell treats a slug from the site settings (SPEC §2): a slug containing 'http' leaves the site, a
 * slug containing '/lk' is a cabinet page that needs login, anything else is a page of this site.
 */
export type SiteLinkKind = 'external' | 'cabinet' | 'internal';

export function classifySlug(slug: string): SiteLinkKind {
  if (slug.includes('http')) return 'external';
  if (slug.includes('/lk')) return 'cabinet';
  return 'internal';
}

/** A slug as a path of this site: 'about' and '/about' both become '/about'. */
export function internalHref(slug: string): string {
  const trimmed = slug.trim();
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The footer's lk links open the support chat (SPEC §2 Footer). */
export const SUPPORT_CHAT_HREF = '/lk?active=chat';

/** The two fixed header links to the external seller site. */
export function sellerLinks(sellerSiteUrl: string): { register: string; business: string } {
  const base = sellerSiteUrl.replace(/\/+$/, '');
  return { register: `${base}/register`, business: `${base}/business` };
}
