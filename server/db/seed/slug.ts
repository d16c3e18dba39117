const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** A latin URL slug from Russian text: «Молоко фермерское 3,2% 1 л» -> moloko-fermerskoe-3-2-1-l. */
export function slugify(text: string): string {
  let out = '';
  for (const char of text.toLowerCase()) out += TRANSLIT[char] ?? char;
  return out
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

/** Hands out slugs, appending -2, -3 … when one is already taken. */
export function createSlugRegistry(taken: Iterable<string> = []): (text: string) => string {
  const used = new Set(taken);
  return (text) => {
    const base = slugify(text) || 'item';
    let slug = base;
    for (let n = 2; used.has(slug); n += 1) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  };
}
