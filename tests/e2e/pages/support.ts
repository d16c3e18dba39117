/**
 * The live cabinet (ADR 033): the notification list, the support chat, and the other side of them — a support
 * operator working through /api/operator/* with a bearer token and a socket of their own, as the console does.
 */
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import NodeWebSocket from 'ws';
import { E2E_SUPPORT_OPERATOR } from '../operator-account';
import { codeFromOutbox, smsCount } from './auth';

export const SAME_ORIGIN = { 'x-requested-with': 'XMLHttpRequest' };

/** The cabinet's 'Уведомления' tab. */
export class NotificationsTab {
  constructor(readonly page: Page) {}

  get list(): Locator {
    return this.page.getByRole('region', { name: /^Мои уведомления/ });
  }

  /** One notification: a button whose name holds its title, text and 'Не прочитано' while unread. */
  item(text: string | RegExp): Locator {
    return this.list.getByRole('listitem').filter({ hasText: text }).getByRole('button');
  }

  get unreadLabels(): Locator {
    return this.list.getByText('Не прочитано', { exact: true });
  }

  get readAll(): Locator {
    return this.list.getByRole('button', { name: 'Прочитать все' });
  }
}

/** The cabinet's 'Чат поддержки' tab. */
export class ChatTab {
  constructor(readonly page: Page) {}

  get panel(): Locator {
    return this.page.getByRole('region', { name: 'Чат поддержки' });
  }

  get log(): Locator {
    return this.panel.getByRole('log', { name: 'Сообщения' });
  }

  message(text: string | RegExp): Locator {
    return this.log.getByRole('listitem').filter({ hasText: text });
  }

  get text(): Locator {
    return this.panel.getByRole('textbox', { name: 'Сообщение' });
  }

  get order(): Locator {
    return this.panel.getByRole('combobox', { name: 'Вопрос о заказе' });
  }

  get send(): Locator {
    return this.panel.getByRole('button', { name: 'Отправить' });
  }

  /** The hidden file input behind 'Прикрепить изображение'. */
  get fileInput(): Locator {
    return this.panel.locator('input[type="file"]');
  }

  get typing(): Locator {
    return this.panel.getByText('Оператор печатает…');
  }
}

/** The header's cabinet button: 'Кабинет', with the unread count in its name when there are any. */
export function cabinetButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Кабинет/ });
}

/** The header's 'Заказы' link, with the active orders in its name. */
export function ordersLink(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Заказы/ });
}

export function unreadName(count: number): RegExp {
  return count === 0 ? /^Кабинет$/ : new RegExp(`^Кабинет, непрочитанных уведомлений: ${count}$`);
}

/**
 * Records the page's sockets and the types of the frames they receive (before any script of the page runs),
 * so a journey can wait for the greeting and cut the connection as a network would.
 */
export async function watchSockets(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    const sockets: { socket: WebSocket; frames: string[]; closeCode: number | null }[] = [];
    Object.assign(window, { __sockets: sockets });
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        const entry = { socket: this as WebSocket, frames: [] as string[], closeCode: null as number | null };
        sockets.push(entry);
        this.addEventListener('close', (event) => {
          entry.closeCode = event.code;
        });
        this.addEventListener('message', (event) => {
          try {
            entry.frames.push(String(JSON.parse(String(event.data)).type));
          } catch {
            entry.frames.push('?');
          }
        });
      }
    };
  });
}

type Watched = { socket: WebSocket; frames: string[]; closeCode: number | null }[];

/** The code the n-th socket of the page was closed with; null while it is open. */
export async function closeCodeOf(page: Page, index: number): Promise<number | null> {
  return page.evaluate(
    (at) => (window as unknown as { __sockets: Watched }).__sockets[at]?.closeCode ?? null,
    index,
  );
}

/** Frames the n-th socket of the page received, by type (watchSockets first). */
export async function framesOf(page: Page, index: number): Promise<string[]> {
  return page.evaluate(
    (at) => ((window as unknown as { __sockets: Watched }).__sockets[at]?.frames ?? []).slice(),
    index,
  );
}

export async function socketCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __sockets: Watched }).__sockets.length);
}

/** Waits until the page's newest socket has been greeted and has resumed (its `badges` after `missed`). */
export async function waitForLiveSocket(page: Page, index: number): Promise<void> {
  await expect.poll(() => framesOf(page, index), { message: `socket ${index} resumed` }).toContain('badges');
}

/** Closes the page's newest socket from the client side, as a dropped connection would. */
export async function dropSocket(page: Page): Promise<void> {
  await page.evaluate(() => {
    const sockets = (window as unknown as { __sockets: Watched }).__sockets;
    sockets.at(-1)?.socket.close();
  });
}

const operatorTokens = new Map<string, string>();

/** The support operator of the journeys: signed in through the API, working through /api/operator/*. */
export class Operator {
  private constructor(
    readonly request: APIRequestContext,
    readonly token: string,
    readonly baseUrl: string,
  ) {}

