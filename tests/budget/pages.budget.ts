/**
 * `npm run test:budget` (after `npm test` in .ci/run): the built server on a fresh data dir, each budgeted page
 * in each shopper state whose HTML differs (a guest, a guest with a delivery zone, a signed-in shopper with a
 * saved address and basket lines, three of them on its area's grids), weighed as tests/budget/page-weight.ts
 * counts, and compared with tests/budget/budgets.ts. The table of every measure beside its budget is printed
 * whether it passes or not.
 */
import { randomUUID } from 'node:crypto';
import { DELIVERY_AREA_COOKIE, formatDeliveryArea } from '@core/rules/delivery-area';
import { findZoneForPoint } from '@core/rules/geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCustomer } from '../chaos/support/customers';
import { type ServerProcess, startServer } from '../chaos/support/server-process';
import {
  BUDGETS,
  type Budget,
  GOALS,
  type Measure,
  PAGES,
  type PageName,
  STATES,
  type StateName,
} from './budgets';
import { type PageWeight, weighPage } from './page-weight';

/** Characters a system font draws on purpose: the ratings' star, as it always was. */
const OUTSIDE_THE_FONT = ['★'];

let server: ServerProcess;
const cookies = new Map<StateName, string>();
const paths = new Map<PageName, string>();
const weights = new Map<string, PageWeight>();
const key = (page: PageName, state: StateName) => `${page} · ${state}`;
/**
 * The shopper states a page is weighed in: those it has budgets for. /login redirects a signed-in shopper, and
 * /lk and the checkout a guest (to /login), so those pages have the states they render in.
 */
