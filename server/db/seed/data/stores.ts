/**
 * Demo shops and their points (DESIGN.md §4). Every point stands inside its own zone and may deliver to a few
 * neighbouring zones of the same city; zones end up with different numbers of shops, as real districts do.
 */
import type { LngLat } from '../../../../core/rules/geo';
import type { WeeklySchedule } from '../../schema/catalog';
import type { IconKey } from '../images';
import type { ZoneKey } from './geo';

export type StoreKind = 'farm' | 'dairy' | 'bakery' | 'butcher' | 'greengrocer' | 'fish' | 'honey';

export type StoreSlug =
  | 'fermerskiy-dvor'
  | 'molochnaya-reka'
  | 'khlebnaya-lavka'
  | 'myasnoy-ryad'
  | 'zelenaya-gryadka'
  | 'rybnaya-gavan'
  | 'medovy-spas'
  | 'kostromskaya-syrovarnya';

export type PointSeed = {
  /** Unique within the store. */
  slug: string;
  name: string;
  address: string;
  /** [longitude, latitude], strictly inside `zone`. */
  at: LngLat;
  /** The zone the point stands in; it always delivers there. */
  zone: ZoneKey;
  /** Further zones of the same city the point delivers to. */
  alsoServes?: ZoneKey[];
  /** +7 and ten digits. */
  phone: string;
  isPickup: boolean;
  schedule: WeeklySchedule;
};

export type StoreSeed = {
  slug: StoreSlug;
  name: string;
  kind: StoreKind;
  description: string;
  logoIcon: IconKey;
  logoHue: number;
  rating: number;
  reviewsCount: number;
  minOrderRub: number;
  deliveryFeeRub: number;
  /** Delivery is free from this order total; null when it is never free. */
  freeDeliveryFromRub: number | null;
  points: PointSeed[];
};

type Hours = { open: string; close: string };

/** The same hours Monday to Saturday and, unless `sunday` is null, its own hours on Sunday. */
function week(open: string, close: string, sunday: Hours | null = { open, close }): WeeklySchedule {
  const weekday = { open, close };
  const schedule: WeeklySchedule = {
    '1': weekday,
    '2': weekday,
    '3': weekday,
    '4': weekday,
    '5': weekday,
    '6': weekday,
  };
  if (sunday) schedule['7'] = sunday;
  return schedule;
}

