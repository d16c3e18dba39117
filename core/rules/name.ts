/** SPEC §5 and §9: a name is letters and spaces, spaces collapsed, at most 100 characters and 4 words. */
export const NAME_MAX_LENGTH = 100;
export const NAME_MAX_WORDS = 4;

export type NameProblem = 'required' | 'characters' | 'length' | 'words';

/** Unicode-normalised, runs of whitespace collapsed to one space, trimmed. */
export function normaliseName(raw: string): string {
  return raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u;

/** What is wrong with a normalised name, or null when nothing is. */
export function findNameProblem(name: string): NameProblem | null {
  if (name === '') return 'required';
  if (!LETTERS_AND_SPACES.test(name)) return 'characters';
  if (name.length > NAME_MAX_LENGTH) return 'length';
  if (name.split(' ').length > NAME_MAX_WORDS) return 'words';
  return null;
}
