import { describe, expect, it } from 'vitest';
import { findNameProblem, NAME_MAX_LENGTH, NAME_MAX_WORDS, normaliseName } from './name';

describe('normaliseName', () => {
  it('collapses runs of spaces, tabs and newlines and trims', () => {
    expect(normaliseName('  Анна   Мария\t Петрова \n')).toBe('Анна Мария Петрова');
  });

  it('composes decomposed letters so й counts as one letter', () => {
    expect(normaliseName('Андрии\u0306')).toBe('Андрий');
  });
});

describe('findNameProblem', () => {
  it('accepts Cyrillic and Latin names of up to four words', () => {
    expect(findNameProblem('Анна')).toBeNull();
    expect(findNameProblem('Пётр Ильич Чайковский')).toBeNull();
    expect(findNameProblem('John Ronald Reuel Tolkien')).toBeNull();
  });

  it('requires a name', () => {
    expect(findNameProblem('')).toBe('required');
    expect(findNameProblem(normaliseName('   '))).toBe('required');
  });

  it('allows letters and spaces only', () => {
    for (const name of ['Анна1', 'Анна-Мария', 'Анна!', '<script>', 'Анна_']) {
      expect(findNameProblem(name), name).toBe('characters');
    }
  });

  it('allows at most 100 characters', () => {
    expect(NAME_MAX_LENGTH).toBe(100);
    expect(findNameProblem('а'.repeat(100))).toBeNull();
    expect(findNameProblem('а'.repeat(101))).toBe('length');
  });

  it('allows at most 4 words', () => {
    expect(NAME_MAX_WORDS).toBe(4);
    expect(findNameProblem('а б в г')).toBeNull();
    expect(findNameProblem('а б в г д')).toBe('words');
  });
});
