/**
 * The demo products sold by weight (issue 27, ADR 054): meat, cheese by weight, fish, fruit and vegetables,
 * by their exact product names (`${name} ${label}` of products.ts; names stay as they are, recipes link to
 * them). A '1 кг' pack's price is the price per kilogram; another pack's is scaled to a kilogram. `piece`: bought
 * by the piece, priced by weight (a melon, a fish), one piece about so heavy and the step.
 */
export type WeightGood = { step: number; min: number; piece?: number };

const BY_100_FROM_200: WeightGood = { step: 100, min: 200 };
const BY_100_FROM_300: WeightGood = { step: 100, min: 300 };
const BY_100_FROM_500: WeightGood = { step: 100, min: 500 };
const BY_500: WeightGood = { step: 500, min: 500 };
const piece = (grams: number): WeightGood => ({ step: grams, min: grams, piece: grams });

export const WEIGHT_GOODS: Readonly<Record<string, WeightGood>> = {
  // Cheese by weight
  'Сыр костромской 45% 1 кг': BY_100_FROM_200,
  'Сыр сливочный молодой 1 кг': BY_100_FROM_200,
  // Meat
  'Говядина, вырезка 1 кг': BY_100_FROM_300,
  'Говядина, мякоть лопатки 1 кг': BY_100_FROM_300,
  'Говядина, грудинка на кости 1 кг': BY_100_FROM_500,
  'Свинина, шея 1 кг': BY_100_FROM_300,
  'Свинина, корейка на кости 1 кг': BY_100_FROM_500,
  'Свиные рёбрышки 1 кг': BY_100_FROM_500,
  'Баранина, лопатка 1 кг': BY_100_FROM_500,
  'Курица, филе грудки 1 кг': BY_100_FROM_300,
  'Курица, бёдра 1 кг': BY_100_FROM_500,
  'Курица, голени 1 кг': BY_100_FROM_500,
  'Курица, крылья 1 кг': BY_100_FROM_500,
  'Курица, окорочка 1 кг': BY_100_FROM_500,
  'Индейка, филе бедра 1 кг': BY_100_FROM_300,
  'Язык говяжий 1 кг': piece(900),
  // Fish
  'Сёмга охлаждённая, филе 1 кг': BY_100_FROM_300,
  'Форель радужная охлаждённая 1 кг': piece(700),
  'Судак волжский 1 кг': piece(1_200),
  'Щука речная 1 кг': piece(1_500),
  'Минтай, филе 1 кг': BY_100_FROM_500,
  'Дорадо охлаждённая 400 г': piece(400),
  'Сибас охлаждённый 400 г': piece(400),
  'Креветки королевские 1 кг': BY_100_FROM_300,
  'Горбуша потрошёная 1 кг': piece(1_300),
  'Камбала дальневосточная 1 кг': piece(600),
  'Хек, тушка 1 кг': piece(500),
  // Vegetables
  'Картофель молодой 1 кг': BY_500,
  'Картофель Гала 1 кг': BY_500,
  'Картофель Ред Скарлетт 1 кг': BY_500,
  'Морковь мытая 1 кг': BY_500,
  'Морковь 1 кг': BY_500,
  'Свёкла столовая 1 кг': BY_500,
  'Свёкла молодая 1 кг': BY_500,
  'Лук репчатый 1 кг': BY_500,
  'Капуста белокочанная 1 кг': piece(1_500),
  'Капуста цветная 1 кг': piece(700),
  'Капуста пекинская 1 кг': piece(800),
  'Огурцы фермерские грунтовые 1 кг': BY_100_FROM_500,
  'Огурцы среднеплодные 1 кг': BY_100_FROM_500,
  'Помидоры розовые 1 кг': BY_100_FROM_500,
  'Кабачок фермерский 1 кг': piece(350),
  'Кабачок молодой 1 кг': piece(350),
  'Баклажаны 1 кг': BY_100_FROM_500,
  'Тыква мускатная 1 кг': piece(1_500),
  // Fruit
  'Яблоки Антоновка 1 кг': BY_500,
  'Яблоки Голден 1 кг': BY_500,
  'Яблоки Гренни Смит 1 кг': BY_500,
  'Груши Конференс 1 кг': BY_500,
  'Бананы 1 кг': BY_500,
  'Апельсины 1 кг': BY_500,
  'Мандарины 1 кг': BY_500,
  'Гранат 1 кг': BY_100_FROM_500,
  'Хурма королёк 1 кг': BY_100_FROM_500,
  'Персики 1 кг': BY_100_FROM_500,
  'Слива 1 кг': BY_100_FROM_500,
  'Арбуз астраханский 8 кг': piece(8_000),
};
