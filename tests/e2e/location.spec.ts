/**
 * Issue 21, location first (ADR 038): a fresh visitor shops in a city, not in whichever city has the most
 * stock; an address can be typed (suggestions) or found by the browser's geolocation as well as clicked on
 * the map; a valid pick clears the out-of-zone warning at once; a basket line whose point cannot serve the
 * chosen address moves to one that can in one action; and without JavaScript the address and pickup choice
 * are plain forms.
 */
import type { Point } from '@core/contracts/catalog';
import type { City } from '@core/contracts/content';
import { findZoneForPoint, type LngLat } from '@core/rules/geo';
import type { APIRequestContext, Page } from '@playwright/test';
import { boxOf, expect, expectAccessible, expectAccessibleWithListOpen, test } from './fixtures';
import { AddressDialog } from './pages/address-dialog';
import { actAsDistinctClient, toast } from './pages/auth';
import { BasketControl, BasketPage, type CatalogProduct, findProducts } from './pages/basket';
import { Shell } from './pages/shell';

const OUTSIDE = 'Выбранная точка находится за пределами зон доставки.';
/** SPEC's own example: a cheese the Кострома point has most of, and a Ярославль point has too. */
const CHEESE = { slug: 'syr-rossiyskiy-50-300-g', name: 'Сыр российский 50% 300 г' };

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

type Warehouse = { point: { _id: string; name: string }; zone: string[]; count: number };

async function citiesOf(request: APIRequestContext): Promise<City[]> {
  return ((await (await request.get('/api/settings')).json()) as { cities: City[] }).cities;
}

async function pointsOf(request: APIRequestContext): Promise<Point[]> {
  const stores = (await (await request.get('/api/stores')).json()) as { _id: string }[];
  const lists = await Promise.all(
    stores.map(
      async (store) => (await (await request.get(`/api/store/${store._id}/points`)).json()) as Point[],
    ),
  );
  return lists.flat();
}

