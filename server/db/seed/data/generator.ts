/**
 * Building blocks of the large generated catalogue (`npm run seed -- --products N`) and the shared description
 * tails of the demo products. A generated name is base + variety + agreeing adjective + brand + spec + pack,
 * e.g. «Молоко пастеризованное фермерское «Угличское подворье» 3,2% 1 л».
 */
import type { IconKey } from '../images';
import type { CategorySlug } from './categories';
import type { StoreKind } from './stores';

/** Forms of one adjective: [masculine, feminine, neuter, plural]. */
export type AdjectiveForms = readonly [masculine: string, feminine: string, neuter: string, plural: string];

export type AdjectiveSet =
  | 'dairy'
  | 'bakery'
  | 'meat'
  | 'deli'
  | 'fish'
  | 'produce'
  | 'fruit'
  | 'greens'
  | 'forest'
  | 'honey'
  | 'pantry'
  | 'sweets'
  | 'drinks';

/** The grammatical gender (or plural) of a base name, for adjective agreement. */
export type GrammaticalGender = 'm' | 'f' | 'n' | 'p';

export type GeneratorBase = {
  name: string;
  category: CategorySlug;
  icon: IconKey;
  tint?: number;
  gender: GrammaticalGender;
  adjectives: AdjectiveSet;
  /** Words right after the name: a sort, a cut or a kind ('пастеризованное', 'Антоновка'). */
  varieties?: readonly string[];
  /** Fat content, grade or size, placed before the pack. */
  specs?: readonly string[];
  /** [label, grams]. */
  packs: readonly (readonly [label: string, grams: number])[];
  rubPerKg: number;
};

const FARM: AdjectiveForms = ['фермерский', 'фермерская', 'фермерское', 'фермерские'];
const RUSTIC: AdjectiveForms = ['деревенский', 'деревенская', 'деревенское', 'деревенские'];
const NATURAL: AdjectiveForms = ['натуральный', 'натуральная', 'натуральное', 'натуральные'];
const SELECTED: AdjectiveForms = ['отборный', 'отборная', 'отборное', 'отборные'];
const FRESH: AdjectiveForms = ['свежий', 'свежая', 'свежее', 'свежие'];
const HOMEMADE: AdjectiveForms = ['домашний', 'домашняя', 'домашнее', 'домашние'];
const ORGANIC: AdjectiveForms = ['органический', 'органическая', 'органическое', 'органические'];
const LOCAL: AdjectiveForms = ['местный', 'местная', 'местное', 'местные'];

export const GENERATOR_ADJECTIVES: Readonly<Record<AdjectiveSet, readonly AdjectiveForms[]>> = {
  dairy: [FARM, RUSTIC, NATURAL, SELECTED, ['крестьянский', 'крестьянская', 'крестьянское', 'крестьянские']],
  bakery: [
    FRESH,
    HOMEMADE,
    ['ремесленный', 'ремесленная', 'ремесленное', 'ремесленные'],
    ['ароматный', 'ароматная', 'ароматное', 'ароматные'],
  ],
  meat: [FARM, SELECTED, ['охлаждённый', 'охлаждённая', 'охлаждённое', 'охлаждённые'], RUSTIC],
  deli: [
    HOMEMADE,
    RUSTIC,
    ['фирменный', 'фирменная', 'фирменное', 'фирменные'],
    ['праздничный', 'праздничная', 'праздничное', 'праздничные'],
  ],
  fish: [
    ['охлаждённый', 'охлаждённая', 'охлаждённое', 'охлаждённые'],
    ['свежемороженый', 'свежемороженая', 'свежемороженое', 'свежемороженые'],
    SELECTED,
    ['дикий', 'дикая', 'дикое', 'дикие'],
  ],
  produce: [FRESH, SELECTED, LOCAL, FARM, ORGANIC],
  fruit: [
    ['спелый', 'спелая', 'спелое', 'спелые'],
    ['сладкий', 'сладкая', 'сладкое', 'сладкие'],
    SELECTED,
    ['сочный', 'сочная', 'сочное', 'сочные'],
  ],
  greens: [FRESH, ['молодой', 'молодая', 'молодое', 'молодые'], LOCAL, ORGANIC],
  forest: [['лесной', 'лесная', 'лесное', 'лесные'], SELECTED, NATURAL],
  honey: [NATURAL, FARM, SELECTED, ['пасечный', 'пасечная', 'пасечное', 'пасечные']],
  pantry: [SELECTED, NATURAL, ORGANIC],
  sweets: [HOMEMADE, NATURAL, ['ремесленный', 'ремесленная', 'ремесленное', 'ремесленные']],
  drinks: [NATURAL, HOMEMADE, FARM],
};

