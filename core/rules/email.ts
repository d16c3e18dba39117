/** SPEC §5: profile settings need a real-looking email address for notifications. */
export const EMAIL_MAX_LENGTH = 254;

export function normaliseEmail(raw: string): string {
  return raw.trim();
}

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{2,59})$/iu;

/** A practical check: local@domain.tld, dots not doubled, labels of letters, digits and inner hyphens. */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at === -1 || at > 64) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  if (!LOCAL_PART.test(local) || labels.length < 2) return false;
  const topLevel = labels[labels.length - 1] ?? '';
  return labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LEVEL.test(topLevel);
}