/** The catalogue total a page shows ('123 товара'). */
async function catalogueTotal(page: Page): Promise<number> {
  const text = await page
    .getByRole('main')
    .getByText(/^\d+\s(товар|товара|товаров)$/)
    .textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

/**
 * A product of Ярославль whose city offer (the point with the most stock there) does not deliver to a zone
 * that another point stocking it does deliver to; and the address of a point standing in that zone (what the
 * shopper types).
 */
async function swapSample(request: APIRequestContext) {
  const cities = await citiesOf(request);
  const yaroslavl = cities.find((city) => city.name === 'Ярославль');
  if (!yaroslavl) throw new Error('no Ярославль');
  const zones = yaroslavl.delivery_areas.map((zone) => ({ id: zone._id, polygon: zone.zone }));
  const points = (await pointsOf(request)).filter((point) => point.city === yaroslavl._id);
  const homeZone = (point: Point) =>
    findZoneForPoint([point.coordinates.longitude, point.coordinates.latitude] as LngLat, zones)?.id;
  const products = await findProducts(request, () => false);
  for (const product of products) {
    const detail = (await (await request.get(`/api/products/${product._id}`)).json()) as CatalogProduct & {
      warehouse: Warehouse[];
    };
    const inCity = detail.warehouse
      .filter((entry) => entry.count > 0 && points.some((point) => point._id === entry.point._id))
      .sort((a, b) => b.count - a.count || a.point._id.localeCompare(b.point._id));
    const [offer, ...others] = inCity;
    if (!offer) continue;
    for (const other of others) {
      for (const zoneId of other.zone) {
        if (offer.zone.includes(zoneId)) continue;
        const home = points.find((point) => homeZone(point) === zoneId);
        if (home) return { product: detail, from: offer.point, home };
      }
    }
  }
  throw new Error('the demo data has no product to swap');
}

/** Types into the popup's address field and takes the suggestion named `short`. */
async function typeAddress(page: Page, popup: AddressDialog, text: string, short: string) {
  await popup.address.fill(text);
  const option = page.getByRole('option', { name: new RegExp(`^${short}`) });
  await expect(option.first()).toBeVisible();
  return option.first();
}

test.describe('location first', () => {
  test('a fresh visitor on a product page is in Ярославль, not at the Кострома point with the most stock', async ({
    page,
  }) => {
    const shell = new Shell(page);
    const popup = new AddressDialog(page);
    await page.goto(`/product/${CHEESE.slug}`);
    const main = page.getByRole('main');
    await expect(main.getByLabel('Ваш город')).toHaveValue(/.+/);
    await expect(main.getByLabel('Ваш город').locator('option:checked')).toHaveText('Ярославль');
    // The Кострома point is listed, but as another city's; nothing is sold from it here.
    const stockList = main.getByRole('region', { name: 'Где есть в наличии' });
    await expect(stockList.getByRole('listitem').filter({ hasText: 'проспекте Мира' })).toContainText(
      'В другом городе',
    );
    await expect(stockList.getByRole('listitem').filter({ hasText: 'проспекте Фрунзе' })).not.toContainText(
      'В другом городе',
    );
    await expectAccessible(page);

    await new BasketControl(main, CHEESE.name).add.click();
    await expect(new BasketControl(main, CHEESE.name).stepper).toBeVisible();

    // An address by typing, in the zone the Ярославль point delivers to.
    await main.getByRole('link', { name: 'Укажите адрес доставки' }).click();
    await expect(popup.dialog).toBeVisible();
    await expect(popup.city.locator('option:checked')).toHaveText('Ярославль');
    await (await typeAddress(page, popup, 'Фрунзе 38', 'пр. Фрунзе, 38')).click();
    await expect(popup.address).toHaveValue('г. Ярославль, пр. Фрунзе, 38');
    await popup.dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(popup.dialog).toBeHidden();
    await expect(shell.header.getByRole('button', { name: 'пр. Фрунзе, 38' })).toBeVisible();

    // The basket holds the Ярославль point's line, which delivers there: nothing to swap, no warning.
    await page.goto('/basket');
    const basket = new BasketPage(page);
    await expect(basket.groups).toHaveCount(1);
    await expect(basket.groups.first()).toContainText('Молочная река на проспекте Фрунзе');
    await expect(basket.groups.first()).not.toContainText('не доставляет');
  });

  test('a basket line whose point cannot deliver to the chosen address moves to one that can, in one action', async ({
    page,
  }) => {
    test.slow();
    const sample = await swapSample(page.request);
    const shell = new Shell(page);
    const popup = new AddressDialog(page);
    await page.goto(`/product/${sample.product.slug}`);
    const main = page.getByRole('main');
    const buy = main.getByRole('group', { name: 'Купить в точке' });
    if ((await buy.count()) > 0)
      await expect(buy.getByRole('radio', { name: new RegExp(sample.from.name) })).toBeChecked();
    await new BasketControl(main, sample.product.name).add.click();
    await expect(new BasketControl(main, sample.product.name).stepper).toBeVisible();

    const street = sample.home.address.replace(/^Ярославль, /, '');
    await shell.header.getByRole('button', { name: 'Укажите адрес доставки' }).click();
    await (await typeAddress(page, popup, street, street)).click();
    await popup.dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(popup.dialog).toBeHidden();

    await page.goto('/basket');
    const basket = new BasketPage(page);
    const stale = basket.groups.filter({ hasText: sample.from.name });
    await expect(stale).toContainText('Эта точка не доставляет по вашему адресу');
    const swap = stale.getByRole('button', {
      name: new RegExp(`^Перенести в точку «.+»: ${sample.product.name}$`),
    });
    await expect(swap).toBeVisible();
    await expectAccessible(page);
    await swap.click();
    await expect(basket.groups.filter({ hasText: sample.from.name })).toHaveCount(0);
    await expect(basket.groups).toHaveCount(1);
    await expect(basket.quantity(sample.product.name)).toHaveValue('1');
    await expect(basket.groups.first()).not.toContainText('не доставляет');
  });

  test('an address by typing: suggestions from 3 letters, the keyboard picks one, the map shows it', async ({
    page,
  }) => {
    const shell = new Shell(page);
    const popup = new AddressDialog(page);
    await page.goto('/');
    await shell.header.getByRole('button', { name: 'Укажите адрес доставки' }).click();
    await expect(popup.dialog).toBeVisible();
    await popup.address.fill('Сво');
    await expect(page.getByRole('option').first()).toBeVisible();
    await popup.address.fill('свободы 46');
    await expect(page.getByRole('option', { name: /^ул\. Свободы, 46/ })).toBeVisible();
    await expectAccessibleWithListOpen(page);
    await popup.address.press('ArrowDown');
    await popup.address.press('Enter');
    await expect(popup.address).toHaveValue('г. Ярославль, ул. Свободы, 46');
    await expect(popup.dialog.locator('.leaflet-marker-icon')).toHaveCount(1);
    await popup.dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(popup.dialog).toBeHidden();
    await expect(shell.toast('Адрес успешно сохранен')).toBeVisible();
    await expect(shell.header.getByRole('button', { name: 'ул. Свободы, 46' })).toBeVisible();
    // A street the city does not have says so.
    await shell.header.getByRole('button', { name: 'ул. Свободы, 46' }).click();
    await popup.address.fill('Тверская 1');
    await expect(page.getByRole('listbox', { name: 'Найденные адреса' })).toContainText(
      'Адрес не найден — отметьте дом на карте',
    );
  });

  test('a valid pick clears the out-of-zone warning at once, not five seconds later', async ({ page }) => {
    const shell = new Shell(page);
    const popup = new AddressDialog(page);
    await page.goto('/');
    await shell.header.getByRole('button', { name: 'Укажите адрес доставки' }).click();
    await popup.dialog.getByRole('button', { name: 'Выбрать на карте' }).click();
    const box = await boxOf(popup.map);
    await page.mouse.click(box.x + 12, box.y + box.height - 12);
    await expect(popup.dialog.getByRole('alert')).toHaveText(OUTSIDE);
    await popup.dialog.getByRole('button', { name: 'Отметить центр карты' }).click();
    // By the time the valid point's address is in the field, the warning is gone (the toast lasts 5 s).
    await expect(popup.address).toHaveValue(/^г\. Ярославль, /);
    expect(await popup.dialog.getByRole('alert').count()).toBe(0);
  });

  test.describe('the browser’s geolocation', () => {
    // ул. Свободы, 46: a shop's address in Ярославль's Кировский district.
    test.use({ geolocation: { latitude: 57.6262, longitude: 39.8705 }, permissions: ['geolocation'] });

    test('«Определить местоположение» puts the pin where the browser is and checks the zone', async ({
      page,
      context,
    }) => {
      const shell = new Shell(page);
      const popup = new AddressDialog(page);
      await page.goto('/');
      await shell.header.getByRole('button', { name: 'Укажите адрес доставки' }).click();
      await popup.dialog.getByRole('button', { name: 'Определить местоположение' }).click();
      await expect(popup.address).toHaveValue('г. Ярославль, ул. Свободы, 46');
      await expect(popup.dialog.locator('.leaflet-marker-icon')).toHaveCount(1);
      await expectAccessible(page);

      // In Кострома: the city select follows.
      await context.setGeolocation({ latitude: 57.7752, longitude: 40.9402 });
      await popup.dialog.getByRole('button', { name: 'Определить местоположение' }).click();
      await expect(popup.city.locator('option:checked')).toHaveText('Кострома');
      await expect(popup.address).toHaveValue(/^г\. Кострома, /);

      // Far from every zone (Москва): only the warning.
      await context.setGeolocation({ latitude: 55.75, longitude: 37.62 });
      await popup.dialog.getByRole('button', { name: 'Определить местоположение' }).click();
      await expect(toast(page, OUTSIDE, 'alert')).toBeVisible();

      await context.setGeolocation({ latitude: 57.7752, longitude: 40.9402 });
      await popup.dialog.getByRole('button', { name: 'Определить местоположение' }).click();
      await expect(popup.address).toHaveValue(/^г\. Кострома, /);
      await popup.dialog.getByRole('button', { name: 'Сохранить' }).click();
      await expect(popup.dialog).toBeHidden();
    });
  });

  test('a shop that does not deliver to the address says so, with its pickup points; /shops marks it', async ({
    page,
  }) => {
    test.slow();
    const shell = new Shell(page);
    const popup = new AddressDialog(page);
    await page.goto('/');
    await shell.header.getByRole('button', { name: 'Укажите адрес доставки' }).click();
    await (await typeAddress(page, popup, 'свободы 46', 'ул. Свободы, 46')).click();
    await popup.dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(popup.dialog).toBeHidden();

    // Which shops have a point delivering to ул. Свободы, 46 (Кировский), from the API.
    const cities = await citiesOf(page.request);
    const yaroslavl = cities.find((city) => city.name === 'Ярославль');
    const zoneId = findZoneForPoint(
      [39.8705, 57.6262],
      (yaroslavl?.delivery_areas ?? []).map((zone) => ({ id: zone._id, polygon: zone.zone })),
    )?.id;
    const points = await pointsOf(page.request);
    const stores = (await (await page.request.get('/api/stores')).json()) as {
      _id: string;
      name: string;
      slug: string;
    }[];
    const delivers = (storeId: string) =>
      points.some((point) => point.store._id === storeId && point.zones.includes(zoneId ?? ''));
    const away = stores.find(
      (store) =>
        !delivers(store._id) && points.some((point) => point.store._id === store._id && point.is_pickup),
    );
    const near = stores.find((store) => delivers(store._id));
    if (!away || !near) throw new Error('the demo data has no shop outside Кировский, or none inside');

    await page.goto('/shops');
    const card = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(card(away.name)).toContainText('Не доставляет по вашему адресу');
    await expect(card(near.name)).toContainText('Доставляет по вашему адресу');
    await expect(card(near.name)).not.toContainText('Не доставляет');
    await expectAccessible(page);

    await page.goto(`/catalog/${away.slug}`);
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { name: 'Этот магазин не доставляет по вашему адресу' }),
    ).toBeVisible();
    await expect(main).not.toContainText('Ничего не нашлось');
    await expectAccessible(page);
    const pickHere = main.getByRole('button', { name: /^Забрать здесь: / }).first();
    await pickHere.click();
    // Its pickup point is the area now: the shop's page has its assortment.
    await expect(
      main.getByRole('heading', { name: 'Этот магазин не доставляет по вашему адресу' }),
    ).toHaveCount(0);
    expect(await catalogueTotal(page)).toBeGreaterThan(0);
    await expect(shell.header.getByRole('button', { name: new RegExp(`^${away.name}, `) })).toBeVisible();
  });
});

