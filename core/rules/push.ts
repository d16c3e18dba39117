/** Web push helpers shared by the browser and tests (ADR 033). */

/**
 * A VAPID public key (URL-safe base64, no padding, as the server gives it) as the bytes
 * `pushManager.subscribe({ applicationServerKey })` takes; null for anything that is not such a key.
 */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The same bytes, back as URL-safe base64 without padding (to compare a subscription's key with ours). */
export function bytesToBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Push subscriptions one customer keeps (their browsers and devices); a new one replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 5;

/** Host names that never name a public push service: this machine, or a network of its own. */
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|home\.arpa|localdomain)$/;

/**
 * Whether a push subscription's endpoint may be sent to (ADR 037): `https:` on the default port 443 to a host
 * name with a dot that is not an IP literal, not localhost or a private network's name, and carries no user
 * name or password. Browsers' push services (FCM, Mozilla, Apple, Microsoft) all look like that. The URL
 * parser writes every IPv4 spelling (decimal, hex, short forms) as dotted quads and IPv6 in brackets, so both
 * are recognised after parsing. Where the name resolves to is checked again when sending (the sender's
 * lookup refuses private addresses). `allowedOrigins` lists origins accepted anyway (a test's fake push service).
 */
export function isPushEndpointAllowed(endpoint: string, allowedOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (allowedOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || /^[\d.]+$/.test(host)) return false;
  if (!host.includes('.') || PRIVATE_NAME.test(host)) return false;
  return true;
}