  /**
   * Signs the operator in once per run (a second code within 15 s would be refused, SPEC §9's resend timer);
   * later journeys reuse the session.
   */
  static async signIn(request: APIRequestContext, baseUrl: string): Promise<Operator> {
    const known = operatorTokens.get(baseUrl);
    if (known) return new Operator(request, known, baseUrl);
    const headers = { 'x-forwarded-for': '198.51.250.42' };
    const sent = await smsCount(E2E_SUPPORT_OPERATOR.phone);
    const asked = await request.post('/api/user/code', {
      headers,
      data: { name: E2E_SUPPORT_OPERATOR.name, phone: E2E_SUPPORT_OPERATOR.phone },
    });
    expect(asked.ok(), await asked.text()).toBe(true);
    const code = await codeFromOutbox(E2E_SUPPORT_OPERATOR.phone, sent + 1);
    const login = await request.post('/api/user/login', {
      headers,
      data: { phone: E2E_SUPPORT_OPERATOR.phone, code },
    });
    expect(login.ok(), await login.text()).toBe(true);
    const { token } = (await login.json()) as { token: string };
    operatorTokens.set(baseUrl, token);
    return new Operator(request, token, baseUrl);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** The open conversation of the customer with this name (the newest first). */
  async conversationOf(customerName: string): Promise<string> {
    let id: string | undefined;
    await expect
      .poll(async () => {
        const answer = await this.request.get('/api/operator/conversations', { headers: this.headers });
        const { conversations } = (await answer.json()) as {
          conversations: { _id: string; customer: { name: string } }[];
        };
        id = conversations.find((item) => item.customer.name === customerName)?._id;
        return id;
      })
      .toBeTruthy();
    return id ?? '';
  }

  async reply(conversation: string, text: string): Promise<void> {
    const answer = await this.request.post(`/api/operator/conversations/${conversation}/messages`, {
      headers: this.headers,
      data: { text },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  }

  async read(conversation: string): Promise<void> {
    const answer = await this.request.post(`/api/operator/conversations/${conversation}/read`, {
      headers: this.headers,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  }

  async moveOrder(number: number, status: string): Promise<void> {
    const answer = await this.request.post(`/api/operator/orders/${number}/status`, {
      headers: this.headers,
      data: { status },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  }

  /**
   * Types in the conversation over the operator's own socket (SPEC §7: `?token=…&group=user`); the answer
   * closes that socket once the customer has seen it.
   */
  async typeIn(conversation: string): Promise<{ close(): void }> {
    const url = `${this.baseUrl.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(this.token)}&group=user`;
    const socket = new NodeWebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('message', () => resolve());
    });
    socket.send(JSON.stringify({ type: 'typing', conversation }));
    return { close: () => socket.close() };
  }
}

type Product = {
  _id: string;
  store: { _id: string };
  offer: { point: string; count: number; price: number } | null;
};

/**
 * Puts into the signed-in customer's basket the first product of the catalogue's first page, in a quantity
 * that reaches its shop's minimum order; answers its point.
 */
export async function fillBasketToMinimum(page: Page): Promise<{ point: string }> {
  const stores = (await (await page.request.get('/api/stores')).json()) as {
    _id: string;
    min_order: number;
  }[];
  const quantityOf = (product: Product) => {
    const store = stores.find((item) => item._id === product.store._id);
    if (!product.offer || !store) return null;
    const quantity = Math.max(1, Math.ceil(store.min_order / product.offer.price));
    return quantity <= Math.min(product.offer.count, 20) ? quantity : null;
  };
  const { products } = (await (await page.request.get('/api/catalog/products?page=1')).json()) as {
    products: Product[];
  };
  const product = products.find((item) => quantityOf(item) !== null);
  if (!product?.offer) throw new Error('no product reaches its shop’s minimum order');
  const put = await page.request.patch('/api/user/me/basket', {
    headers: SAME_ORIGIN,
    data: { warehouse_id: product.offer.point, product_id: product._id, quantity: quantityOf(product) },
  });
  expect(put.status(), await put.text()).toBe(200);
  return { point: product.offer.point };
}

/** One pickup order of the signed-in customer of `page`, placed through the API the checkout uses. */
export async function placePickupOrder(page: Page, phone: string): Promise<number> {
  const { point } = await fillBasketToMinimum(page);
  const placed = await page.request.post('/api/orders', {
    headers: { ...SAME_ORIGIN, 'idempotency-key': crypto.randomUUID() },
    data: { orders: [{ point, fulfilment: 'pickup' }], phone, payment: 'cash' },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const { orders } = (await placed.json()) as { orders: { number: number }[] };
  const number = orders[0]?.number;
  if (number === undefined) throw new Error('no order placed');
  return number;
}

/** Presses Tab until `target` has the focus (at most `limit` times): it is reachable by keyboard. */
export async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reachable with Tab within ${limit} presses`).toBeFocused();
}
