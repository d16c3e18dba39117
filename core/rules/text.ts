/**
 * Control characters in customers' text. NUL (U+0000) cannot be stored by PostgreSQL at all, and the other C0
 * and C1 controls (and DEL) are never typed by a person: they only arrive from broken or hostile clients, and
 * would reach logs, SMS and couriers' screens. Tab, line feed and carriage return are real text in a multi-line
 * field (a comment for the courier; browsers send a textarea's line breaks as CR LF), and nowhere else.
 */
// Unicode's Cc category is exactly C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F).
const ANY_CONTROL = /\p{Cc}/u;
const UNSAFE_CONTROL = /(?![\t\n\r])\p{Cc}/u;

export function hasControlCharacters(text: string, { allowLineBreaks = false } = {}): boolean {
  return (allowLineBreaks ? UNSAFE_CONTROL : ANY_CONTROL).test(text);
}