export const GENERATOR_BASES: readonly GeneratorBase[] = [
  // Dairy
  {
    name: 'Молоко',
    category: 'molochnye-produkty',
    icon: 'bottle',
    gender: 'n',
    adjectives: 'dairy',
    varieties: ['пастеризованное', 'ультрапастеризованное', 'цельное', 'топлёное'],
    specs: ['1,5%', '2,5%', '3,2%', '3,6%', '4%'],
    packs: [
      ['0,9 л', 930],
      ['1 л', 1000],
      ['1,5 л', 1500],
    ],
    rubPerKg: 105,
  },
  {
    name: 'Кефир',
    category: 'molochnye-produkty',
    icon: 'bottle',
    tint: 190,
    gender: 'm',
    adjectives: 'dairy',
    specs: ['1%', '2,5%', '3,2%'],
    packs: [
      ['0,5 л', 500],
      ['0,9 л', 900],
    ],
    rubPerKg: 115,
  },
  {
    name: 'Ряженка',
    category: 'molochnye-produkty',
    icon: 'bottle',
    tint: 30,
    gender: 'f',
    adjectives: 'dairy',
    specs: ['2,5%', '4%'],
    packs: [
      ['0,5 л', 500],
      ['0,9 л', 900],
    ],
    rubPerKg: 150,
  },
  {
    name: 'Сметана',
    category: 'molochnye-produkty',
    icon: 'tub',
    gender: 'f',
    adjectives: 'dairy',
    specs: ['10%', '15%', '20%', '25%'],
    packs: [
      ['200 г', 200],
      ['300 г', 300],
      ['400 г', 400],
    ],
    rubPerKg: 430,
  },
  {
    name: 'Творог',
    category: 'molochnye-produkty',
    icon: 'tub',
    gender: 'm',
    adjectives: 'dairy',
    varieties: ['рассыпчатый', 'мягкий', 'зернёный'],
    specs: ['0,5%', '5%', '9%', '18%'],
    packs: [
      ['180 г', 180],
      ['350 г', 350],
      ['500 г', 500],
    ],
    rubPerKg: 560,
  },
  {
    name: 'Йогурт',
    category: 'molochnye-produkty',
    icon: 'tub',
    tint: 340,
    gender: 'm',
    adjectives: 'dairy',
    varieties: ['клубничный', 'черничный', 'персиковый', 'натуральный', 'вишнёвый'],
    specs: ['1,5%', '2,5%', '3,5%'],
    packs: [
      ['125 г', 125],
      ['270 г', 270],
    ],
    rubPerKg: 420,
  },
  {
    name: 'Масло сливочное',
    category: 'molochnye-produkty',
    icon: 'butter',
    gender: 'n',
    adjectives: 'dairy',
    specs: ['72,5%', '82,5%'],
    packs: [
      ['180 г', 180],
      ['400 г', 400],
    ],
    rubPerKg: 1250,
  },
  {
    name: 'Сыр',
    category: 'syry',
    icon: 'cheese',
    gender: 'm',
    adjectives: 'dairy',
    varieties: ['российский', 'костромской', 'пошехонский', 'голландский', 'гауда', 'эдам', 'тильзитер'],
    specs: ['45%', '50%'],
    packs: [
      ['200 г', 200],
      ['300 г', 300],
      ['1 кг', 1000],
    ],
    rubPerKg: 1050,
  },
  {
    name: 'Сыр мягкий',
    category: 'syry',
    icon: 'cheese',
    tint: 60,
    gender: 'm',
    adjectives: 'dairy',
    varieties: ['адыгейский', 'сулугуни', 'брынза', 'моцарелла', 'рикотта'],
    packs: [
      ['200 г', 200],
      ['300 г', 300],
    ],
    rubPerKg: 860,
  },
  {
    name: 'Яйца куриные',
    category: 'yaytsa',
    icon: 'eggs',
    gender: 'p',
    adjectives: 'dairy',
    specs: ['С0', 'С1', 'СО', 'СВ'],
    packs: [
      ['10 шт.', 550],
      ['20 шт.', 1100],
      ['30 шт.', 1650],
    ],
    rubPerKg: 260,
  },
  // Bakery
  {
    name: 'Хлеб',
    category: 'khleb-i-vypechka',
    icon: 'loaf',
    gender: 'm',
    adjectives: 'bakery',
    varieties: ['ржаной', 'пшеничный', 'бородинский', 'зерновой', 'ржано-пшеничный', 'дарницкий'],
    packs: [
      ['300 г', 300],
      ['400 г', 400],
      ['700 г', 700],
    ],
    rubPerKg: 190,
  },
  {
    name: 'Батон',
    category: 'khleb-i-vypechka',
    icon: 'baguette',
    gender: 'm',
    adjectives: 'bakery',
    varieties: ['нарезной', 'молочный', 'с отрубями', 'с изюмом'],
    packs: [
      ['300 г', 300],
      ['400 г', 400],
    ],
    rubPerKg: 160,
  },
  {
    name: 'Багет',
    category: 'khleb-i-vypechka',
    icon: 'baguette',
    gender: 'm',
    adjectives: 'bakery',
    varieties: ['французский', 'зерновой', 'с чесноком', 'с оливками'],
    packs: [['250 г', 250]],
    rubPerKg: 380,
  },
  {
    name: 'Булочки',
    category: 'khleb-i-vypechka',
    icon: 'bun',
    gender: 'p',
    adjectives: 'bakery',
    varieties: ['с маком', 'с корицей', 'с изюмом', 'сдобные', 'для бургеров'],
    packs: [
      ['4 шт.', 300],
      ['6 шт.', 450],
    ],
    rubPerKg: 420,
  },
  {
    name: 'Пирог',
    category: 'khleb-i-vypechka',
    icon: 'pie',
    gender: 'm',
    adjectives: 'bakery',
    varieties: ['с капустой', 'с яблоками', 'с вишней', 'с курицей', 'с рыбой', 'с брусникой'],
    packs: [
      ['500 г', 500],
      ['800 г', 800],
    ],
    rubPerKg: 720,
  },
  {
    name: 'Торт',
    category: 'torty-i-deserty',
    icon: 'cake',
    gender: 'm',
    adjectives: 'sweets',
    varieties: ['«Медовик»', '«Наполеон»', '«Прага»', 'творожный', 'шоколадный', 'ягодный'],
    packs: [
      ['500 г', 500],
      ['1 кг', 1000],
    ],
    rubPerKg: 1150,
  },
  {
    name: 'Печенье',
    category: 'torty-i-deserty',
    icon: 'bun',
    tint: 35,
    gender: 'n',
    adjectives: 'sweets',
    varieties: ['овсяное', 'песочное', 'имбирное', 'сахарное'],
    packs: [
      ['200 г', 200],
      ['400 г', 400],
    ],
    rubPerKg: 520,
  },
  // Meat and poultry
  {
    name: 'Говядина',
    category: 'myaso-i-ptitsa',
    icon: 'steak',
    gender: 'f',
    adjectives: 'meat',
    varieties: ['вырезка', 'лопатка', 'грудинка', 'тазобедренная часть', 'толстый край'],
    packs: [
      ['500 г', 500],
      ['1 кг', 1000],
    ],
    rubPerKg: 980,
  },
  {
    name: 'Свинина',
    category: 'myaso-i-ptitsa',
    icon: 'steak',
    tint: 10,
    gender: 'f',
    adjectives: 'meat',
    varieties: ['шея', 'корейка', 'окорок', 'лопатка', 'грудинка'],
    packs: [
      ['500 г', 500],
      ['1 кг', 1000],
    ],
    rubPerKg: 590,
  },
  {
    name: 'Курица',
    category: 'myaso-i-ptitsa',
    icon: 'drumstick',
    gender: 'f',
    adjectives: 'meat',
    varieties: ['тушка', 'филе', 'бёдра', 'голени', 'крылья'],
    packs: [
      ['500 г', 500],
      ['1 кг', 1000],
      ['1,8 кг', 1800],
    ],
    rubPerKg: 360,
  },
  {
    name: 'Фарш',
    category: 'myaso-i-ptitsa',
    icon: 'steak',
    tint: 355,
    gender: 'm',
    adjectives: 'meat',
    varieties: ['говяжий', 'свиной', 'куриный', 'из индейки'],
    packs: [
      ['400 г', 400],
      ['500 г', 500],
    ],
    rubPerKg: 640,
  },
  {
    name: 'Колбаса',
    category: 'kolbasy-i-delikatesy',
    icon: 'sausage',
    tint: 350,
    gender: 'f',
    adjectives: 'deli',
    varieties: ['докторская', 'молочная', 'сервелат', 'салями', 'краковская', 'любительская'],
    packs: [
      ['300 г', 300],
      ['500 г', 500],
    ],
    rubPerKg: 820,
  },
  {
    name: 'Сосиски',
    category: 'kolbasy-i-delikatesy',
    icon: 'sausage',
    tint: 355,
    gender: 'p',
    adjectives: 'deli',
    varieties: ['молочные', 'сливочные', 'говяжьи', 'с сыром'],
    packs: [
      ['330 г', 330],
      ['450 г', 450],
    ],
    rubPerKg: 690,
  },
  // Fish
  {
    name: 'Сёмга',
    category: 'ryba-i-moreprodukty',
    icon: 'salmon',
    gender: 'f',
    adjectives: 'fish',
    varieties: ['филе', 'стейк', 'филе на коже', 'тушка'],
    packs: [
      ['200 г', 200],
      ['500 г', 500],
      ['1 кг', 1000],
    ],
    rubPerKg: 2700,
  },
  {
    name: 'Форель',
    category: 'ryba-i-moreprodukty',
    icon: 'fish',
    tint: 340,
    gender: 'f',
    adjectives: 'fish',
    varieties: ['радужная', 'филе', 'стейк'],
    packs: [
      ['500 г', 500],
      ['1 кг', 1000],
    ],
    rubPerKg: 1500,
  },
  {
    name: 'Судак',
    category: 'ryba-i-moreprodukty',
    icon: 'fish',
    tint: 80,
    gender: 'm',
    adjectives: 'fish',
    varieties: ['волжский', 'филе', 'тушка'],
    packs: [['1 кг', 1000]],
    rubPerKg: 720,
  },
  {
    name: 'Креветки',
    category: 'ryba-i-moreprodukty',
    icon: 'shrimp',
    gender: 'p',
    adjectives: 'fish',
    varieties: ['северные', 'королевские', 'тигровые'],
    specs: ['70/90', '90/120', '16/20'],
    packs: [
      ['500 г', 500],
      ['1 кг', 1000],
    ],
    rubPerKg: 1450,
  },
  // Vegetables, fruit, greens, mushrooms
  {
    name: 'Картофель',
    category: 'ovoshchi',
    icon: 'potato',
    gender: 'm',
    adjectives: 'produce',
    varieties: ['Гала', 'Ред Скарлетт', 'Невский', 'Беллароза', 'молодой'],
    packs: [
      ['1 кг', 1000],
      ['2,5 кг', 2500],
      ['5 кг', 5000],
    ],
    rubPerKg: 60,
  },
  {
    name: 'Морковь',
    category: 'ovoshchi',
    icon: 'carrot',
    gender: 'f',
    adjectives: 'produce',
    varieties: ['мытая', 'молодая', 'Нантская'],
    packs: [
      ['1 кг', 1000],
      ['2 кг', 2000],
    ],
    rubPerKg: 58,
  },
  {
    name: 'Свёкла',
    category: 'ovoshchi',
    icon: 'beet',
    gender: 'f',
    adjectives: 'produce',
    varieties: ['столовая', 'молодая', 'Бордо'],
    packs: [['1 кг', 1000]],
    rubPerKg: 55,
  },
  {
    name: 'Огурцы',
    category: 'ovoshchi',
    icon: 'cucumber',
    gender: 'p',
    adjectives: 'produce',
    varieties: ['короткоплодные', 'среднеплодные', 'длинноплодные', 'грунтовые'],
    packs: [
      ['500 г', 500],
      ['1 кг', 1000],
    ],
    rubPerKg: 190,
  },
  {
    name: 'Помидоры',
    category: 'ovoshchi',
    icon: 'tomato',
    gender: 'p',
    adjectives: 'produce',
    varieties: ['розовые', 'красные', 'черри', 'сливовидные', 'бакинские'],
    packs: [
      ['500 г', 500],
      ['1 кг', 1000],
    ],
    rubPerKg: 280,
  },
  {
    name: 'Кабачки',
    category: 'ovoshchi',
    icon: 'cucumber',
    tint: 85,
    gender: 'p',
    adjectives: 'produce',
    varieties: ['молодые', 'цукини', 'белые'],
    packs: [['1 кг', 1000]],
    rubPerKg: 120,
  },
  {
    name: 'Капуста',
    category: 'ovoshchi',
    icon: 'cabbage',
    gender: 'f',
    adjectives: 'produce',
    varieties: ['белокочанная', 'краснокочанная', 'цветная', 'пекинская', 'савойская'],
    packs: [['1 кг', 1000]],
    rubPerKg: 80,
  },
  {
    name: 'Лук',
    category: 'ovoshchi',
    icon: 'onion',
    gender: 'm',
    adjectives: 'produce',
    varieties: ['репчатый', 'красный', 'белый', 'шалот'],
    packs: [
      ['500 г', 500],
      ['1 кг', 1000],
    ],
    rubPerKg: 60,
  },
  {
    name: 'Перец сладкий',
    category: 'ovoshchi',
    icon: 'pepper',
    gender: 'm',
    adjectives: 'produce',
    varieties: ['красный', 'жёлтый', 'оранжевый', 'зелёный'],
    packs: [
      ['500 г', 500],
      ['1 кг', 1000],
    ],
    rubPerKg: 340,
  },
  {
    name: 'Яблоки',
    category: 'frukty-i-yagody',
    icon: 'apple',
    gender: 'p',
    adjectives: 'fruit',
    varieties: ['Антоновка', 'Голден', 'Гренни Смит', 'Фуджи', 'Семеренко', 'Белый налив'],
    packs: [
      ['1 кг', 1000],
      ['2 кг', 2000],
    ],
    rubPerKg: 150,
  },
  {
    name: 'Груши',
    category: 'frukty-i-yagody',
    icon: 'pear',
    gender: 'p',
    adjectives: 'fruit',
    varieties: ['Конференс', 'Вильямс', 'Лесная красавица'],
    packs: [['1 кг', 1000]],
    rubPerKg: 230,
  },
  {
    name: 'Апельсины',
    category: 'frukty-i-yagody',
    icon: 'citrus',
    gender: 'p',
    adjectives: 'fruit',
    varieties: ['Навел', 'Валенсия', 'красные'],
    packs: [
      ['1 кг', 1000],
      ['2 кг', 2000],
    ],
    rubPerKg: 170,
  },
  {
    name: 'Клубника',
    category: 'frukty-i-yagody',
    icon: 'berries',
    tint: 355,
    gender: 'f',
    adjectives: 'fruit',
    varieties: ['садовая', 'Виктория', 'Альбион'],
    packs: [
      ['250 г', 250],
      ['500 г', 500],
    ],
    rubPerKg: 780,
  },
  {
    name: 'Бананы',
    category: 'frukty-i-yagody',
    icon: 'banana',
    gender: 'p',
    adjectives: 'fruit',
    varieties: ['эквадорские', 'колумбийские', 'мини'],
    packs: [['1 кг', 1000]],
    rubPerKg: 140,
  },
  {
    name: 'Укроп',
    category: 'zelen',
    icon: 'greens',
    gender: 'm',
    adjectives: 'greens',
    packs: [
      ['50 г', 50],
      ['100 г', 100],
    ],
    rubPerKg: 900,
  },
  {
    name: 'Салат',
    category: 'zelen',
    icon: 'greens',
    tint: 100,
    gender: 'm',
    adjectives: 'greens',
    varieties: ['листовой', 'айсберг', 'романо', 'фриллис', 'латук'],
    packs: [
      ['100 г', 100],
      ['150 г', 150],
    ],
    rubPerKg: 1000,
  },
  {
    name: 'Шампиньоны',
    category: 'griby',
    icon: 'mushroom',
    tint: 35,
    gender: 'p',
    adjectives: 'produce',
    varieties: ['белые', 'королевские', 'мини'],
    packs: [
      ['250 г', 250],
      ['400 г', 400],
    ],
    rubPerKg: 380,
  },
  {
    name: 'Грибы',
    category: 'griby',
    icon: 'mushroom',
    gender: 'p',
    adjectives: 'forest',
    varieties: ['белые сушёные', 'лисички', 'опята', 'подберёзовики', 'грузди солёные'],
    packs: [
      ['50 г', 50],
      ['250 г', 250],
    ],
    rubPerKg: 1800,
  },
  // Pantry
  {
    name: 'Мёд',
    category: 'med-i-varene',
    icon: 'jar',
    gender: 'm',
    adjectives: 'honey',
    varieties: ['липовый', 'гречишный', 'цветочный', 'донниковый', 'акациевый', 'кипрейный'],
    packs: [
      ['250 г', 250],
      ['500 г', 500],
      ['1 кг', 1000],
    ],
    rubPerKg: 1050,
  },
  {
    name: 'Варенье',
    category: 'med-i-varene',
    icon: 'jar',
    tint: 350,
    gender: 'n',
    adjectives: 'honey',
    varieties: ['клубничное', 'малиновое', 'вишнёвое', 'абрикосовое', 'черничное', 'крыжовниковое'],
    packs: [
      ['300 г', 300],
      ['500 г', 500],
    ],
    rubPerKg: 760,
  },
  {
    name: 'Орехи',
    category: 'orekhi-i-sukhofrukty',
    icon: 'nuts',
    gender: 'p',
    adjectives: 'pantry',
    varieties: ['грецкие', 'кедровые', 'лесные', 'кешью', 'миндальные'],
    packs: [
      ['100 г', 100],
      ['200 г', 200],
      ['500 г', 500],
    ],
    rubPerKg: 1400,
  },
  {
    name: 'Сухофрукты',
    category: 'orekhi-i-sukhofrukty',
    icon: 'nuts',
    tint: 30,
    gender: 'p',
    adjectives: 'pantry',
    varieties: ['курага', 'чернослив', 'изюм', 'финики', 'инжир'],
    packs: [
      ['200 г', 200],
      ['500 г', 500],
    ],
    rubPerKg: 720,
  },
  {
    name: 'Крупа',
    category: 'krupy-i-muka',
    icon: 'sack',
    gender: 'f',
    adjectives: 'pantry',
    varieties: ['гречневая', 'перловая', 'пшённая', 'овсяная', 'рисовая', 'булгур'],
    packs: [
      ['800 г', 800],
      ['900 г', 900],
    ],
    rubPerKg: 140,
  },
  {
    name: 'Мука',
    category: 'krupy-i-muka',
    icon: 'sack',
    tint: 45,
    gender: 'f',
    adjectives: 'pantry',
    varieties: ['пшеничная', 'ржаная', 'цельнозерновая', 'гречневая', 'кукурузная'],
    packs: [
      ['1 кг', 1000],
      ['2 кг', 2000],
    ],
    rubPerKg: 85,
  },
  {
    name: 'Чай',
    category: 'chay-i-kofe',
    icon: 'mug',
    gender: 'm',
    adjectives: 'pantry',
    varieties: ['чёрный', 'зелёный', 'травяной', 'с бергамотом', 'с чабрецом', 'с мятой'],
    packs: [
      ['50 г', 50],
      ['100 г', 100],
    ],
    rubPerKg: 2200,
  },
  {
    name: 'Кофе',
    category: 'chay-i-kofe',
    icon: 'mug',
    tint: 25,
    gender: 'm',
    adjectives: 'pantry',
    varieties: ['в зёрнах', 'молотый', 'для турки'],
    specs: ['арабика', 'бленд арабики и робусты'],
    packs: [
      ['250 г', 250],
      ['1 кг', 1000],
    ],
    rubPerKg: 2000,
  },
  {
    name: 'Сок',
    category: 'soki-i-napitki',
    icon: 'juice',
    gender: 'm',
    adjectives: 'drinks',
    varieties: ['яблочный', 'томатный', 'вишнёвый', 'берёзовый', 'морковный'],
    packs: [
      ['1 л', 1000],
      ['3 л', 3000],
    ],
    rubPerKg: 150,
  },
  {
    name: 'Морс',
    category: 'soki-i-napitki',
    icon: 'juice',
    tint: 350,
    gender: 'm',
    adjectives: 'drinks',
    varieties: ['клюквенный', 'брусничный', 'смородиновый', 'облепиховый'],
    packs: [
      ['0,5 л', 500],
      ['1 л', 1000],
    ],
    rubPerKg: 170,
  },
  {
    name: 'Шоколад',
    category: 'sladosti',
    icon: 'chocolate',
    gender: 'm',
    adjectives: 'sweets',
    varieties: ['горький', 'молочный', 'с орехами', 'с изюмом'],
    packs: [
      ['85 г', 85],
      ['100 г', 100],
    ],
    rubPerKg: 1900,
  },
  {
    name: 'Пастила',
    category: 'sladosti',
    icon: 'chocolate',
    tint: 40,
    gender: 'f',
    adjectives: 'sweets',
    varieties: ['яблочная', 'клюквенная', 'белёвская', 'смородиновая'],
    packs: [
      ['150 г', 150],
      ['250 г', 250],
    ],
    rubPerKg: 1100,
  },
  {
    name: 'Зефир',
    category: 'sladosti',
    icon: 'cake',
    tint: 340,
    gender: 'm',
    adjectives: 'sweets',
    varieties: ['ванильный', 'яблочный', 'в шоколаде', 'клюквенный'],
    packs: [
      ['250 г', 250],
      ['400 г', 400],
    ],
    rubPerKg: 700,
  },
];

