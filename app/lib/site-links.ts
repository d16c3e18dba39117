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

/**
 * The support chat's cabinet tab. SPEC §2 Footer describes the original's quirk that every lk link of the
 * footer opened the chat; here each leads to its own tab (issue 21), and the footer keeps a link to the chat
 * (`hasSupportChatLink`).
 */
export const SUPPORT_CHAT_HREF = '/lk?active=chat';

/** Whether some settings link already leads to the support chat (else the footer adds 'Чат с поддержкой'). */
export function hasSupportChatLink(groups: readonly { pages: readonly { slug: string }[] }[]): boolean {
  return groups.some((group) =>
    group.pages.some(
      (page) => classifySlug(page.slug) !== 'external' && internalHref(page.slug) === SUPPORT_CHAT_HREF,
    ),
  );
}

/** The two fixed header links to the external seller site. */
export function sellerLinks(sellerSiteUrl: string): { register: string; business: string } {
  const base = sellerSiteUrl.replace(/\/+$/, '');
  return { register: `${base}/register`, business: `${base}/business` };
}
