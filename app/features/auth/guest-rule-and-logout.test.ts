import { SESSION_COOKIE } from '@server/http/auth';
import { createFakeClock } from '@server/lib/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import { loader as cabinetLoader } from '~/routes/cabinet';
import { loader as contentPageLoader } from '~/routes/content-page';
import { action as logoutAction, loader as logoutLoader } from '~/routes/logout';
import { loader as notFoundLoader } from '~/routes/not-found';
import { loader as checkoutLoader } from '~/routes/order';
import { loader as orderLoader } from '~/routes/order-detail';
import {
  actionArgs,
  formPost,
  outcomeOf,
  pageContext,
  setCookieOf,
  TEST_ORIGIN,
} from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { type SignedInCustomer, signIn } from '../../../tests/setup/identity';

type Context = ReturnType<typeof pageContext>;

/** SPEC §9: a new code to the same phone after 15 seconds. */
const RESEND_INTERVAL_MS = 15_000;

/** A loader's arguments for a GET of `path`, as React Router gives them. */
function loaderArgs<Params>(path: string, context: Context, params: Params) {
  const request = new Request(`${TEST_ORIGIN}${path}`);
  return { request, url: new URL(request.url), pattern: '', params, context };
}

/** What a loader threw (a redirect or a status), or what it answered. */
async function outcomeOfLoader(run: () => unknown): Promise<ReturnType<typeof outcomeOf> | 'answered'> {
  try {
    await run();
    return 'answered';
  } catch (thrown) {
    if (thrown instanceof Response) return outcomeOf(thrown);
    if (typeof thrown === 'object' && thrown !== null && 'init' in thrown) {
      return { kind: 'data', status: (thrown as { init: ResponseInit }).init.status ?? 200, data: null };
    }
    throw thrown;
  }
}

/**
 * One guest rule (docs/decisions/031): every loader that needs a signed-in customer asks `requireUser`
 * itself (loaders run in parallel, the root cannot guard them), and 'Выйти' is the /logout route's action.
 */
