/**
 * Russian phone numbers (SPEC §5): typed into the mask +7 (xxx) xxx-xx-xx, sent to the API as digits with the
 * leading 7 changed to 8, kept by the server as +7XXXXXXXXXX. Only +7 numbers exist for this shop.
 */

/** '+7 (912) 345-67-89': a complete masked number has exactly this many characters. */
export const PHONE_MASK_LENGTH = 18;

const MASK_PREFIX = '+7 (';

function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** +7 (xxx) xxx-xx-xx from the first ten national digits; separators appear only once a digit follows them. */
function maskNational(national: string): string {
  let masked = MASK_PREFIX + national.slice(0, 3);
  if (national.length > 3) masked += `) ${national.slice(3, 6)}`;
  if (national.length > 6) masked += `-${national.slice(6, 8)}`;
  if (national.length > 8) masked += `-${national.slice(8, 10)}`;
  return masked;
}

/**
 * The mask applied to whatever is in the field after a keystroke or a paste. A leading 7 or 8 of a number
 * typed without '+' is the country code (or the trunk prefix 8), as people write it; a value that starts with
 * '+' already carries the +7 of the mask. Deleting back into the prefix empties the field.
 */
export function formatPhoneInput(raw: string): string {
  const digits = digitsOf(raw);
  if (digits === '') return '';
  const hasPlus = raw.trimStart().startsWith('+');
  let national: string;
  if (hasPlus) national = digits.startsWith('7') ? digits.slice(1) : digits;
  else national = /^[78]/.test(digits) ? digits.slice(1) : digits;
  if (national === '') return hasPlus ? '' : MASK_PREFIX;
  return maskNational(national);
}

/** SPEC §5: the masked value is a whole number only at 18 characters. */
export function isPhoneInputComplete(masked: string): boolean {
  return masked.length >= PHONE_MASK_LENGTH && normalisePhone(masked) !== null;
}

/**
 * What the form sends (SPEC §5): digits only, a leading 7 changed to 8. '+7 (912) 345-67-89' → '89123456789'.
 */
export function phoneForApi(masked: string): string {
  return digitsOf(masked).replace(/^7/, '8');
}

/**
 * Any way of writing a +7 number → '+7XXXXXXXXXX', or null when it is not one: eleven digits starting with 7
 * or 8 (punctuation ignored), an area or mobile code starting with 3 to 9, and no other country code.
 */
export function normalisePhone(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length > 32 || /[^\d\s()+-]/.test(trimmed)) return null;
  const digits = digitsOf(trimmed);
  if (digits.length !== 11) return null;
  if (trimmed.startsWith('+') ? !digits.startsWith('7') : !/^[78]/.test(digits)) return null;
  const national = digits.slice(1);
  if (!/^[3-9]/.test(national)) return null;
  return `+7${national}`;
}

/** '+79123456789' (or any form normalisePhone accepts) → '+7 (912) 345-67-89'; other text as it is. */
export function formatPhone(phone: string): string {
  const normalised = normalisePhone(phone);
  return normalised ? maskNational(normalised.slice(2)) : phone;
}
