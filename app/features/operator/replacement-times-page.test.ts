/**
 * The board's form for a shop's time to answer a replacement (ADR 055) as a browser without JavaScript uses
 * it, through the pages' production build on both databases: the board lists the operator's shops with
 * 'Время на ответ о замене, мин' and 'Сохранить'; a plain post renders the board again saying it is saved
 * and showing the new value, or saying in Russian why not.
 */
import { stores } from '@server/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, type SignedInCustomer } from '../../../tests/setup/identity';
import { signInOperator } from '../../../tests/setup/realtime';
import { loadServerBuild } from '../../../tests/setup/server-build';

const nextPhone = phoneSequence('8920');
const BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

describe.each(TEST_DATABASE_KINDS)("the board's replacement time form without JavaScript on %s", (kind) => {
  let t: TestApp;
  let origin: string;
  let operator: SignedInCustomer;
  let store: { id: string; name: string };

  beforeAll(async () => {
    const build = await loadServerBuild();
    t = await createTestApp(kind, {
      reactRouter: { build, mode: 'production' },
      env: { PAGE_CACHE_TTL_MS: '0' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    origin = `http://127.0.0.1:${address.port}`;
    const [first] = await t.db.db.select({ id: stores.id, name: stores.name }).from(stores).limit(1);
    if (!first) throw new Error('no shop');
    store = first;
    operator = await signInOperator(t, nextPhone(), [store.id]);
  });

  afterAll(async () => {
    await t?.close();
  });

  const post = (minutes: string) =>
    fetch(`${origin}/operator/board`, {
      method: 'POST',
      headers: {
        ...BROWSER,
        cookie: operator.cookie,
        origin,
        referer: `${origin}/operator/board`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ intent: 'replacement-minutes', store: store.id, minutes }),
    });

  it('shows the form per shop, saves a time by a plain post and says so; refuses one out of bounds in Russian', async () => {
    const board = await fetch(`${origin}/operator/board`, {
      headers: { ...BROWSER, cookie: operator.cookie },
    });
    expect(board.status).toBe(200);
    const html = await board.text();
    expect(html).toContain('Время на ответ о замене, мин');
    expect(html).toContain('>Сохранить</button>');
    expect(html).toContain(`<legend class="mb-1 text-base font-semibold">${store.name}</legend>`);
    expect(html).toMatch(
      /<form[^>]* action="\/operator\/board" method="post"><input type="hidden" name="intent" value="replacement-minutes"\/>/,
    );

    const saved = await post('17');
    expect(saved.status).toBe(200);
    const savedHtml = await saved.text();
    expect(savedHtml).toContain('Сохранено: 17 мин');
    expect(savedHtml).toMatch(/name="minutes"[^>]*value="17"/);
    const [row] = await t.db.db
      .select({ minutes: stores.replacementMinutes })
      .from(stores)
      .where(eq(stores.id, store.id));
    expect(row?.minutes).toBe(17);

    const refused = await post('90');
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain('Укажите время от 1 до 60 минут');
    expect(refusedHtml).not.toContain('Сохранено:');
  });
});
