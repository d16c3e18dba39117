/**
 * Zod as the contracts use it (imported as `z` from ./z): the whole of Zod, except that every string refuses
 * control characters (core/rules/text.ts). This is the one place all contracts build strings, so no contract
 * can forget it: NUL never reaches PostgreSQL, whatever field it was sent in.
 *
 * `z.string()` still allows tab and line breaks, because the same contracts describe our answers, and
 * answers carry multi-line text (articles, descriptions, couriers' comments). A one-line input field
 * (a name, an address, a filter) uses `z.line()`, which refuses those too.
 */
import * as zod from 'zod';
import { hasControlCharacters } from '../rules/text';

export * from 'zod';

export const CONTROL_CHARACTERS_MESSAGE = 'Текст содержит недопустимые символы';

/** A string that may span lines (tab, CR and LF allowed) but holds no other control character. */
export function string(params?: string | zod.core.$ZodStringParams): zod.ZodString {
  return zod
    .string(params)
    .refine((value) => !hasControlCharacters(value, { allowLineBreaks: true }), CONTROL_CHARACTERS_MESSAGE);
}

/**
 * A URL without control characters. Zod's own check parses it with `new URL()`, which percent-encodes NUL in a
 * path and so accepts it, but the value it hands on is the text as sent.
 */
export function url(params?: string | zod.core.$ZodURLParams): zod.ZodURL {
  return zod.url(params).refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_MESSAGE);
}

/** A one-line string: no control character at all, tab and line breaks included. */
export function line(params?: string | zod.core.$ZodStringParams): zod.ZodString {
  return zod.string(params).refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_MESSAGE);
}
