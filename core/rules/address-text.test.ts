import { describe, expect, it } from 'vitest';
import { addressWords, houseNumber, parseTypedAddress, streetMatch } from './address-text';

describe('typed addresses', () => {
  it('splits into lower-case words, ё as е, punctuation dropped', () => {
    expect(addressWords('Ул. Свободы, д.46')).toEqual(['ул', 'свободы', 'д', '46']);
    expect(addressWords('  Тутаевское ш. ')).toEqual(['тутаевское', 'ш']);
    expect(addressWords('Пр-т Фрунзе')).toEqual(['пр-т', 'фрунзе']);
    expect(addressWords('Озёрная')).toEqual(['озерная']);
    expect(addressWords('—')).toEqual([]);
  });

  it('reads the street’s words and the house, without street types or the city', () => {
    expect(parseTypedAddress('свободы 46')).toEqual({ words: ['свободы'], house: '46' });
    expect(parseTypedAddress('ул Свободы, д. 46')).toEqual({ words: ['свободы'], house: '46' });
    expect(parseTypedAddress('Ярославль, проспект Ленина 24', ['Ярославль'])).toEqual({
      words: ['ленина'],
      house: '24',
    });
    expect(parseTypedAddress('г. Кострома, ул. Советская, 71а', ['Кострома'])).toEqual({
      words: ['советская'],
      house: '71а',
    });
    expect(parseTypedAddress('Свобод')).toEqual({ words: ['свобод'] });
    // A number first is a street's name («8 Марта»), not a house.
    expect(parseTypedAddress('8 марта')).toEqual({ words: ['8', 'марта'] });
    expect(parseTypedAddress('8 марта 5')).toEqual({ words: ['8', 'марта'], house: '5' });
    expect(parseTypedAddress('')).toEqual({ words: [] });
  });

  it('matches streets by word prefixes, whole words first', () => {
    expect(streetMatch('ул. Свободы', ['свободы'])).toBeGreaterThan(
      streetMatch('ул. Свободы', ['своб']) ?? 99,
    );
    expect(streetMatch('ул. Свободы', ['своб'])).toBeDefined();
    expect(streetMatch('ул. Свободы', ['кирова'])).toBeUndefined();
    expect(streetMatch('ул. Свободы', [])).toBeUndefined();
    expect(streetMatch('ул. Большая Октябрьская', ['октябрьская'])).toBeDefined();
    // «Октября» is a whole word of one street and only a prefix of none: that street wins.
    const octobre = streetMatch('пр-т Октября', ['октября']) ?? 0;
    expect(octobre).toBeGreaterThan(streetMatch('ул. Большая Октябрьская', ['октяб']) ?? 0);
    // Fewer words left over rank higher.
    expect(streetMatch('ул. Советская', ['советская'])).toBeGreaterThan(
      streetMatch('ул. Большая Советская', ['советская']) ?? 99,
    );
  });

  it('orders houses by their number', () => {
    expect(houseNumber('12а')).toBe(12);
    expect(houseNumber('7')).toBe(7);
  });
});
