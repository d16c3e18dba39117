import { describe, expect, it } from 'vitest';
import {
  editDistance,
  fixKeyboardLayout,
  foldSearchText,
  isSearchable,
  searchTokens,
  withSynonyms,
} from './search-text';

describe('foldSearchText', () => {
  it('lower-cases, folds ё to е and keeps only letters and digits', () => {
    expect(foldSearchText('  Мёд   ЛИПОВЫЙ, 500 г!')).toBe('мед липовый 500 г');
    expect(foldSearchText('Свёкла')).toBe(foldSearchText('свекла'));
    expect(searchTokens('  ')).toEqual([]);
    expect(searchTokens('Сёмга слабосолёная')).toEqual(['семга', 'слабосоленая']);
  });
});

describe('fixKeyboardLayout', () => {
  it.each([
    ['vjkjrj', 'молоко'],
    ['[kt,', 'хлеб'],
    ['ndjhju', 'творог'],
    ['Vtl', 'мед'],
    ['cvtnfyf', 'сметана'],
  ])('%s → %s', (typed, meant) => {
    expect(fixKeyboardLayout(typed)).toBe(meant);
  });

  it('leaves Cyrillic and digit-only text alone', () => {
    expect(fixKeyboardLayout('молоко')).toBeUndefined();
    expect(fixKeyboardLayout('2024')).toBeUndefined();
  });
});

describe('withSynonyms', () => {
  it('expands both ways, the word first', () => {
    expect(withSynonyms('цукини')).toEqual(['цукини', 'кабачок', 'кабачки']);
    expect(withSynonyms('творог')).toContain('творожок');
    expect(withSynonyms('хлеб')).toEqual(['хлеб']);
  });
});

describe('editDistance', () => {
  it('counts substitutions, insertions, deletions and transpositions', () => {
    expect(editDistance('малако', 'молоко', 2)).toBe(2);
    expect(editDistance('творох', 'творог', 2)).toBe(1);
    expect(editDistance('моколо', 'молоко', 2)).toBe(2);
    expect(editDistance('кфеир', 'кефир', 2)).toBe(1);
    expect(editDistance('молоко', 'молоко', 2)).toBe(0);
  });

  it('stops early beyond the limit', () => {
    expect(editDistance('яблоко', 'говядина', 2)).toBe(3);
    expect(editDistance('а', 'абвгде', 2)).toBe(3);
  });
});

describe('isSearchable', () => {
  it('starts at 3 characters, counting letters typed with the Latin layout', () => {
    expect(isSearchable('мо')).toBe(false);
    expect(isSearchable(' м о ')).toBe(true);
    expect(isSearchable('мол')).toBe(true);
    expect(isSearchable('[kt,')).toBe(true);
    expect(isSearchable('!!!')).toBe(false);
  });
});
