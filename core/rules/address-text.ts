/**
 * Typed addresses (issue 21: an address by typing, with suggestions): what a shopper types — «свободы 46»,
 * «ул Свободы, д. 46», «Ярославль, проспект Ленина 24» — read as the words of a street and a house number,
 * and matched against street names however they are abbreviated. Pure: the offline geocoder uses it, and the
 * rules are tested once here.
 */

/** Street-type words and their abbreviations, and other words that say nothing about which street. */
const NOISE_WORDS = new Set([
  'г',
  'гор',
  'город',
  'ул',
  'улица',
  'пр',
  'пр-т',
  'прт',
  'просп',
  'проспект',
  'пер',
  'переулок',
  'ш',
  'шоссе',
  'б-р',
  'бр',
  'бульв',
  'бульвар',
  'пл',
  'площадь',
  'наб',
  'набережная',
  'д',
  'дом',
  'россия',
]);

export type TypedAddress = {
  /** The street's words, lower case, ё as е, without street types («свободы»). */
  words: string[];
  /** The house as typed («46», «12а»), or undefined when none was. */
  house?: string;
};

/** Lower case, ё as е, letters, digits and hyphens only; split into words. */
export function addressWords(text: string): string[] {
  return text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[^\p{L}\p{N}-]+/gu, ' ')
    .split(' ')
    .map((word) => word.replace(/^-+|-+$/g, ''))
    .filter((word) => word !== '');
}

const HOUSE = /^\d{1,4}[а-я]?$/;

/**
 * The street's words and the house number of a typed address. The house is the last word that is a number
 * (with an optional letter: «12а»); a city's name among `cityNames` is left out, as are street types.
 */
export function parseTypedAddress(text: string, cityNames: readonly string[] = []): TypedAddress {
  const cities = new Set(cityNames.flatMap(addressWords));
  const words = addressWords(text).filter((word) => !NOISE_WORDS.has(word) && !cities.has(word));
  const houseIndex = words.findLastIndex((word) => HOUSE.test(word));
  // A street may itself be a number («ул. 8 Марта»): the house is a number after at least one other word.
  if (houseIndex <= 0) return { words };
  return { words: words.filter((_, index) => index !== houseIndex), house: words[houseIndex] };
}

/**
 * How well a street name matches the typed words: undefined when some typed word starts no word of the
 * street; otherwise a score, higher for whole words and fewer words left unmatched. No words match nothing.
 */
export function streetMatch(street: string, typed: readonly string[]): number | undefined {
  if (typed.length === 0) return undefined;
  const streetWords = addressWords(street).filter((word) => !NOISE_WORDS.has(word));
  let score = 0;
  for (const word of typed) {
    if (streetWords.includes(word)) score += 2;
    else if (streetWords.some((candidate) => candidate.startsWith(word))) score += 1;
    else return undefined;
  }
  return score - (streetWords.length - typed.length) * 0.1;
}

/** The number of a house («12а» → 12), for ordering houses by how near they are to the one typed. */
export function houseNumber(house: string): number {
  return Number.parseInt(house, 10);
}