const statesOf = (page: PageName) => STATES.filter((state) => BUDGETS[page][state] !== undefined);

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${server.origin}${url}`, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

type Zone = { _id: string; zone: [number, number][][] };
type City = {
  _id: string;
  default: boolean;
  center: { longitude: number; latitude: number };
  delivery_areas: Zone[];
};
type Product = {
  _id: string;
  slug: string;
  /** Price in kopecks. */
  offer: { point: string; count: number; price: number } | null;
  /** Present on goods sold by weight (ADR 054), whose basket quantities are grams. */
  by_weight?: unknown;
};

/** What a product's stock in the area is worth, in kopecks. */
const worth = (item: Product) => (item.offer ? item.offer.count * item.offer.price : 0);

beforeAll(async () => {
  server = await startServer();
  const { products } = await json<{ products: Product[] }>('/api/catalog/products');
  const stores = await json<{ _id: string }[]>('/api/stores');
  const recipes = await json<{ items: { slug: string }[] }>('/api/recipes');
  // A product sold by the piece: its basket line is two pieces.
  const product = products.find((item) => !item.by_weight && item.offer && item.offer.count > 1);
  if (!product?.offer || !stores[0] || !recipes.items[0])
    throw new Error('the demo data lacks a page to weigh');
  paths.set('/', '/');
  paths.set('/catalog', '/catalog');
  paths.set('/product/{slug}', `/product/${product.slug}`);
  paths.set('/basket', '/basket');
  paths.set('/store/{id}', `/store/${stores[0]._id}`);
  paths.set('/recipes/{slug}', `/recipes/${recipes.items[0].slug}`);
  paths.set('/favourites', '/favourites');
  paths.set('/login', '/login');
  paths.set('/location', '/location');
  paths.set('/order', '/order');
  paths.set('/lk', '/lk');

  // The delivery zone at the default city's centre (the zone with the most shops, as the shopper matrix's).
  const { cities } = await json<{ cities: City[] }>('/api/settings');
  const city = cities.find((item) => item.default) ?? cities[0];
  const zone = city
    ? findZoneForPoint(
        [city.center.longitude, city.center.latitude],
        city.delivery_areas.map((area) => ({ id: area._id, polygon: area.zone })),
      )
    : undefined;
  if (!city || !zone) throw new Error('the demo data has no zone at its city’s centre');
  const area = (label?: string) =>
    `${DELIVERY_AREA_COOKIE}=${formatDeliveryArea({ mode: 'delivery', cityId: city._id, zoneId: zone.id, label })}`;
  cookies.set('guest', '');
  cookies.set('guest, delivery zone', area());

  // A signed-in shopper with a saved address (whose area cookie the browser then writes) and a basket line.
  const customer = await signInCustomer(server, 'Бюджет');
  await json('/api/user/me/addresses', {
    method: 'POST',
    headers: customer.headers,
    body: JSON.stringify({
      address: 'г. Ярославль, ул. Свободы, 1',
      shortAddress: 'ул. Свободы, 1',
      deliveryArea: zone.id,
      city: city._id,
      coordinates: city.center,
    }),
  });
  // An order of theirs (its page, /order/{slug}, is weighed), placed from a basket of one line worth 3,000 ₽,
  // over any shop's minimum, of the piece goods with the most stock in roubles.
  const [stocked] = products
    .filter((item) => !item.by_weight && item.offer)
    .sort((a, b) => worth(b) - worth(a));
  if (!stocked?.offer) throw new Error('the demo data has no product to order');
  await json('/api/user/me/basket', {
    method: 'PATCH',
    headers: customer.headers,
    body: JSON.stringify({
      warehouse_id: stocked.offer.point,
      product_id: stocked._id,
      quantity: Math.min(stocked.offer.count, Math.ceil(300_000 / stocked.offer.price)),
    }),
  });
  const placed = await json<{ orders: { slug: string }[] }>('/api/orders', {
    method: 'POST',
    headers: { ...customer.headers, 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      orders: [{ point: stocked.offer.point, fulfilment: 'pickup' }],
      phone: '+7 (906) 500-99-99',
      payment: 'cash',
    }),
  });
  const order = placed.orders[0];
  if (!order) throw new Error('the order was not placed');
  paths.set('/order/{slug}', `/order/${order.slug}`);
  await json('/api/user/me/basket', {
    method: 'PATCH',
    headers: customer.headers,
    body: JSON.stringify({ warehouse_id: product.offer.point, product_id: product._id, quantity: 2 }),
  });
  cookies.set('signed in', `${customer.headers.cookie}; ${area('ул. Свободы, 1')}`);
  // And lines of the first products its area's grids show, so their cards carry the counter (− amount +)
  // that a shopper with a basket sees, not 'В корзину'.
  const { products: inArea } = await json<{ products: Product[] }>('/api/catalog/products', {
    headers: { cookie: cookies.get('signed in') ?? '' },
  });
  const shown = inArea.filter((item) => !item.by_weight && item.offer && item.offer.count > 1).slice(0, 3);
  if (shown.length < 3) throw new Error('the demo data’s zone offers fewer than three products by the piece');
  for (const item of shown) {
    await json('/api/user/me/basket', {
      method: 'PATCH',
      headers: customer.headers,
      body: JSON.stringify({ warehouse_id: item.offer?.point, product_id: item._id, quantity: 1 }),
    });
  }

  const files = new Map<string, Promise<Buffer>>();
  const get = (url: string) => {
    let file = files.get(url);
    if (!file) {
      file = fetch(`${server.origin}${url}`, { headers: { 'accept-encoding': 'identity' } }).then(
        async (response) => {
          if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
          return Buffer.from(await response.arrayBuffer());
        },
      );
      files.set(url, file);
    }
    return file;
  };
  for (const page of PAGES) {
    for (const state of statesOf(page)) {
      const response = await fetch(`${server.origin}${paths.get(page)}`, {
        headers: { cookie: cookies.get(state) ?? '', 'accept-encoding': 'identity' },
      });
      const html = await response.text();
      if (response.status !== 200)
        throw new Error(`${key(page, state)}: ${response.status}\n${html.slice(0, 500)}`);
      weights.set(key(page, state), await weighPage(html, get));
    }
  }
  printTable();
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

const MEASURES: { measure: Measure; label: string; unit: 'KB' | 'files' }[] = [
  { measure: 'htmlBytes', label: 'HTML', unit: 'KB' },
  { measure: 'jsGzipBytes', label: 'JS gzip', unit: 'KB' },
  { measure: 'jsFiles', label: 'JS files', unit: 'files' },
  { measure: 'fontBytes', label: 'fonts', unit: 'KB' },
];

const show = (value: number, unit: 'KB' | 'files') =>
  unit === 'KB' ? (value / 1024).toFixed(1) : String(value);

function printTable(): void {
  const rows = [['page', 'state', ...MEASURES.map(({ label }) => `${label} (budget)`), 'CSS gzip KB']];
  for (const page of PAGES) {
    for (const state of statesOf(page)) {
      const weight = weights.get(key(page, state));
      const budget = BUDGETS[page][state];
      if (!weight || !budget) continue;
      rows.push([
        page,
        state,
        ...MEASURES.map(({ measure, unit }) => {
          const over = weight[measure] > budget[measure] ? ' OVER' : '';
          return `${show(weight[measure], unit)} (${show(budget[measure], unit)})${over}`;
        }),
        show(weight.cssGzipBytes, 'KB'),
      ]);
    }
  }
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const table = rows
    .map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '))
    .join('\n');
  const goals = Object.entries(GOALS)
    .map(([page, goal]) => `${page}: ${goalText(goal)}`)
    .join('\n');
  console.log(`Page weight, measured (budget), KB = 1024 bytes\n\n${table}\n\nIssue 23's goals:\n${goals}\n`);
}

