/**
 * Numbers as Russian writes them, without `Intl`: digits grouped by three with a no-break space from 1 000
 * («12 345»), a decimal comma («1,5»), a hyphen-minus for a negative. Byte for byte what
 * `Intl.NumberFormat('ru-RU')` writes (the tests compare the two over many values), and the same on the server
 * and in every browser. Why not `Intl`: the first `NumberFormat` a page constructs loads the locale's data, which
 * cost Chromium 9 ms of the catalogue's hydration on a fast machine, four times that on Lighthouse's phone
 * (issue 23, ADR 044).
 */
const GROUP_SEPARATOR = '\u00a0';
const EVERY_THIRD_DIGIT_FROM_THE_END = /\B(?=(\d{3})+$)/g;

/**
 * `value` rounded half away from zero to at most `fractionDigits` decimals; trailing zeros dropped unless
 * `keepZeros` (prices in roubles and kopecks always show two: «89,90»). Rounded as `Intl` rounds: the number's
 * shortest decimal form, the one `String()` writes («1225.735» gives «1 225,74», though the double is
 * 1225.73499…: neither `toFixed` nor multiplying by 100 first would).
 */
export function formatNumber(value: number, fractionDigits = 0, keepZeros = false): string {
  const shortest = String(Math.abs(value));
  // Below 1e-6 String() writes an exponent («1e-7»): such a value is 0 at the precisions used here (prices,
  // weights); no price or weight reaches 1e21, the other end where it does.
  // Stryker disable next-line StringLiteral,ArrayDeclaration: an exponent's digits read as none are 0 all the same
  const [, digits = '0', decimals = ''] = /^(\d+)(?:\.(\d+))?$/.exec(shortest) ?? [];
  let units = BigInt(digits + decimals.slice(0, fractionDigits).padEnd(fractionDigits, '0'));
  // Stryker disable next-line StringLiteral: no digit there rounds nothing, '' or '0' alike
  if ((decimals[fractionDigits] ?? '0') >= '5') units += 1n;
  const padded = units.toString().padStart(fractionDigits + 1, '0');
  const whole = padded.slice(0, padded.length - fractionDigits);
  const allDecimals = padded.slice(padded.length - fractionDigits);
  const fraction = keepZeros ? allDecimals : allDecimals.replace(/0+$/, '');
  // Stryker disable next-line EqualityOperator: zero has no units, so no sign either way
  const sign = value < 0 && units > 0n ? '-' : '';
  const grouped = whole.replace(EVERY_THIRD_DIGIT_FROM_THE_END, GROUP_SEPARATOR);
  return fraction ? `${sign}${grouped},${fraction}` : `${sign}${grouped}`;
}
