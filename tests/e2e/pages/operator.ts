/** The operator console (/operator, ADR 034) and the customer's side of a console journey, through the API. */
import { type APIRequestContext, expect, type Locator, type Page, request } from '@playwright/test';
import { codeFromOutbox } from './auth';
import { findProducts } from './basket';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A weighed line's field is named after its product: 'Сыр …: заказано 300 г'. */
const weightFieldName = (productName: string) => new RegExp(`^${escapeRegExp(productName)}:`);

export class OperatorConsole {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Консоль оператора' });
  }

  get sections(): Locator {
    return this.page.getByRole('navigation', { name: 'Разделы консоли' });
  }

  get conversations(): Locator {
    return this.page.getByRole('region', { name: 'Диалоги' });
  }

  conversation(customerName: string): Locator {
    return this.conversations.getByRole('link', { name: new RegExp(`^${customerName}`) });
  }

  /** The open conversation: a region named after its customer. */
  openConversation(customerName: string): Locator {
    return this.page.getByRole('region', { name: customerName, exact: true });
  }

  get connection(): Locator {
    return this.page.getByRole('status').filter({ hasText: /^(Обновления|Подключаемся|Нет связи|Сеанс)/ });
  }

  get messages(): Locator {
    return this.page.getByRole('log', { name: 'Сообщения' });
  }

  get reply(): Locator {
    return this.page.getByRole('textbox', { name: 'Ответ клиенту' });
  }

  get customerOrders(): Locator {
    return this.page.getByRole('complementary', { name: 'Заказы клиента' });
  }

  /** An order's card on the board. */
  boardOrder(number: number): Locator {
    return this.page.locator(`#order-${number}`);
  }

  boardStatus(number: number, label: string): Locator {
    return this.boardOrder(number).getByText(`Статус: ${label}`, { exact: true });
  }

  /** A weighed line's field on an order's card (ADR 054): 'Сыр …: заказано 300 г'. */
  weightField(number: number, productName: string): Locator {
    return this.boardOrder(number).getByRole('spinbutton', { name: weightFieldName(productName) });
  }

  weighButton(number: number, productName: string): Locator {
    // The inner locator of `has` is matched inside each form, so it must not start from the card again
    // (`#order-N` is no form's descendant): that one matched nothing, and the click waited for ever.
    return this.boardOrder(number)
      .locator('form')
      .filter({ has: this.page.getByRole('spinbutton', { name: weightFieldName(productName) }) })
      .getByRole('button', { name: 'Взвесить' });
  }

  moveButton(number: number, label: string): Locator {
    return this.boardOrder(number)
      .getByRole('group', { name: 'Перевести в статус' })
      .getByRole('button', { name: label, exact: true });
  }
}

/**
 * Opens the console as a guest: sent to the login page (the same SMS login as customers), back to /operator
 * once signed in.
 */
export async function signInToConsole(
  page: Page,
  operator: { name: string; phone: string; phoneDigits: string },
): Promise<OperatorConsole> {
  await page.goto('/operator');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Foperator$/);
  const login = page.getByRole('region', { name: 'Добро пожаловать' });
  await login.getByRole('textbox', { name: 'Имя' }).fill(operator.name);
  await login.getByRole('textbox', { name: 'Телефон' }).pressSequentially(operator.phoneDigits);
  await login.getByRole('button', { name: 'Получить код' }).click();
  const codeStep = page.getByRole('region', { name: 'Введите код' });
  await codeStep.getByRole('textbox', { name: 'Код из SMS' }).fill(await codeFromOutbox(operator.phone));
  await codeStep.getByRole('button', { name: 'Войти', exact: true }).click();
  const operatorConsole = new OperatorConsole(page);
  await expect(operatorConsole.heading).toBeVisible();
  await expect(page).toHaveURL(/\/operator$/);
  return operatorConsole;
}

/** A customer of the journey, signed in through the API (SPEC §7 token), with their own client address. */
export type ApiCustomer = { token: string; api: APIRequestContext; close(): Promise<void> };

export async function signInThroughApi(
  baseURL: string,
  clientAddress: string,
  name: string,
  phoneDigits: string,
): Promise<ApiCustomer> {
  const anonymous = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress },
  });
  const sent = await anonymous.post('/api/user/code', { data: { name, phone: `8${phoneDigits}` } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = await codeFromOutbox(`+7${phoneDigits}`);
  const login = await anonymous.post('/api/user/login', { data: { phone: `8${phoneDigits}`, code } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  await anonymous.dispose();
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}`, 'X-Forwarded-For': clientAddress },
  });
  return { token, api, close: () => api.dispose() };
}

type Store = { _id: string; min_order: number };
type Point = { _id: string; city: string; coordinates: { longitude: number; latitude: number } };

/**
 * One delivery order placed through the API, as the checkout page would: a product up to the shop's minimum
 * order, an address where its point delivers, the latest free slot. Returns its number. A browser's own
 * session (`page.request`) passes the same-origin header its changes need.
 */
export async function placeDeliveryOrder(
  customer: Pick<ApiCustomer, 'api'>,
  headers: Record<string, string> = {},
): Promise<number> {
  const { api } = customer;
  const stores = (await (await api.get('/api/stores')).json()) as Store[];
  const products = await findProducts(api, () => false);
  for (const product of products) {
    const store = stores.find((item) => item._id === product.store._id);
    if (!product.offer || !store) continue;
    const quantity = Math.max(1, Math.ceil(store.min_order / product.offer.price));
    if (quantity > Math.min(product.offer.count, 20)) continue;
    const [point] = (await (
      await api.get(`/api/points/list?points=${product.offer.point}`)
    ).json()) as Point[];
    const slots = (await (await api.get(`/api/points/${product.offer.point}/slots`)).json()) as {
      start: string;
      is_full: boolean;
    }[];
    // The latest free slot: the earliest can pass its cut-off while a loaded machine gets there.
    const slot = slots.findLast((item) => !item.is_full);
    if (!point || !slot) continue;
    const put = await api.patch('/api/user/me/basket', {
      headers,
      data: { warehouse_id: product.offer.point, product_id: product._id, quantity },
    });
    expect(put.ok(), await put.text()).toBe(true);
    const saved = await api.post('/api/user/me/addresses', {
      headers,
      data: {
        address: 'г. Ярославль, ул. Операторская, 5',
        shortAddress: 'ул. Операторская, 5',
        deliveryArea: '00000000-0000-4000-8000-000000000000',
        city: point.city,
        coordinates: point.coordinates,
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const { _id: addressId } = (await saved.json()) as { _id: string };
    const placed = await api.post('/api/orders', {
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      data: {
        orders: [
          {
            point: product.offer.point,
            fulfilment: 'delivery',
            slot: slot.start,
            address: { id: addressId },
          },
        ],
        phone: '+7 (912) 000-03-99',
        payment: 'cash',
      },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
    const [order] = ((await placed.json()) as { orders: { number: number }[] }).orders;
    if (!order) throw new Error('no order placed');
    return order.number;
  }
  throw new Error('no product to deliver');
}