/** Invented producer names, printed in guillemets after the adjective. */
export const GENERATOR_BRANDS: readonly string[] = [
  '«Угличское подворье»',
  '«Ростовская усадьба»',
  '«Костромская нива»',
  '«Дедушкин хутор»',
  '«Верхневолжье»',
  '«Борисоглебские луга»',
  '«Некрасовские поля»',
  '«Пошехонский край»',
  '«Тутаевская слобода»',
  '«Даниловские сады»',
  '«Три ручья»',
  '«Ясная зорька»',
  '«Поречье»',
  '«Медвежий угол»',
  '«Берёзовая роща»',
  '«Солнечная поляна»',
  '«Заречная ферма»',
  '«Вкус Ярославля»',
  '«Сельская слобода»',
  '«Любимовское»',
  '«Мышкинская мануфактура»',
  '«Ветлужские дали»',
  '«Красный Бор»',
  '«Луговая долина»',
];

/** Opening sentences of generated descriptions, by category. */
export const DESCRIPTION_LEADS: Readonly<Record<CategorySlug, readonly string[]>> = {
  'molochnye-produkty': [
    'Молочная продукция из молока коров, которые летом пасутся на заливных лугах Верхней Волги.',
    'Производится небольшими партиями без сухого молока и растительных жиров.',
    'Свежая молочка с короткой цепочкой поставки: от фермы до полки не больше суток.',
    'Классический вкус, знакомый с детства, и только натуральная закваска.',
  ],
  syry: [
    'Сыр созревает в камерах сыроварни при постоянной температуре и влажности.',
    'Сварен из цельного молока по традиционной технологии, без растительных жиров.',
    'Сыр небольшой региональной сыроварни, каждая головка переворачивается вручную.',
    'Выдержанный сыр с плотной текстурой и сливочным послевкусием.',
  ],
  yaytsa: [
    'Яйца от кур, которые содержатся на свободном выгуле и едят зерно без антибиотиков.',
    'Яйца собирают каждый день, сортируют и маркируют вручную.',
    'Свежие яйца с плотным белком и ярким желтком.',
  ],
  'khleb-i-vypechka': [
    'Выпечено ночью по рецептуре без улучшителей и консервантов.',
    'Печём на закваске и муке местных мельниц, тесто созревает до двенадцати часов.',
    'Свежая выпечка из пекарни, которая работает с раннего утра.',
    'Ремесленная выпечка небольшими партиями, вручную формуем каждое изделие.',
  ],
  'torty-i-deserty': [
    'Десерт из натуральных сливок, масла и яиц, без растительных жиров.',
    'Кондитеры собирают каждый торт вручную в день продажи.',
    'Нежный десерт по классическому рецепту, в меру сладкий.',
  ],
  'myaso-i-ptitsa': [
    'Охлаждённое мясо от хозяйств Ярославской области, поступает в продажу на следующий день после убоя.',
    'Животные выращены на собственных кормах без стимуляторов роста.',
    'Мясо разделано мастерами нашего цеха и упаковано в вакуум.',
    'Ветеринарный контроль каждой партии, документы доступны по запросу.',
  ],
  'kolbasy-i-delikatesy': [
    'Деликатесы из охлаждённого мяса по рецептам без сои и фосфатов.',
    'Коптим на натуральной щепе фруктовых деревьев.',
    'Небольшое колбасное производство с традиционными рецептурами.',
  ],
  'ryba-i-moreprodukty': [
    'Рыба приходит к нам охлаждённой и продаётся в течение двух суток.',
    'Улов северных морей, заморожен сразу на судне.',
    'Речная рыба от рыбацких артелей Рыбинского водохранилища.',
    'Каждая партия проходит ветеринарно-санитарную экспертизу.',
  ],
  'ovoshchi-i-frukty': [
    'Овощи и фрукты сезона от хозяйств области и проверенных поставщиков.',
    'Отбираем вручную: мятое и вялое на полку не попадает.',
    'Сезонный урожай с короткой дорогой от грядки до прилавка.',
  ],
  ovoshchi: [
    'Овощи с полей Ростовского и Ярославского районов, выращены без лишней химии.',
    'Собраны в спелости и привезены в магазин в течение суток.',
    'Тепличные овощи местного комбината, круглый год с грядки.',
    'Отборные овощи без повреждений, подходят для хранения.',
  ],
  'frukty-i-yagody': [
    'Спелые фрукты, доведённые до вкуса в камере дозревания.',
    'Ягоды собраны вручную и перебраны перед отправкой.',
    'Сладкие сезонные фрукты от проверенных садов.',
  ],
  zelen: [
    'Зелень срезана утром в день доставки.',
    'Свежая зелень из тепличного хозяйства под Ярославлем.',
    'Ароматная зелень без вялых листьев, перебрана вручную.',
  ],
  griby: [
    'Грибы выращены на субстрате без химических стимуляторов.',
    'Лесные грибы из экологически чистых районов Костромской области.',
    'Грибы перебраны и очищены, остаётся только приготовить.',
  ],
  'med-i-varene': [
    'Мёд с пасек Ярославской и Костромской областей, не нагревался и не фильтровался под давлением.',
    'Каждая партия проходит лабораторную проверку на качество.',
    'Варенье сварено по домашнему рецепту из ягод и сахара, без загустителей.',
  ],
  'orekhi-i-sukhofrukty': [
    'Орехи и сухофрукты урожая этого года, без обработки консервантами.',
    'Сухофрукты высушены естественным способом и сохранили вкус.',
    'Отборные ядра без горечи и посторонних примесей.',
  ],
  'krupy-i-muka': [
    'Крупа из зерна местных хозяйств, очищена и отсортирована.',
    'Мука жерновного помола сохраняет больше питательных веществ.',
    'Крупа без примесей и сора, варится быстро и рассыпчато.',
  ],
  'chay-i-kofe': [
    'Ароматный напиток для неспешного завтрака.',
    'Травы для сборов собраны вручную в экологически чистых районах.',
    'Свежая обжарка небольшими партиями — аромат раскрывается с первой чашки.',
  ],
  'soki-i-napitki': [
    'Напиток из натуральных ягод и фруктов без консервантов.',
    'Сок прямого отжима, без восстановления из концентрата.',
    'Освежающий напиток по старинному рецепту.',
  ],
  sladosti: [
    'Сладости из натуральных ингредиентов, без искусственных красителей.',
    'Лакомство к чаю по рецептам русской кондитерской традиции.',
    'Сделано небольшой кондитерской мануфактурой вручную.',
  ],
};