function goalText(goal: Partial<Budget>): string {
  return MEASURES.filter(({ measure }) => goal[measure] !== undefined)
    .map(
      ({ measure, label, unit }) =>
        `${label} ≤ ${show(goal[measure] ?? 0, unit)}${unit === 'KB' ? ' KB' : ''}`,
    )
    .join(', ');
}

describe('page weight budgets (tests/budget/budgets.ts)', () => {
  for (const page of PAGES) {
    for (const state of statesOf(page)) {
      it(`${page} · ${state}`, () => {
        const weight = weights.get(key(page, state));
        const budget = BUDGETS[page][state];
        expect(weight, 'weighed').toBeDefined();
        if (!weight || !budget) return;
        const over = MEASURES.filter(({ measure }) => weight[measure] > budget[measure]).map(
          ({ measure, label, unit }) =>
            `${label}: ${show(weight[measure], unit)} > budget ${show(budget[measure], unit)}` +
            (measure === 'jsFiles' || measure === 'jsGzipBytes' ? `\n  ${weight.jsUrls.join('\n  ')}` : '') +
            (measure === 'fontBytes' ? `\n  ${weight.fontUrls.join('\n  ')}` : ''),
        );
        expect(over, 'over budget: make the page lighter, or raise its budget on purpose in an ADR').toEqual(
          [],
        );
      });
    }
  }

  it('no page preloads its scripts ahead of its stylesheet: each modulepreload is low priority', () => {
    const eager = [...weights].flatMap(([name, weight]) =>
      weight.eagerScripts.map((url) => `${name}: ${url}`),
    );
    expect(eager).toEqual([]);
  });

  it('every character the pages write is in the web font (scripts/build-font.ts FONT_RANGES)', () => {
    const uncovered = new Set<string>();
    for (const weight of weights.values()) for (const char of weight.uncovered) uncovered.add(char);
    for (const char of OUTSIDE_THE_FONT) uncovered.delete(char);
    expect(
      [...uncovered].map((char) => `${char} U+${char.codePointAt(0)?.toString(16).toUpperCase()}`),
    ).toEqual([]);
  });

  it('no budget is above its goal where the goal is met (budgets.ts keeps the line)', () => {
    const loose: string[] = [];
    for (const [page, goal] of Object.entries(GOALS) as [PageName, Partial<Budget>][]) {
      for (const state of statesOf(page)) {
        for (const { measure } of MEASURES) {
          const target = goal[measure];
          const weight = weights.get(key(page, state));
          const budget = BUDGETS[page][state];
          if (target === undefined || !weight || !budget) continue;
          if (weight[measure] <= target && budget[measure] > target) {
            loose.push(
              `${key(page, state)} ${measure}: the goal ${target} is met, the budget ${budget[measure]} is above it`,
            );
          }
        }
      }
    }
    expect(loose).toEqual([]);
  });
});
