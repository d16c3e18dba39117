import { ErrorBodySchema } from '@core/contracts/common';
import { PageListSchema, PageSeoSchema, SiteSettingsSchema } from '@core/contracts/content';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { runsOn, TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { pages, siteSettings } from '../../db/schema/index';

describe.each(TEST_DATABASE_KINDS)('content API on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    // No cache: these tests edit rows and expect the next answer to show it.
    t = await createTestApp(kind, { env: { CONTENT_CACHE_TTL_S: '0' } });
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/settings', () => {
    it('answers the header and footer groups, socials and cities with their zones', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/settings' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const settings = SiteSettingsSchema.parse(response.json());
      expect(settings.header[0]?.pages.map((page) => page.label)).toEqual([
        'Каталог',
        'Магазины',
        'Рецепты',
        'Блог',
        'Новости',
        'Доставка',
      ]);
      expect(settings.footer.find((group) => group.key === 'sellers')).toBeDefined();
      expect(settings.socials.tg).toMatch(/^https:\/\/t\.me\//);
      expect(settings.socials.vk).toMatch(/^https:\/\/vk\.com\//);
      const yaroslavl = settings.cities.find((city) => city.default);
      expect(yaroslavl).toMatchObject({ name: 'Ярославль', center: { latitude: 57.63, longitude: 39.89 } });
      expect(yaroslavl?.delivery_areas.length).toBeGreaterThanOrEqual(4);
      for (const zone of yaroslavl?.delivery_areas ?? []) {
        expect(zone.color).toMatch(/^#[0-9a-f]{6}$/i);
        expect(zone.zone[0]?.length).toBeGreaterThanOrEqual(4);
      }
    });

    it('follows edits of the settings rows', async () => {
      const socials = { tg: 'https://t.me/fresh_test_channel' };
      await t.db.db.update(siteSettings).set({ value: socials }).where(eq(siteSettings.key, 'socials'));
      const response = await t.app.inject({ method: 'GET', url: '/api/settings' });
      expect(SiteSettingsSchema.parse(response.json()).socials).toEqual(socials);
    });

    it('degrades a malformed settings value to an empty group instead of failing', async () => {
      await t.db.db
        .update(siteSettings)
        .set({ value: { not: 'a list' } })
        .where(eq(siteSettings.key, 'header'));
      const response = await t.app.inject({ method: 'GET', url: '/api/settings' });
      expect(response.statusCode).toBe(200);
      const settings = SiteSettingsSchema.parse(response.json());
      expect(settings.header).toEqual([]);
      expect(settings.footer.length).toBeGreaterThan(0);
    });
  });

  describe('GET /api/pages', () => {
    it('lists the paths that have content pages, and only those', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/pages' });
      expect(response.statusCode).toBe(200);
      const paths = PageListSchema.parse(response.json());
      expect(paths).toEqual(expect.arrayContaining(['/about', '/delivery', '/privacy-policy', '/oferta']));
      expect(paths).not.toContain('/home');
      expect(paths).not.toContain('/catalog');
    });

    it('includes a page as soon as it gets content', async () => {
      await t.db.db.insert(pages).values({
        path: '/garantii',
        title: 'Гарантии',
        body: 'Первый абзац.\n\nВторой абзац.',
        hasContent: true,
      });
      const paths = PageListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/pages' })).json());
      expect(paths).toContain('/garantii');
    });
  });

  describe('GET /api/pages{path}', () => {
    it('answers the SEO fields of the home page at /home', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/pages/home' });
      expect(response.statusCode).toBe(200);
      const page = PageSeoSchema.parse(response.json());
      expect(page.path).toBe('/home');
      expect(page.seo_title).not.toBe('');
      expect(page.seo_desc).not.toBe('');
      expect(page.content).toBeUndefined();
    });

    it('answers a content page with its body', async () => {
      const page = PageSeoSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/pages/about' })).json(),
      );
      expect(page.title).not.toBe('');
      expect(page.content?.split('\n\n').length).toBeGreaterThanOrEqual(2);
    });

    it('ignores a trailing slash', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/pages/about/' });
      expect(response.statusCode).toBe(200);
      expect(PageSeoSchema.parse(response.json()).path).toBe('/about');
    });

    it.each([
      ['an unknown page', '/api/pages/net-takoy-stranitsy'],
      ['an invalid path', '/api/pages/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82'],
      ['a path with dots', '/api/pages/..%2F..%2Fetc'],
    ])('answers 404 with a Russian message for %s', async (_name, url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      const body = ErrorBodySchema.parse(response.json());
      expect(body.message).toMatch(/[а-яё]/i);
    });
  });
});

describe.runIf(runsOn('pglite'))('content API with the cache on', () => {
  it('serves settings from memory until the cache is invalidated', async () => {
    const t = await createTestApp('pglite', { env: { CONTENT_CACHE_TTL_S: '60' } });
    try {
      const read = async () =>
        SiteSettingsSchema.parse((await t.app.inject({ method: 'GET', url: '/api/settings' })).json());
      const before = await read();
      await t.db.db
        .update(siteSettings)
        .set({ value: { vk: 'https://vk.com/fresh_other' } })
        .where(eq(siteSettings.key, 'socials'));
      expect((await read()).socials).toEqual(before.socials);
      t.app.services.content.invalidate();
      expect((await read()).socials).toEqual({ vk: 'https://vk.com/fresh_other' });
    } finally {
      await t.close();
    }
  });
});