test('the location page’s forms work with JavaScript too: the houses of a street to choose from', async ({
  page,
}) => {
  const shell = new Shell(page);
  await page.goto('/location?back=%2Fshops');
  const main = page.getByRole('main');
  await expectAccessible(page);
  await main.getByLabel('Улица и дом').fill('Свободы');
  await main.getByRole('button', { name: 'Сохранить' }).click();
  await expect(main.getByRole('status')).toHaveText('Уточните адрес: выберите дом из списка');
  await expectAccessible(page);
  await main.getByRole('button', { name: 'Выбрать адрес: ул. Свободы, 46' }).click();
  await expect(page).toHaveURL(/\/shops$/);
  await expect(shell.header.getByRole('button', { name: 'ул. Свободы, 46' })).toBeVisible();
  await expect(shell.toast('Адрес успешно сохранен')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header’s address line leads to plain forms: a city and a street, then a pickup point', async ({
    page,
  }) => {
    test.slow();
    const shell = new Shell(page);
    await page.goto('/catalog');
    const cityTotal = await catalogueTotal(page);
    await shell.header.getByRole('button', { name: 'Укажите адрес доставки' }).click();
    await expect(page).toHaveURL(/\/location\?back=%2Fcatalog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Укажите ваш адрес' })).toBeVisible();
    // axe needs JavaScript in the page: the same forms are checked with it (the test before this one).

    const main = page.getByRole('main');
    // A street the city does not have: the form says so and keeps what was typed.
    await main.getByLabel('Город').first().selectOption({ label: 'Ярославль' });
    await main.getByLabel('Улица и дом').fill('Тверская 1');
    await main.getByRole('button', { name: 'Сохранить' }).click();
    await expect(main.getByRole('alert')).toContainText('Не нашли адрес «Тверская 1»');
    await expect(main.getByLabel('Улица и дом')).toHaveValue('Тверская 1');

    // The street without a house: the houses to choose from.
    await main.getByLabel('Улица и дом').fill('Свободы');
    await main.getByRole('button', { name: 'Сохранить' }).click();
    await expect(main.getByRole('status')).toHaveText('Уточните адрес: выберите дом из списка');
    await main.getByRole('button', { name: 'Выбрать адрес: ул. Свободы, 46' }).click();

    // Back on the catalogue, rendered for the address.
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(shell.header.getByRole('button', { name: 'ул. Свободы, 46' })).toBeVisible();
    const districtTotal = await catalogueTotal(page);
    expect(districtTotal).toBeGreaterThan(0);
    expect(districtTotal).toBeLessThanOrEqual(cityTotal);

    // Pickup: a point from the list.
    await shell.header.getByRole('button', { name: 'ул. Свободы, 46' }).click();
    const pickup = main.getByRole('list', { name: 'Пункты самовывоза: Ярославль' });
    const first = pickup.getByRole('button', { name: /^Забрать здесь: / }).first();
    const label = ((await first.getAttribute('aria-label')) ?? '').replace('Забрать здесь: ', '');
    await first.click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(shell.header.getByRole('button', { name: /, / })).toBeVisible();
    await page.goto('/location');
    await expect(main.getByRole('button', { name: `Забрать здесь: ${label}` })).toHaveText('Выбрано');
  });

  test('a product page’s city select works as a form', async ({ page }) => {
    await page.goto(`/product/${CHEESE.slug}`);
    const main = page.getByRole('main');
    await main.getByLabel('Ваш город').selectOption({ label: 'Кострома' });
    await main.getByRole('button', { name: 'Выбрать', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${CHEESE.slug}$`));
    await expect(main.getByLabel('Ваш город').locator('option:checked')).toHaveText('Кострома');
    const stockList = main.getByRole('region', { name: 'Где есть в наличии' });
    await expect(stockList.getByRole('listitem').filter({ hasText: 'проспекте Фрунзе' })).toContainText(
      'В другом городе',
    );
  });
});
