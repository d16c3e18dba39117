/**
 * The login by SMS code through the /login route's action (ADR 028): the popups post here with a fetcher, the
 * /login page with plain forms. The same contracts and identity service as POST /api/user/code and
 * POST /api/user/login, and the same session cookie; the guest basket the code form carries is merged in
 * the same request (SPEC §4 Login 3), so the loaders the router then revalidates already show it.
 */
import { type BasketData, BasketDataSchema } from '@core/contracts/basket';
import { CodeRequestSchema, LoginRequestSchema } from '@core/contracts/identity';
import { z } from '@core/contracts/z';
import { findLine, productIdOf } from '@core/rules/basket';
import type { LoadContext } from '@server/services';
import { data, redirect } from 'react-router';
import { ADDRESS_FIELD, saveAddressInput } from '~/features/delivery/address-form';
import { formText, parseWith } from '~/lib/actions.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import {
  type CodeSent,
  type GuestBasketOutcome,
  LOGIN_FIELD,
  LOGIN_INTENTS,
  type SignedIn,
} from './login-form';

const IntentSchema = z.enum(LOGIN_INTENTS, { error: 'Неизвестное действие входа' });

/** Which step a failed post belongs to, so the /login page rendered anew shows that step again. */
export function loginFailureValues(form: FormData): Record<string, string> {
  return {
    step: formText(form, LOGIN_FIELD.intent) === 'login' ? 'code' : 'phone',
    name: formText(form, LOGIN_FIELD.name),
    phone: formText(form, LOGIN_FIELD.phone),
  };
}

/**
 * 'Получить код' (intent code) or 'Войти' (intent login). A right code answers the signed-in user with the
 * session cookie; with `redirectTo` (the /login page) it redirects there instead (post, redirect, get).
 */
export async function runLoginIntent(context: LoadContext, form: FormData) {
  const intent = parseWith(IntentSchema, formText(form, LOGIN_FIELD.intent));
  const { identity } = context.services;
  if (intent === 'code') {
    const recipient = parseWith(CodeRequestSchema, {
      name: formText(form, LOGIN_FIELD.name),
      phone: formText(form, LOGIN_FIELD.phone),
    });
    await identity.requestCode(recipient, { ip: context.clientIp });
    return { ok: true, intent, recipient } satisfies CodeSent;
  }

  const input = parseWith(LoginRequestSchema, {
    phone: formText(form, LOGIN_FIELD.phone),
    code: formText(form, LOGIN_FIELD.code),
    // The address chosen as a guest (ADR 021); the contract drops a malformed one rather than fail the login.
    address: form.has(ADDRESS_FIELD.address) ? saveAddressInput(form) : undefined,
  });
  const session = await identity.login(input, { ip: context.clientIp });
  const guestBasket = await mergeGuestBasket(context, session.user._id, formText(form, LOGIN_FIELD.basket));
  const headers = { 'Set-Cookie': context.session.cookieFor(session.token, session.expiresAt) };
  const redirectTo = form.get(LOGIN_FIELD.redirectTo);
  if (typeof redirectTo === 'string') return redirect(safeRedirectPath(redirectTo), { headers });
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
