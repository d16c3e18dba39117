import { describe, expect, it } from 'vitest';
import {
  allowedTypos,
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

  it('maps every key of the Latin layout to the Russian letter on it, shifted keys too', () => {
    expect(fixKeyboardLayout("qwertyuiop[] asdfghjkl;' zxcvbnm,. `")).toBe(
      'йцукенгшщзхъ фывапролджэ ячсмитьбю ё',
    );
    expect(fixKeyboardLayout('{}:"<>~')).toBe('хъжэбюё');
    expect(fixKeyboardLayout('QWERTY')).toBe('йцукен');
  });

  it('keeps digits and other characters as they are', () => {
    expect(fixKeyboardLayout('vjkjrj 2,5%')).toBe('молоко 2б5%');
  });

  it('leaves Cyrillic, mixed and digit-only text alone', () => {
    expect(fixKeyboardLayout('молоко')).toBeUndefined();
    expect(fixKeyboardLayout('vjkjrj молоко')).toBeUndefined();
    expect(fixKeyboardLayout('Vjkjrj МОЛОКО')).toBeUndefined();
    expect(fixKeyboardLayout('2024')).toBeUndefined();
    expect(fixKeyboardLayout('')).toBeUndefined();
  });
});

describe('withSynonyms', () => {
  it('expands both ways, the word first', () => {
    expect(withSynonyms('цукини')).toEqual(['цукини', 'кабачок', 'кабачки']);
    expect(withSynonyms('творог')).toEqual(['творог', 'творожок', 'творожный']);
    expect(withSynonyms('хлеб')).toEqual(['хлеб']);
  });

  // Each word a shopper may type, and a word of the catalogue it must also find.
  it.each([
    ['кабачок', 'цукини'],
    ['кабачки', 'кабачок'],
    ['творожок', 'творог'],
    ['творожный', 'творог'],
    ['картошка', 'картофель'],
    ['картофель', 'картошка'],
    ['свекла', 'буряк'],
    ['свеклы', 'свекла'],
    ['буряк', 'свекла'],
    ['телятина', 'говядина'],
    ['говядина', 'телятина'],
    ['цыпленок', 'курица'],
    ['куриный', 'курица'],
    ['куриная', 'курица'],
    ['курин', 'курица'],
    ['курица', 'цыпленок'],
    ['лосось', 'семга'],
    ['семга', 'лосось'],
    ['лимонад', 'газировка'],
    ['газировка', 'лимонад'],
    ['томат', 'помидор'],
    ['томаты', 'помидоры'],
    ['помидоры', 'томат'],
    ['помидор', 'томаты'],
    ['синенькие', 'баклажан'],
    ['баклажан', 'синенькие'],
    ['булка', 'батон'],
    ['батон', 'булка'],
  ])('%s also searches %s', (typed, alsoFound) => {
    expect(withSynonyms(typed)).toContain(alsoFound);
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

  it.each([
    ['', 'абв', 3],
    ['абв', '', 3],
    ['кот', 'коты', 1],
    ['моло', 'молоко', 2],
    ['ab', 'ba', 1],
    ['abc', 'cab', 2],
    // Optimal string alignment: a swapped pair is not edited again, so «ca» → «abc» takes three.
    ['ca', 'abc', 3],
    ['kitten', 'sitting', 3],
    // Two substitutions before a swap: the swap adds one to what the prefix cost.
    ['zzab', 'yyba', 3],
  ])('%s → %s is %i', (from, to, distance) => {
    expect(editDistance(from, to, 5)).toBe(distance);
  });

  it('lets a length difference equal to the limit through', () => {
    expect(editDistance('моло', 'молоко', 2)).toBe(2);
    expect(editDistance('мол', 'молоко', 2)).toBe(3);
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
    expect(isSearchable('vj')).toBe(false);
  });

  it('counts the spaces of a Latin-layout query as the Russian text has them', () => {
    // «[ ,» is «х б»: three characters, as « м о » is.
    expect(isSearchable('[ ,')).toBe(true);
  });
});

describe('allowedTypos', () => {
  it('allows none up to 3 letters, one up to 5, two from 6', () => {
    expect(allowedTypos('сыр')).toBe(0);
    expect(allowedTypos('мед')).toBe(0);
    expect(allowedTypos('хлеб')).toBe(1);
    expect(allowedTypos('масло')).toBe(1);
    expect(allowedTypos('молоко')).toBe(2);
    expect(allowedTypos('творожок')).toBe(2);
  });
});
