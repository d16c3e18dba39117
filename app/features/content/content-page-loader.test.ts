import { AppError } from '@server/errors';
import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loader } from '~/routes/content-page';

type LoaderArgs = Parameters<typeof loader>[0];

const PAGES = new Map([
  ['/about', { path: '/about', title: 'О компании', content: 'Первый.\n\nВторой.' }],
  ['/oferta', { path: '/oferta', title: 'Публичная оферта', content: 'Текст.' }],
]);

const requested: string[] = [];

const context = {
  publicBaseUrl: 'https://fresh.example',
  services: {
    content: {
      getContentPage: async (path: string) => {
        requested.push(path);
        const page = PAGES.get(path);
        if (!page) throw new AppError('not_found', 'Страница не найдена');
        return {
          page: { ...page, seo_title: '', seo_desc: '', seo_keywords: '' },
          pages: [...PAGES.values()].map(({ path: p, title }) => ({ path: p, title })),
        };
      },
    },
  },
} as unknown as LoaderArgs['context'];

const run = (slug: string) =>
  loader({ params: { slug }, context, request: new Request(`https://fresh.example/${slug}`) } as LoaderArgs);

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the loader did not throw');
}

/** React Router turns `throw data(null, init)` into an error response; read its status and status text. */
function statusOf(thrown: unknown): { status: number; statusText: string | undefined } {
  if (isRouteErrorResponse(thrown)) return { status: thrown.status, statusText: thrown.statusText };
  const init = (thrown as { init?: ResponseInit }).init;
  return { status: init?.status ?? 0, statusText: init?.statusText };
}

describe('the generic content page loader', () => {
  it('answers a page that GET /api/pages lists, with the other content pages', async () => {
    const result = await run('about');
    expect(result.page).toMatchObject({ path: '/about', title: 'О компании' });
    expect(result.pages.map((page) => page.path)).toEqual(['/about', '/oferta']);
    expect(result.origin).toBe('https://fresh.example');
  });

  it('answers 404 for a valid slug that is no content page', async () => {
    expect(statusOf(await thrownBy(run('net-takoy-stranitsy')))).toMatchObject({ status: 404 });
  });

  it.each([
    ['upper case', 'About'],
    ['an underscore', 'o_kompanii'],
    ['cyrillic', 'о-компании'],
    ['a dot', 'sitemap.xml'],
    ['a leading dash', '-about'],
    ['over 100 characters', 'a'.repeat(101)],
  ])("answers 404 'Page Not Found' without asking the service for %s", async (_name, slug) => {
    const before = requested.length;
    expect(statusOf(await thrownBy(run(slug)))).toEqual({ status: 404, statusText: 'Page Not Found' });
    expect(requested.length).toBe(before);
  });
});
