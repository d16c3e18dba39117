/**
 * The login by SMS code through the /login route's action (ADR 028): the popups post here with a fetcher, the
 * /login page with plain forms. The same contracts and identity service as POST /api/user/code and
 * POST /api/user/login, and the same session cookie; the guest basket the code form carries is merged in
 * the same request (SPEC §4 Login 3), so the loaders the router then revalidates already show it.
 */
import { type BasketData, BasketDataSchema } from '@core/contracts/basket';
import { LoginFormSchema } from '@core/contracts/identity';
import { findLine, productIdOf } from '@core/rules/basket';
import type { LoadContext } from '@server/services';
import { data, redirect } from 'react-router';
import { parseForm } from '~/lib/actions.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import type { CodeSent, GuestBasketOutcome, SignedIn } from './login';

/** What a refused login post never sends back to the page: the code. */
export const LOGIN_HIDDEN_FIELDS = ['code', 'basket'] as const;

/**
 * 'Получить код' (intent code) or 'Войти' (intent login), read with LoginFormSchema. A right code answers the
 * signed-in user with the session cookie; with `redirectTo` (the /login page) it redirects there instead
 * (post, redirect, get).
 */
export async function runLoginIntent(context: LoadContext, form: FormData) {
  const input = parseForm(form, LoginFormSchema);
  const { identity } = context.services;
  if (input.intent === 'code') {
    const recipient = { name: input.name, phone: input.phone };
    await identity.requestCode(recipient, { ip: context.clientIp });
    return { ok: true, intent: input.intent, recipient } satisfies CodeSent;
  }

  // The address chosen as a guest (ADR 021); the contract drops a malformed one rather than fail the login.
  const { intent, basket, redirectTo, ...login } = input;
  const session = await identity.login(login, { ip: context.clientIp });
  const guestBasket = await mergeGuestBasket(context, session.user._id, basket ?? '');
  const headers = { 'Set-Cookie': context.session.cookieFor(session.token, session.expiresAt) };
  if (redirectTo !== undefined) return redirect(safeRedirectPath(redirectTo), { headers });
  return data({ ok: true, intent, user: session.user, guestBasket } satisfies SignedIn, { headers });
}

/** The guest basket as the code form carried it; undefined when there is none or it is not a basket. */
function readGuestBasket(context: LoadContext, text: string): BasketData | undefined {
  if (text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const parsed = BasketDataSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  context.log.warn(
    { issues: parsed.error?.issues.length ?? 0 },
    'a guest basket sent at login was not a basket',
  );
  return undefined;
}

/**
 * SPEC §4 Login 3, DESIGN.md §3: the guest basket merged into the account's (nothing lost, the larger
 * quantity, capped at stock). A failure is logged and never fails the login: the customer is signed in,
 * and the device keeps its copy (the popup clears it only after a merge).
 */
async function mergeGuestBasket(
  context: LoadContext,
  userId: string,
  text: string,
): Promise<GuestBasketOutcome> {
  const guest = readGuestBasket(context, text);
  if (!guest || Object.keys(guest).length === 0) return 'none';
  try {
    const merged = await context.services.basket.mergeBasket(userId, guest);
    const isShort = Object.entries(guest).some(([pointId, group]) =>
      group.some((line) => !findLine(merged, pointId, productIdOf(line))),
    );
    return isShort ? 'short' : 'merged';
  } catch (error) {
    context.log.error({ err: error }, 'the guest basket could not be merged at login');
    return 'failed';
  }
}