describe.each(TEST_DATABASE_KINDS)('the guest rule and logout on %s', (kind) => {
  let t: TestApp;
  let phoneCounter = 0;
  // A fake clock: a second code to the same phone waits out the 15-second resend limit in no real time.
  const clock = createFakeClock();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });

  afterAll(async () => {
    await t?.close();
  });

  function customer(): Promise<SignedInCustomer> {
    phoneCounter += 1;
    return signIn(t, `+7 (903) 500-00-${String(phoneCounter).padStart(2, '0')}`);
  }

  describe('requireUser', () => {
    it('answers the signed-in customer, whatever the guest would be told', async () => {
      const { user } = await customer();
      const context = pageContext(t, user);
      expect(requireUser(context)).toEqual(user);
      expect(requireUser(context, { redirectTo: '/basket', flash: 'auth-required' })).toEqual(user);
    });

    it('sends a guest of a page away, replacing the history entry, with the flash when there is one', () => {
      const guest = pageContext(t, null);
      const redirectOf = (run: () => unknown) => {
        try {
          run();
        } catch (thrown) {
          if (thrown instanceof Response) return thrown;
        }
        throw new Error('no redirect was thrown');
      };
      const toBasket = redirectOf(() =>
        requireUser(guest, { redirectTo: '/basket', flash: 'auth-required' }),
      );
      expect(toBasket.status).toBe(302);
      expect(toBasket.headers.get('location')).toBe('/basket');
      expect(toBasket.headers.get('x-remix-replace')).toBe('true');
      expect(toBasket.headers.get('set-cookie')).toBe(
        'fresh_flash=auth-required; Path=/; Max-Age=60; SameSite=Lax',
      );
      const home = redirectOf(() => requireUser(guest, { redirectTo: '/' }));
      expect(home.headers.get('location')).toBe('/');
      expect(home.headers.get('set-cookie')).toBeNull();
    });

    it('refuses a guest of an action with 401 and the API’s message, before anything is read', async () => {
      let isRead = false;
      const answer = await runAction(async () => {
        requireUser(pageContext(t, null));
        isRead = true;
        return { ok: true };
      });
      expect(outcomeOf(answer)).toEqual({
        kind: 'data',
        status: 401,
        data: { ok: false, message: 'Необходимо авторизоваться', fields: {} },
      });
      expect(isRead).toBe(false);
    });
  });

  describe('page loaders', () => {
    const basketWithWarning = {
      kind: 'redirect',
      status: 302,
      location: '/basket',
      cookie: 'fresh_flash=auth-required; Path=/; Max-Age=60; SameSite=Lax',
    };

    it('send a guest from the order pages to the basket with the warning, before the number is read', async () => {
      const guest = pageContext(t, null);
      expect(await outcomeOfLoader(() => checkoutLoader(loaderArgs('/order', guest, {})))).toEqual(
        basketWithWarning,
      );
      for (const slug of ['1024', 'not-a-number']) {
        expect(
          await outcomeOfLoader(() => orderLoader(loaderArgs(`/order/${slug}`, guest, { slug }))),
          slug,
        ).toEqual(basketWithWarning);
      }
    });

    it('send a guest from the cabinet home, with no warning', async () => {
      expect(
        await outcomeOfLoader(() => cabinetLoader(loaderArgs('/lk?active=orders', pageContext(t, null), {}))),
      ).toEqual({ kind: 'redirect', status: 302, location: '/', cookie: null });
    });

    it('let a signed-in customer in: the cabinet’s orders, and a missing order is a 404, not a redirect', async () => {
      const { user } = await customer();
      const context = pageContext(t, user);
      expect(await cabinetLoader(loaderArgs('/lk?active=orders', context, {}))).toMatchObject({
        addresses: [],
        orders: [],
      });
      expect(
        await outcomeOfLoader(() =>
          orderLoader(loaderArgs('/order/999999999', context, { slug: '999999999' })),
        ),
      ).toMatchObject({ kind: 'data', status: 404 });
      // An empty basket has nothing to check out: back to the basket, without the guest's warning.
      expect(await outcomeOfLoader(() => checkoutLoader(loaderArgs('/order', context, {})))).toEqual({
        kind: 'redirect',
        status: 302,
        location: '/basket',
        cookie: null,
      });
    });

    it('apply the rule by path where there is no page: a guest is sent on, a customer gets the 404', async () => {
      const { user } = await customer();
      const guest = pageContext(t, null);
      const signedIn = pageContext(t, user);
      expect(
        await outcomeOfLoader(() => contentPageLoader(loaderArgs('/orders', guest, { slug: 'orders' }))),
      ).toEqual(basketWithWarning);
      expect(
        await outcomeOfLoader(() => contentPageLoader(loaderArgs('/orders', signedIn, { slug: 'orders' }))),
      ).toMatchObject({ kind: 'data', status: 404 });
      expect(
        await outcomeOfLoader(() =>
          notFoundLoader(loaderArgs('/lk/settings', guest, { '*': 'lk/settings' })),
        ),
      ).toEqual({ kind: 'redirect', status: 302, location: '/', cookie: null });
      expect(
        await outcomeOfLoader(() =>
          notFoundLoader(loaderArgs('/lk/settings', signedIn, { '*': 'lk/settings' })),
        ),
      ).toMatchObject({ kind: 'data', status: 404 });
      // Pages whose slugs merely contain the letters are no one's business.
      expect(
        await outcomeOfLoader(() => notFoundLoader(loaderArgs('/polki/x', guest, { '*': 'polki/x' }))),
      ).toMatchObject({ kind: 'data', status: 404 });
    });
  });

  describe('logout', () => {
    const post = (context: Context, fields: Record<string, string>) =>
      logoutAction(actionArgs(formPost('/logout', fields), context, { params: {}, pattern: '/logout' }));

    it('ends the session everywhere, clears the cookie and goes back to the page, replacing it', async () => {
      const signedIn = await customer();
      expect((await t.app.inject({ url: '/api/user/me', headers: signedIn.headers })).statusCode).toBe(200);
      const result = await post(pageContext(t, signedIn.user, { token: signedIn.token }), {
        redirectTo: '/lk?active=orders',
      });
      expect(outcomeOf(result)).toMatchObject({
        kind: 'redirect',
        status: 302,
        location: '/lk?active=orders',
      });
      expect((result as Response).headers.get('x-remix-replace')).toBe('true');
      expect(setCookieOf(result)).toMatch(
        new RegExp(
          `^${SESSION_COOKIE}=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$`,
        ),
      );
      expect(await t.app.services.identity.authenticate(signedIn.token)).toBeNull();
      expect((await t.app.inject({ url: '/api/user/me', headers: signedIn.headers })).statusCode).toBe(401);
    });

    it('ends only its own session: the customer’s other devices stay signed in', async () => {
      const phone = '+7 (903) 500-01-01';
      const here = await signIn(t, phone);
      clock.advance(RESEND_INTERVAL_MS);
      const there = await signIn(t, phone);
      await post(pageContext(t, here.user, { token: here.token }), { redirectTo: '/' });
      expect(await t.app.services.identity.authenticate(here.token)).toBeNull();
      expect((await t.app.services.identity.authenticate(there.token))?.user._id).toBe(here.user._id);
    });

    it('goes home for a missing or foreign redirect, and clears the cookie of a session already gone', async () => {
      for (const redirectTo of ['', '//evil.example/x', 'https://evil.example']) {
        const result = await post(pageContext(t, null), { redirectTo });
        expect(outcomeOf(result), redirectTo).toMatchObject({ kind: 'redirect', location: '/' });
        expect(setCookieOf(result)).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
      }
    });

    it('never signs out on a GET: a link or a typed address goes home', async () => {
      const signedIn = await customer();
      const context = pageContext(t, signedIn.user, { token: signedIn.token });
      expect(await outcomeOfLoader(() => logoutLoader())).toMatchObject({ kind: 'redirect', location: '/' });
      expect(context.session.token).toBe(signedIn.token);
      expect((await t.app.services.identity.authenticate(signedIn.token))?.user._id).toBe(signedIn.user._id);
    });
  });
});
