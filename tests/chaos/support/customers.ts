/** Customers of a chaos check, signed in through the real API of a server process (SMS code from its outbox). */
import { randomInt } from 'node:crypto';
import { lastCodeFor } from '../../setup/sms-outbox';
import type { ServerProcess } from './server-process';

export type ChaosCustomer = {
  phone: string;
  /** Its own client address (the server believes X-Forwarded-For from loopback: TRUST_PROXY=loopback). */
  address: string;
  /** Headers of a state-changing call from the storefront. */
  headers: Record<string, string>;
};

let nextAddress = 0;

/** A client address of the benchmarking range (198.18.0.0/15), a new one per call. */
export function chaosClientAddress(): string {
  nextAddress += 1;
  return `198.19.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`;
}

/** A random mobile number, national form (8 9XX XXX XX XX) and normalised (+79XXXXXXXXX). */
export function randomPhone(): { national: string; normalised: string } {
  const digits = `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  return { national: `8${digits}`, normalised: `+7${digits}` };
}

/** Signs a customer in; `phone` (from randomPhone) names a known one, e.g. one of the server's OPERATOR_PHONES. */
export async function signInCustomer(
  server: ServerProcess,
  name = 'Покупатель',
  phone = randomPhone(),
): Promise<ChaosCustomer> {
  const address = chaosClientAddress();
  const json = { 'content-type': 'application/json', 'x-forwarded-for': address };
  const sent = await fetch(`${server.origin}/api/user/code`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name, phone: phone.national }),
  });
  if (!sent.ok) throw new Error(`code request failed: ${sent.status} ${await sent.text()}`);
  let code: string | undefined;
  for (let attempt = 0; attempt < 100 && !code; attempt += 1) {
    code = await lastCodeFor(server.smsOutbox, phone.normalised);
    if (!code) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (!code) throw new Error(`no SMS to ${phone.normalised}`);
  const login = await fetch(`${server.origin}/api/user/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ phone: phone.national, code }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return {
    phone: phone.normalised,
    address,
    headers: {
      'content-type': 'application/json',
      cookie: `fresh_session=${token}`,
      'x-requested-with': 'XMLHttpRequest',
      'x-forwarded-for': address,
    },
  };
}
