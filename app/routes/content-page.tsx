import { data } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { ContentPageView } from '~/features/content/content-page-view';
import { listPageMeta, NOT_FOUND_META } from '~/features/content/meta';
import { FeedbackButton } from '~/features/feedback/feedback-button';
import { requireUserOnGuardedPath } from '~/lib/auth.server';
import { ContentSlugSchema } from '~/lib/contracts.server';
import { orNotFound } from '~/lib/loader-errors.server';
import type { Route } from './+types/content-page';

/** SPEC §5: a content page whose validation fails is a 404 'Page Not Found'. */
const INVALID_SLUG_STATUS_TEXT = 'Page Not Found';

/**
 * /about, /delivery, /privacy-policy and /{slug}: a page exists only if GET /api/pages lists its path;
 * any other slug is the 404 page.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  // /orders is no content page: a guest gets SPEC §6's redirect, as on the order pages.
  requireUserOnGuardedPath(context, request);
  const slug = ContentSlugSchema.safeParse(params.slug);
  if (!slug.success) throw data(null, { status: 404, statusText: INVALID_SLUG_STATUS_TEXT });
  const view = await orNotFound(context.services.content.getContentPage(`/${slug.data}`));
  return { ...view, origin: context.publicBaseUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return NOT_FOUND_META;
  const { page, origin } = loaderData;
  const firstParagraph = page.content.split(/\n\s*\n/)[0]?.trim() ?? '';
  return listPageMeta(
    page,
    { title: page.title, description: firstParagraph.slice(0, 200) || page.title },
    { origin, path: page.path },
  );
};

/** The contacts page (the demo's content pages): it offers the feedback popup (issue 24). */
const CONTACTS_PATH = '/kontakty';

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPageView page={loaderData.page} pages={loaderData.pages}>
      {loaderData.page.path === CONTACTS_PATH ? (
        <div className="mt-8 flex flex-wrap items-center gap-4 rounded-2xl bg-brand-50 p-5">
          <p className="flex-1 text-[15px]">
            Есть вопрос или предложение? Напишите нам — ответим в рабочее время.
          </p>
          <FeedbackButton className={buttonStyles({})} />
        </div>
      ) : null}
    </ContentPageView>
  );
}
