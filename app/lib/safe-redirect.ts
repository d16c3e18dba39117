/**
 * Where a form may send the customer after it is done (the login page's `redirectTo`): a path on this site
 * only. Anything else (another site, a protocol-relative `//host`, a backslash browsers read as a slash,
 * control characters) falls back to `fallback`.
 */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value === '' || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  return value;
}
