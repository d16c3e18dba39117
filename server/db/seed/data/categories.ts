/** Demo catalogue categories (DESIGN.md §4). A child names its parent, which comes earlier in the list. */
import type { IconKey } from '../images';

export type CategorySeed = {
  /** Kebab-case latin, used in catalogue URLs. */
  slug: string;
  name: string;
  /** Background hue of the category's pictures. */
  hue: number;
  icon: IconKey;
  parent?: string;
};

export const CATEGORIES = [
  { slug: 'molochnye-produkty', name: 'Молочные продукты', hue: 205, icon: 'bottle' },
  { slug: 'syry', name: 'Сыры', hue: 45, icon: 'cheese', parent: 'molochnye-produkty' },
  { slug: 'yaytsa', name: 'Яйца', hue: 35, icon: 'eggs' },
  { slug: 'khleb-i-vypechka', name: 'Хлеб и выпечка', hue: 30, icon: 'loaf' },
  { slug: 'torty-i-deserty', name: 'Торты и десерты', hue: 340, icon: 'cake', parent: 'khleb-i-vypechka' },
  { slug: 'myaso-i-ptitsa', name: 'Мясо и птица', hue: 5, icon: 'steak' },
  {
    slug: 'kolbasy-i-delikatesy',
    name: 'Колбасы и деликатесы',
    hue: 350,
    icon: 'sausage',
    parent: 'myaso-i-ptitsa',
  },
  { slug: 'ryba-i-moreprodukty', name: 'Рыба и морепродукты', hue: 195, icon: 'fish' },
  { slug: 'ovoshchi-i-frukty', name: 'Овощи и фрукты', hue: 100, icon: 'apple' },
  { slug: 'ovoshchi', name: 'Овощи', hue: 90, icon: 'carrot', parent: 'ovoshchi-i-frukty' },
  { slug: 'frukty-i-yagody', name: 'Фрукты и ягоды', hue: 15, icon: 'berries', parent: 'ovoshchi-i-frukty' },
  { slug: 'zelen', name: 'Зелень', hue: 120, icon: 'greens', parent: 'ovoshchi-i-frukty' },
  { slug: 'griby', name: 'Грибы', hue: 28, icon: 'mushroom' },
  { slug: 'med-i-varene', name: 'Мёд и варенье', hue: 40, icon: 'jar' },
  { slug: 'orekhi-i-sukhofrukty', name: 'Орехи и сухофрукты', hue: 25, icon: 'nuts' },
  { slug: 'krupy-i-muka', name: 'Крупы и мука', hue: 38, icon: 'sack' },
  { slug: 'chay-i-kofe', name: 'Чай и кофе', hue: 165, icon: 'mug' },
  { slug: 'soki-i-napitki', name: 'Соки и напитки', hue: 28, icon: 'juice' },
  { slug: 'sladosti', name: 'Сладости', hue: 320, icon: 'chocolate' },
] as const satisfies readonly CategorySeed[];

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];
