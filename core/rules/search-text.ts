/**
 * Text rules of the product search, shared by the server (queries) and the browser (the header field):
 * folding, tokens, the wrong-keyboard-layout fix and the synonym list.
 */

/** The shortest query that searches (SPEC §5, §9). */
export const SEARCH_MIN_LENGTH = 3;
/** Longer queries are rejected with 400: nobody types a product name this long. */
export const SEARCH_MAX_LENGTH = 100;
/** SPEC §9: the header search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Lower case, ё → е, anything but letters and digits → one space. The database folds the same way. */
export function foldSearchText(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function searchTokens(text: string): string[] {
  const folded = foldSearchText(text);
  return folded ? folded.split(' ') : [];
}

/** The Latin QWERTY keys, then the Russian ЙЦУКЕН letter on the same key, in the same order (shifted keys last). */
const LATIN_KEYS = 'qwertyuiop[]asdfghjkl;\'zxcvbnm,.`{}:"<>~';
const RUSSIAN_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбюёхъжэбюё';
const QWERTY_TO_JCUKEN = new Map([...LATIN_KEYS].map((key, index) => [key, RUSSIAN_KEYS[index] ?? key]));

/**
 * What the customer meant when they typed Russian with the Latin layout on: «vjkjrj» → «молоко»,
 * «[kt,» → «хлеб». Undefined when the text has no Latin letters to convert.
 */
export function fixKeyboardLayout(text: string): string | undefined {
  const lower = text.toLowerCase();
  const chars = [...lower];
  if (!chars.some((char) => QWERTY_TO_JCUKEN.has(char)) || /[а-яё]/.test(lower)) return undefined;
  return chars.map((char) => QWERTY_TO_JCUKEN.get(char) ?? char).join('');
}

/**
 * Whether a query is long enough to search (SPEC §5: from 3 characters). A query typed with the Latin
 * layout counts in the letters it stands for: «[kt,» is «хлеб», four letters.
 */
export function isSearchable(text: string): boolean {
  const fixed = fixKeyboardLayout(text);
  const length = Math.max(
    searchTokens(text).join(' ').length,
    fixed ? searchTokens(fixed).join(' ').length : 0,
  );
  return length >= SEARCH_MIN_LENGTH;
}

/** Words shoppers use for the same thing; each group searches as any of its words. Folded (е for ё). */
export const SEARCH_SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['кабачок', 'кабачки', 'цукини'],
  ['творог', 'творожок', 'творожный'],
  ['картофель', 'картошка'],
  ['свекла', 'свеклы', 'буряк'],
  ['говядина', 'телятина'],
  ['курица', 'цыпленок', 'куриный', 'куриная', 'курин'],
  ['семга', 'лосось'],
  ['газировка', 'лимонад'],
  ['помидор', 'помидоры', 'томат', 'томаты'],
  ['баклажан', 'синенькие'],
  ['батон', 'булка'],
];

/**
 * Built on first use, not at import: the browser imports this file for the search box's limits, and a map
 * built at module level is code no bundler may drop (the server alone looks synonyms up).
 */
let synonymsByWord: Map<string, readonly string[]> | undefined;

/** The word with its synonyms (the word itself first). */
export function withSynonyms(word: string): string[] {
  synonymsByWord ??= new Map(
    SEARCH_SYNONYM_GROUPS.flatMap((group) => group.map((word) => [word, group] as const)),
  );
  const group = synonymsByWord.get(word);
  return group ? [word, ...group.filter((other) => other !== word)] : [word];
}

/**
 * Optimal string alignment distance (Levenshtein with adjacent transpositions), stopping early once it
 * must exceed `max`: used to correct typos against the vocabulary of product names.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Stryker disable next-line ArrayDeclaration: read only from the third row on, when it holds the first row
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      // Stryker disable next-line all: in the first row or column the character two back is undefined, so the swap test fails anyway
      const hasTwoBack = i > 1 && j > 1;
      if (hasTwoBack && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (previousPrevious[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previousPrevious = previous;
    previous = current;
  }
  // Stryker disable next-line ArithmeticOperator: the row always has b.length + 1 cells
  return previous[b.length] ?? max + 1;
}

/** How many typos a word of this length may carry and still be corrected. */
export function allowedTypos(word: string): number {
  if (word.length <= 3) return 0;
  if (word.length <= 5) return 1;
  return 2;
}