export const STORES: readonly StoreSeed[] = [
  {
    slug: 'fermerskiy-dvor',
    name: 'Фермерский двор',
    kind: 'farm',
    description:
      'Продукты с семейных ферм Ярославской и Костромской областей: деревенские яйца, птица, молоко, мёд и овощи с грядки. Привозим каждое утро, ничего не храним дольше двух дней.',
    logoIcon: 'eggs',
    logoHue: 95,
    rating: 4.8,
    reviewsCount: 1243,
    minOrderRub: 700,
    deliveryFeeRub: 199,
    freeDeliveryFromRub: 2500,
    points: [
      {
        slug: 'svobody',
        name: 'Фермерский двор на Свободы',
        address: 'Ярославль, ул. Свободы, 46',
        at: [39.8705, 57.6262],
        zone: 'yar-kirovsky',
        alsoServes: ['yar-leninsky', 'yar-krasnoperekopsky'],
        phone: '+74852305511',
        isPickup: true,
        schedule: week('08:00', '22:00'),
      },
      {
        slug: 'sakharova',
        name: 'Фермерский двор в Заволжье',
        address: 'Ярославль, ул. Сахарова, 13',
        at: [39.9712, 57.6693],
        zone: 'yar-zavolzhsky',
        phone: '+74852305512',
        isPickup: true,
        schedule: week('09:00', '21:00'),
      },
      {
        slug: 'kostroma-sovetskaya',
        name: 'Фермерский двор на Советской',
        address: 'Кострома, ул. Советская, 71',
        at: [40.9402, 57.7752],
        zone: 'kos-tsentralny',
        alsoServes: ['kos-fabrichny', 'kos-zavolzhsky'],
        phone: '+74942410071',
        isPickup: true,
        schedule: week('08:00', '21:00'),
      },
    ],
  },
  {
    slug: 'molochnaya-reka',
    name: 'Молочная река',
    kind: 'dairy',
    description:
      'Молочная лавка при хозяйстве в Некрасовском районе. Цельное молоко, кефир, ряженка, творог и сметана без сухого молока и растительных жиров, сыры собственной выдержки.',
    logoIcon: 'bottle',
    logoHue: 205,
    rating: 4.9,
    reviewsCount: 2087,
    minOrderRub: 500,
    deliveryFeeRub: 149,
    freeDeliveryFromRub: 1500,
    points: [
      {
        slug: 'lenina',
        name: 'Молочная река на проспекте Ленина',
        address: 'Ярославль, пр. Ленина, 24',
        at: [39.8742, 57.6531],
        zone: 'yar-leninsky',
        alsoServes: ['yar-kirovsky', 'yar-dzerzhinsky'],
        phone: '+74852447020',
        isPickup: true,
        schedule: week('08:00', '22:00'),
      },
      {
        slug: 'frunze',
        name: 'Молочная река на проспекте Фрунзе',
        address: 'Ярославль, пр. Фрунзе, 38',
        at: [39.8341, 57.5902],
        zone: 'yar-frunzensky',
        alsoServes: ['yar-krasnoperekopsky'],
        phone: '+74852447021',
        isPickup: true,
        schedule: week('08:00', '21:00'),
      },
      {
        slug: 'kostroma-mira',
        name: 'Молочная река на проспекте Мира',
        address: 'Кострома, пр. Мира, 21',
        at: [40.9183, 57.7693],
        zone: 'kos-tsentralny',
        phone: '+74942470021',
        isPickup: false,
        schedule: week('09:00', '20:00', { open: '10:00', close: '18:00' }),
      },
    ],
  },
  {
    slug: 'khlebnaya-lavka',
    name: 'Хлебная лавка',
    kind: 'bakery',
    description:
      'Пекарня полного цикла: ржаной хлеб на закваске, батоны, багеты, сдоба и пироги. Печём ночью, в лавки хлеб приезжает тёплым к открытию.',
    logoIcon: 'loaf',
    logoHue: 30,
    rating: 4.7,
    reviewsCount: 964,
    minOrderRub: 400,
    deliveryFeeRub: 129,
    freeDeliveryFromRub: 1200,
    points: [
      {
        slug: 'kirova',
        name: 'Хлебная лавка на Кирова',
        address: 'Ярославль, ул. Кирова, 10',
        at: [39.8889, 57.6271],
        zone: 'yar-kirovsky',
        phone: '+74852728010',
        isPickup: true,
        schedule: week('07:30', '21:00'),
      },
      {
        slug: 'leningradsky',
        name: 'Хлебная лавка на Ленинградском',
        address: 'Ярославль, Ленинградский пр., 52',
        at: [39.8293, 57.6802],
        zone: 'yar-dzerzhinsky',
        alsoServes: ['yar-leninsky'],
        phone: '+74852728011',
        isPickup: true,
        schedule: week('07:30', '21:00'),
      },
      {
        slug: 'bolshaya-fyodorovskaya',
        name: 'Хлебная лавка на Большой Фёдоровской',
        address: 'Ярославль, ул. Большая Фёдоровская, 75',
        at: [39.8968, 57.5981],
        zone: 'yar-krasnoperekopsky',
        alsoServes: ['yar-frunzensky'],
        phone: '+74852728012',
        isPickup: true,
        schedule: week('08:00', '20:00', { open: '09:00', close: '18:00' }),
      },
    ],
  },
  {
    slug: 'myasnoy-ryad',
    name: 'Мясной ряд',
    kind: 'butcher',
    description:
      'Охлаждённое мясо от проверенных хозяйств региона: говядина, свинина, баранина и птица. Разделываем при вас, делаем фарш и домашние колбасы по своим рецептам.',
    logoIcon: 'steak',
    logoHue: 5,
    rating: 4.6,
    reviewsCount: 758,
    minOrderRub: 1000,
    deliveryFeeRub: 249,
    freeDeliveryFromRub: 3500,
    points: [
      {
        slug: 'oktyabrya',
        name: 'Мясной ряд на проспекте Октября',
        address: 'Ярославль, пр. Октября, 56',
        at: [39.8857, 57.6628],
        zone: 'yar-leninsky',
        alsoServes: ['yar-zavolzhsky'],
        phone: '+74852590301',
        isPickup: true,
        schedule: week('09:00', '21:00'),
      },
      {
        slug: 'moskovsky',
        name: 'Мясной ряд на Московском',
        address: 'Ярославль, Московский пр., 108',
        at: [39.8412, 57.6043],
        zone: 'yar-frunzensky',
        phone: '+74852590302',
        isPickup: true,
        schedule: week('09:00', '21:00'),
      },
      {
        slug: 'kostroma-nikitskaya',
        name: 'Мясной ряд на Никитской',
        address: 'Кострома, ул. Никитская, 50',
        at: [40.9561, 57.7352],
        zone: 'kos-zavolzhsky',
        alsoServes: ['kos-tsentralny'],
        phone: '+74942510050',
        isPickup: true,
        schedule: week('09:00', '20:00', null),
      },
    ],
  },
  {
    slug: 'zelenaya-gryadka',
    name: 'Зелёная грядка',
    kind: 'greengrocer',
    description:
      'Овощи, фрукты, ягоды и зелень от тепличных хозяйств и огородников области, а в сезон — с южных рынков. Отбираем вручную, мятое и вялое не продаём.',
    logoIcon: 'carrot',
    logoHue: 110,
    rating: 4.5,
    reviewsCount: 1516,
    minOrderRub: 600,
    deliveryFeeRub: 169,
    freeDeliveryFromRub: 2000,
    points: [
      {
        slug: 'dzerzhinskogo',
        name: 'Зелёная грядка на Дзержинского',
        address: 'Ярославль, пр. Дзержинского, 21',
        at: [39.8454, 57.6897],
        zone: 'yar-dzerzhinsky',
        phone: '+74852664021',
        isPickup: true,
        schedule: week('08:00', '22:00'),
      },
      {
        slug: 'krasnoborskaya',
        name: 'Зелёная грядка на Красноборской',
        address: 'Ярославль, ул. Красноборская, 32',
        at: [39.9861, 57.6815],
        zone: 'yar-zavolzhsky',
        alsoServes: ['yar-leninsky'],
        phone: '+74852664022',
        isPickup: true,
        schedule: week('08:00', '22:00'),
      },
      {
        slug: 'chaykovskogo',
        name: 'Зелёная грядка на Чайковского',
        address: 'Ярославль, ул. Чайковского, 30',
        at: [39.8801, 57.6348],
        zone: 'yar-kirovsky',
        alsoServes: ['yar-frunzensky'],
        phone: '+74852664023',
        isPickup: false,
        schedule: week('08:00', '22:00'),
      },
    ],
  },
  {
    slug: 'rybnaya-gavan',
    name: 'Рыбная гавань',
    kind: 'fish',
    description:
      'Охлаждённая и замороженная рыба, морепродукты и икра. Красную рыбу солим сами, волжскую берём у рыбаков Рыбинского водохранилища.',
    logoIcon: 'fish',
    logoHue: 195,
    rating: 4.4,
    reviewsCount: 431,
    minOrderRub: 800,
    deliveryFeeRub: 199,
    freeDeliveryFromRub: null,
    points: [
      {
        slug: 'pervomayskaya',
        name: 'Рыбная гавань на Первомайской',
        address: 'Ярославль, Первомайская ул., 39',
        at: [39.9004, 57.6223],
        zone: 'yar-kirovsky',
        alsoServes: ['yar-leninsky', 'yar-dzerzhinsky', 'yar-frunzensky'],
        phone: '+74852203940',
        isPickup: true,
        schedule: week('10:00', '21:00'),
      },
      {
        slug: 'kostroma-tekstilshchikov',
        name: 'Рыбная гавань на Текстильщиков',
        address: 'Кострома, пр. Текстильщиков, 8',
        at: [40.9954, 57.7811],
        zone: 'kos-fabrichny',
        alsoServes: ['kos-tsentralny'],
        phone: '+74942315008',
        isPickup: true,
        schedule: week('10:00', '20:00'),
      },
    ],
  },
  {
    slug: 'medovy-spas',
    name: 'Медовый Спас',
    kind: 'honey',
    description:
      'Мёд с пасек Ярославской и Костромской областей, варенье, орехи, сухофрукты и травяные чаи. Каждую партию мёда проверяем в лаборатории.',
    logoIcon: 'jar',
    logoHue: 42,
    rating: 4.9,
    reviewsCount: 389,
    minOrderRub: 500,
    deliveryFeeRub: 149,
    freeDeliveryFromRub: 2000,
    points: [
      {
        slug: 'gagarina',
        name: 'Медовый Спас на Гагарина',
        address: 'Ярославль, ул. Гагарина, 18',
        at: [39.9312, 57.5962],
        zone: 'yar-krasnoperekopsky',
        alsoServes: ['yar-kirovsky'],
        phone: '+74852581818',
        isPickup: true,
        schedule: week('10:00', '20:00'),
      },
      {
        slug: 'kostroma-ivanovskaya',
        name: 'Медовый Спас на Ивановской',
        address: 'Кострома, ул. Ивановская, 27',
        at: [40.9843, 57.7664],
        zone: 'kos-fabrichny',
        phone: '+74942372727',
        isPickup: true,
        schedule: week('10:00', '19:00', { open: '11:00', close: '17:00' }),
      },
    ],
  },
  {
    slug: 'kostromskaya-syrovarnya',
    name: 'Костромская сыроварня',
    kind: 'dairy',
    description:
      'Семейная сыроварня из-под Костромы: костромской, российский, сулугуни, козьи сыры и молочка из того же молока. Сыры выдерживаем в собственных камерах от двух недель до года.',
    logoIcon: 'cheese',
    logoHue: 48,
    rating: 4.8,
    reviewsCount: 612,
    minOrderRub: 600,
    deliveryFeeRub: 179,
    freeDeliveryFromRub: 2500,
    points: [
      {
        slug: 'kostroma-susaninskaya',
        name: 'Сыроварня у Сусанинской площади',
        address: 'Кострома, ул. Молочная Гора, 3',
        at: [40.9268, 57.7671],
        zone: 'kos-tsentralny',
        phone: '+74942319003',
        isPickup: true,
        schedule: week('09:00', '21:00'),
      },
      {
        slug: 'kostroma-zavolzhskaya',
        name: 'Сыроварня в Заволжье',
        address: 'Кострома, ул. Центральная, 42',
        at: [40.9227, 57.7298],
        zone: 'kos-zavolzhsky',
        alsoServes: ['kos-fabrichny'],
        phone: '+74942319004',
        isPickup: true,
        schedule: week('09:00', '20:00'),
      },
      {
        slug: 'sovetskaya',
        name: 'Сыроварня на Советской',
        address: 'Ярославль, Советская ул., 69',
        at: [39.8905, 57.6389],
        zone: 'yar-kirovsky',
        alsoServes: ['yar-leninsky'],
        phone: '+74852279069',
        isPickup: true,
        schedule: week('09:00', '21:00'),
      },
    ],
  },
];
