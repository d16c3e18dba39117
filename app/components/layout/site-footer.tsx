import type { LinkGroup, Socials } from '@core/contracts/content';
import { toMoscow } from '@core/rules/date';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { CabinetLink } from '~/features/auth/cabinet-link';
import { FeedbackButton } from '~/features/feedback/feedback-button';
import { hasSupportChatLink, SUPPORT_CHAT_HREF, sellerLinks } from '~/lib/site-links';
import { Logo } from './logo';
import { SiteLink } from './site-link';

/**
 * The copyright's year: this year on the shop's (Moscow) calendar. SPEC §9 quotes the original's fixed 2024,
 * which went stale on the first of January (issue 21).
 */
export function copyrightYear(now: Date = new Date()): number {
  return toMoscow(now).year;
}

/** The settings group that gets 'Стать продавцом' on top. */
export const SELLERS_GROUP_KEY = 'sellers';

/** A component class (app.css); the list sets the size. */
const LINK = 'site-link';

export type SiteFooterProps = {
  /** settings.footer: groups with a name and pages. */
  groups: readonly LinkGroup[];
  socials: Socials;
  sellerSiteUrl: string;
  /** The copyright's year (copyrightYear, computed by the root loader). */
  year: number;
};

/**
 * The storefront footer (SPEC §2): settings groups, socials, copyright and the privacy link. A cabinet link
 * leads to its own tab (a guest gets the login popup); a link to the support chat is always there.
 */
export function SiteFooter({ groups, socials, sellerSiteUrl, year }: SiteFooterProps) {
  const sellers = sellerLinks(sellerSiteUrl);
  return (
    <footer className="below-fold mt-16 border-t border-line bg-white">
      <div className="mx-auto grid max-w-[1360px] gap-10 px-4 py-12 sm:px-6 md:grid-cols-[minmax(0,1.2fr)_minmax(0,3fr)]">
        <div className="flex flex-col gap-4">
          <Logo />
          <p className="max-w-xs text-[15px] leading-relaxed text-muted">
            Свежие продукты от фермеров и магазинов вашего города с доставкой до двери или самовывозом.
          </p>
          <SocialLinks socials={socials} />
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {groups.map((group, index) => (
            // .foot-nav (app.css) styles its heading and list: four groups on every page.
            <nav key={group.key ?? `${group.name}-${index}`} aria-label={group.name} className="foot-nav">
              <h2>{group.name}</h2>
              <ul>
                {group.key === SELLERS_GROUP_KEY ? (
                  <li>
                    <a href={sellers.register} target="_blank" rel="noopener noreferrer" className={LINK}>
                      Стать продавцом
                    </a>
                  </li>
                ) : null}
                {group.pages.map((page) => (
                  <li key={`${page.slug}-${page.label}`}>
                    <SiteLink page={page} className={LINK} />
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-[1360px] flex-col gap-2 px-4 py-5 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {year} Фреш</p>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {hasSupportChatLink(groups) ? null : (
              <CabinetLink to={SUPPORT_CHAT_HREF} className="rounded-md hover:text-brand-700">
                Чат с поддержкой
              </CabinetLink>
            )}
            <FeedbackButton className="rounded-md hover:text-brand-700" />
            <Link to="/privacy-policy" className="rounded-md hover:text-brand-700">
              Политика конфиденциальности
            </Link>
          </div>
        </div>
      </div>
    </footer>
  );
}

export function SocialLinks({ socials }: { socials: Socials }) {
  if (!socials.tg && !socials.vk) return null;
  // A component class (app.css).
  const icon = 'social-link';
  return (
    <ul className="flex items-center gap-2">
      {socials.tg ? (
        <li>
          <a
            href={socials.tg}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Мы в Telegram"
            className={icon}
          >
            <Icon name="telegram" className="brand-mark" />
          </a>
        </li>
      ) : null}
      {socials.vk ? (
        <li>
          <a
            href={socials.vk}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Мы во ВКонтакте"
            className={icon}
          >
            <Icon name="vk" className="brand-mark" />
          </a>
        </li>
      ) : null}
    </ul>
  );
}
