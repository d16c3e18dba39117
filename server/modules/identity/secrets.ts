import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '@core/rules/code';

/** Session tokens carry 256 random bits (issue 4 asks for at least 128). */
const TOKEN_BYTES = 32;

/** A fresh SMS code from the CSPRNG: four digits, leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
}

/** What is stored instead of the code: HMAC-SHA256 under the server's secret, bound to the phone. */
export function hmacCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');
}

export function isSameHmac(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function generateSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Tokens are random, so a plain SHA-256 is enough to make a leaked table useless. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}
