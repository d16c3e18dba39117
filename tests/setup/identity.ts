/** Signs a test customer in through the real API: code request, the code from the SMS outbox, login. */
import { LoginResponseSchema, type User } from '@core/contracts/identity';
import type { TestApp } from './app';
import { lastCodeFor } from './sms-outbox';

export type SignedInCustomer = {
  user: User;
  token: string;
  /** The Cookie header value of the session cookie. */
  cookie: string;
  /** Headers of a cookie-authenticated state-changing call from the storefront. */
  headers: { cookie: string; 'x-requested-with': string };
};

/**
 * Fresh phone numbers for one test file: `prefix` (four digits, e.g. '8915') keeps files apart, the process id
 * keeps parallel runs apart, and a counter keeps each sign-in its own account.
 */
export function phoneSequence(prefix: string): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    return `${prefix}${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(4, '0')}`;
  };
}

let nextAddress = 1;

/** A fresh client address per sign-in, so many sign-ins in one suite never meet the per-IP send limit. */
export function testClientAddress(): string {
  nextAddress += 1;
  return `198.18.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`;
}

export async function signIn(
  t: TestApp,
  phone: string,
  name = 'Анна',
  remoteAddress = testClientAddress(),
): Promise<SignedInCustomer> {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/user/code',
    payload: { name, phone },
    remoteAddress,
  });
  if (sent.statusCode !== 200) throw new Error(`code request failed: ${sent.statusCode} ${sent.body}`);
  const normalised = `+7${phone.replace(/\D/g, '').slice(1)}`;
  const code = await lastCodeFor(t.smsOutbox, normalised);
  if (!code) throw new Error(`no SMS for ${normalised} in ${t.smsOutbox}`);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { phone, code },
    remoteAddress,
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const { token, user } = LoginResponseSchema.parse(response.json());
  const cookie = `fresh_session=${token}`;
  return { user, token, cookie, headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } };
}