/** Closing sentences (storage, serving, origin) appended to demo and generated descriptions, by category. */
export const DESCRIPTION_TAILS: Readonly<Record<CategorySlug, readonly string[]>> = {
  'molochnye-produkty': [
    'Хранить при температуре от +2 до +6 °C.',
    'После вскрытия упаковки употребить в течение двух суток.',
    'Срок годности короткий — так и должно быть у настоящей молочки.',
    'Без сухого молока, крахмала и пальмового масла.',
  ],
  syry: [
    'Храните в пергаменте на нижней полке холодильника.',
    'Перед подачей достаньте из холодильника за полчаса, чтобы раскрылся вкус.',
    'Хорошо сочетается с мёдом, орехами и грушей.',
    'Хранить при температуре от +2 до +6 °C.',
  ],
  yaytsa: [
    'Хранить в холодильнике острым концом вниз.',
    'Категория и дата сортировки указаны на упаковке.',
    'Перед приготовлением вымойте яйца тёплой водой.',
  ],
  'khleb-i-vypechka': [
    'Хранить в хлебнице или льняном мешочке.',
    'Лучше всего в день покупки; на следующий день подсушите в тостере.',
    'Без консервантов, поэтому хранится до трёх суток.',
    'Можно заморозить и разогреть в духовке.',
  ],
  'torty-i-deserty': [
    'Хранить в холодильнике при температуре от +2 до +6 °C не более трёх суток.',
    'Достаньте из холодильника за 20 минут до подачи.',
    'Без маргарина и растительных сливок.',
  ],
  'myaso-i-ptitsa': [
    'Хранить при температуре от 0 до +4 °C.',
    'Перед приготовлением дайте мясу полежать полчаса при комнатной температуре.',
    'Можно заморозить в день покупки.',
    'Упаковано в вакуум, поэтому дольше сохраняет свежесть.',
  ],
  'kolbasy-i-delikatesy': [
    'Хранить при температуре от 0 до +6 °C.',
    'После вскрытия упаковки употребить в течение трёх суток.',
    'Хорошо подходит для праздничной нарезки.',
  ],
  'ryba-i-moreprodukty': [
    'Хранить при температуре от −2 до +2 °C.',
    'Замороженную рыбу размораживайте в холодильнике, а не в воде.',
    'Без консервантов и лишней глазури.',
    'Отлично подходит для запекания с лимоном и травами.',
  ],
  'ovoshchi-i-frukty': [
    'Перед употреблением тщательно вымойте.',
    'Хранить в прохладном тёмном месте.',
    'Урожай этого сезона.',
  ],
  ovoshchi: [
    'Хранить в прохладном тёмном месте.',
    'Перед употреблением тщательно вымойте.',
    'Урожай этого сезона.',
    'Хранить в овощном ящике холодильника до недели.',
  ],
  'frukty-i-yagody': [
    'Перед употреблением вымойте под проточной водой.',
    'Ягоды храните в холодильнике и мойте непосредственно перед едой.',
    'Хранить при температуре от +4 до +8 °C.',
  ],
  zelen: [
    'Поставьте пучок в стакан с водой, и зелень простоит несколько дней.',
    'Хранить в холодильнике в контейнере или бумажном пакете.',
    'Перед употреблением промойте в холодной воде.',
  ],
  griby: [
    'Хранить в холодильнике в бумажном пакете.',
    'Перед приготовлением очистите влажной салфеткой.',
    'Сушёные грибы перед варкой замочите на час.',
  ],
  'med-i-varene': [
    'Хранить в сухом тёмном месте при комнатной температуре.',
    'Со временем мёд кристаллизуется — это признак натурального продукта.',
    'Не добавляйте мёд в кипяток: он теряет полезные свойства.',
  ],
  'orekhi-i-sukhofrukty': [
    'Хранить в сухом прохладном месте в закрытой упаковке.',
    'Перед употреблением сухофрукты лучше промыть.',
    'Хороший перекус и добавка к каше или выпечке.',
  ],
  'krupy-i-muka': [
    'Хранить в сухом месте в плотно закрытой банке.',
    'Перед варкой промойте крупу холодной водой.',
    'Срок хранения — до года с даты фасовки.',
  ],
  'chay-i-kofe': [
    'Хранить в сухом месте вдали от продуктов с резким запахом.',
    'Заваривайте водой температуры 90–95 °C.',
    'После вскрытия пересыпьте в герметичную банку.',
  ],
  'soki-i-napitki': [
    'Хранить в холодильнике после вскрытия не более трёх суток.',
    'Подавайте охлаждённым.',
    'Перед употреблением взболтайте.',
  ],
  sladosti: [
    'Хранить в сухом прохладном месте.',
    'Отлично подходит к чаю и в подарок.',
    'Без пальмового масла и искусственных ароматизаторов.',
  ],
};

/** Which kinds of shop would sell a category; the generator puts its products into those shops. */
export const CATEGORY_STORE_KINDS: Readonly<Record<CategorySlug, readonly StoreKind[]>> = {
  'molochnye-produkty': ['dairy', 'farm'],
  syry: ['dairy', 'farm'],
  yaytsa: ['farm'],
  'khleb-i-vypechka': ['bakery'],
  'torty-i-deserty': ['bakery'],
  'myaso-i-ptitsa': ['butcher', 'farm'],
  'kolbasy-i-delikatesy': ['butcher'],
  'ryba-i-moreprodukty': ['fish'],
  'ovoshchi-i-frukty': ['greengrocer', 'farm'],
  ovoshchi: ['greengrocer', 'farm'],
  'frukty-i-yagody': ['greengrocer'],
  zelen: ['greengrocer', 'farm'],
  griby: ['greengrocer', 'farm'],
  'med-i-varene': ['honey', 'farm'],
  'orekhi-i-sukhofrukty': ['honey'],
  'krupy-i-muka': ['farm', 'bakery'],
  'chay-i-kofe': ['honey'],
  'soki-i-napitki': ['greengrocer', 'honey'],
  sladosti: ['honey', 'bakery'],
};
