/**
 * Caps (issue 21, ADR 037): the built server (embedded database, believing X-Forwarded-For from loopback so
 * each customer is an address of its own) under floods of the ways in that store what customers send —
 *
 * - one customer posting 300 chat messages at once: 20 stored, the rest 429 with Retry-After in Russian;
 * - six customers behind one address posting 20 each at once: the address's 60 stored, the rest 429;
 * - one customer handing over 100 push subscriptions at once to inside addresses (the cloud metadata
 *   service, loopback, private networks): every one 400, none stored; then 100 to a public push service
 *   at once: 10 accepted, the rest 429;
 *
 * - one customer pressing a recipe's 'Добавить в корзину' 100 times, 25 at once (page posts, ADR 053): 20
 *   back on the page with what went in, the rest 429 with Retry-After and the Russian message; the basket
 *   holds each product once, within its point's stock;
 *
 * - one customer setting a basket line's choice for a missing item 100 times, 25 at once (ADR 055): 60 set,
 *   the rest 429, the line intact; and answering replacements 100 times: 30 answered (none offered: 404), the
 *   rest 429;
 * - one operator weighing, offering replacements and setting a shop's time 150 times, 25 at once: 120 read
 *   (no such order or shop: 404), the rest 429;
 *
 * and afterwards a quiet customer's message is answered at once. Pass: no 5xx, every refusal in our shape.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChaos } from './report';
import { type ChaosCustomer, chaosClientAddress, randomPhone, signInCustomer } from './support/customers';
import { type ServerProcess, startServer } from './support/server-process';

const CHAT_PER_MINUTE = 20;
const CHAT_ADDRESS_FACTOR = 3;
const PUSH_SUBSCRIBES_PER_USER = 10;
/** server/modules/content/recipe-to-basket.ts RECIPE_TO_BASKET_RATES.perUser. */
const RECIPE_PRESSES_PER_USER = 20;
const RECIPE = 'syrniki-so-smetanoy';
/** server/modules/basket/choice-rates.ts LINE_CHOICES_PER_MINUTE. */
const LINE_CHOICES_PER_USER = 60;
/** server/modules/orders/settle-replacements.ts REPLACEMENT_ANSWERS_PER_MINUTE. */
const REPLACEMENT_ANSWERS_PER_USER = 30;
/** server/modules/support/assembly-rates.ts ASSEMBLY_ACTIONS_PER_MINUTE. */
const ASSEMBLY_ACTIONS_PER_OPERATOR = 120;
/** An operator of every shop (OPERATOR_PHONES), for the assembly's rate. */
const OPERATOR_PHONE = randomPhone();

type Answer = { status: number; body: string; retryAfter: string | null };

describe('caps on the ways in that store what customers send', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({
      env: { TRUST_PROXY: 'loopback', OPERATOR_PHONES: OPERATOR_PHONE.normalised },
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  const post = (customer: ChaosCustomer, path: string, body: unknown) => send(customer, 'POST', path, body);

  /** `count` requests, `wave` at once (more at once from one address would meet its in-flight cap, ADR 022). */
  async function inWaves(count: number, wave: number, send: (index: number) => Promise<Answer>) {
    const answers: Answer[] = [];
    for (let start = 0; start < count; start += wave) {
      const size = Math.min(wave, count - start);
      answers.push(...(await Promise.all(Array.from({ length: size }, (_, index) => send(start + index)))));
    }
    return answers;
  }

  async function send(customer: ChaosCustomer, method: string, path: string, body: unknown): Promise<Answer> {
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: customer.headers,
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: await response.text(),
      retryAfter: response.headers.get('retry-after'),
    };
  }

  /** Every answer 2xx or a refusal in our shape with a Russian message; 429s say when to come back. */
  function expectWellFormed(answers: readonly Answer[]): void {
    for (const answer of answers) {
      expect(answer.status, answer.body).toBeLessThan(500);
      if (answer.status < 400) continue;
      const body = JSON.parse(answer.body) as { success: unknown; message: unknown };
      expect(body.success).toBe(false);
      expect(String(body.message)).toMatch(/[А-Яа-яЁё]/);
      if (answer.status === 429) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
  }

  const count = (answers: readonly Answer[], status: number) =>
    answers.filter((answer) => answer.status === status).length;

  it('stores a chat flood up to the customer’s and the address’s rates, and refuses the rest with 429', async () => {
    const flooder = await signInCustomer(server);
    const flood = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        post(flooder, '/api/chat/messages', { text: `Флуд ${index}` }),
      ),
    );
    expectWellFormed(flood);
    expect(count(flood, 200)).toBe(CHAT_PER_MINUTE);
    expect(count(flood, 429)).toBe(300 - CHAT_PER_MINUTE);
    const history = (await (
      await fetch(`${server.origin}/api/chat?limit=100`, { headers: flooder.headers })
    ).json()) as { messages: unknown[] };
    expect(history.messages).toHaveLength(CHAT_PER_MINUTE);

    // Six customers behind one address: the address's rate.
    const address = chaosClientAddress();
    const neighbours: ChaosCustomer[] = [];
    for (let index = 0; index < 6; index += 1) {
      const customer = await signInCustomer(server);
      neighbours.push({ ...customer, headers: { ...customer.headers, 'x-forwarded-for': address } });
    }
    const crowd = await Promise.all(
      neighbours.flatMap((customer) =>
        Array.from({ length: CHAT_PER_MINUTE }, (_, index) =>
          post(customer, '/api/chat/messages', { text: `Сосед ${index}` }),
        ),
      ),
    );
    expectWellFormed(crowd);
    expect(count(crowd, 200)).toBe(CHAT_PER_MINUTE * CHAT_ADDRESS_FACTOR);

    // A quiet customer elsewhere is served.
    const quiet = await signInCustomer(server);
    const answer = await post(quiet, '/api/chat/messages', { text: 'Здравствуйте' });
    expect(answer.status, answer.body).toBe(200);
    recordChaos({
      suite: 'caps',
      check: 'chat flood: 300 at once from one customer, 120 from six behind one address',
      requests: flood.length + crowd.length + 1,
      errors5xx: [...flood, ...crowd].filter((item) => item.status >= 500).length,
      note: `stored ${count(flood, 200)} of 300 and ${count(crowd, 200)} of 120; the rest 429`,
    });
  });

  it('refuses push subscriptions to inside addresses, and counts the customer’s subscriptions', async () => {
    const customer = await signInCustomer(server);
    const keys = () => ({
      p256dh: `B${randomBytes(64).toString('base64url')}`,
      auth: randomBytes(16).toString('base64url'),
    });
    const inside = [
      'https://169.254.169.254/latest/meta-data/',
      'https://127.0.0.1/push',
      'https://10.0.0.1:8443/push',
      'https://[::1]/push',
      'https://localhost/push',
      'http://192.168.0.1/push',
    ];
    const refused = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        post(customer, '/api/notification/subscribe', {
          subscription: { endpoint: `${inside[index % inside.length]}${index}`, keys: keys() },
        }),
      ),
    );
    expectWellFormed(refused);
    expect(count(refused, 400)).toBe(100);
    const flood = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        post(customer, '/api/notification/subscribe', {
          subscription: { endpoint: `https://fcm.googleapis.com/fcm/send/chaos-${index}`, keys: keys() },
        }),
      ),
    );
    expectWellFormed(flood);
    expect(count(flood, 200)).toBe(PUSH_SUBSCRIBES_PER_USER);
    expect(count(flood, 429)).toBe(100 - PUSH_SUBSCRIBES_PER_USER);
    recordChaos({
      suite: 'caps',
      check: 'push subscriptions: 100 to inside addresses, 100 to a public service, at once',
      requests: refused.length + flood.length,
      errors5xx: [...refused, ...flood].filter((item) => item.status >= 500).length,
      note: `inside: ${count(refused, 400)} × 400; public: ${count(flood, 200)} accepted, ${count(flood, 429)} × 429`,
    });
  });

  it('fills a basket from a recipe up to the customer’s rate, and refuses the rest with 429', async () => {
    const cook = await signInCustomer(server, 'Повар');
    const press = async (): Promise<Answer> => {
      const response = await fetch(`${server.origin}/recipes/${RECIPE}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          ...cook.headers,
          accept: 'text/html',
          origin: server.origin,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'intent=recipe-to-basket&servings=24',
      });
      return {
        status: response.status,
        body: response.status === 303 ? (response.headers.get('location') ?? '') : await response.text(),
        retryAfter: response.headers.get('retry-after'),
      };
    };
    // Four waves of 25 at once: more at once from one address would meet its in-flight cap (64, ADR 022) first.
    const presses: Answer[] = [];
    for (let wave = 0; wave < 4; wave += 1)
      presses.push(...(await Promise.all(Array.from({ length: 25 }, press))));
    const back = presses.filter((answer) => answer.status === 303);
    const refused = presses.filter((answer) => answer.status === 429);
    expect(back).toHaveLength(RECIPE_PRESSES_PER_USER);
    expect(refused).toHaveLength(100 - RECIPE_PRESSES_PER_USER);
    for (const answer of back)
      expect(answer.body).toMatch(new RegExp(`^/recipes/${RECIPE}\\?servings=24&added=\\d+`));
    for (const answer of refused) {
      expect(answer.body).toContain('Слишком часто');
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // Each product once, within what its point has.
    type Line = { quantity: number; product: { _id: string; count: number } };
    const basket = (await (
      await fetch(`${server.origin}/api/user/me/basket`, { headers: cook.headers })
    ).json()) as Record<string, Line[]>;
    const lines = Object.values(basket).flat();
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.map((line) => line.product._id)).size).toBe(lines.length);
    for (const line of lines) expect(line.quantity).toBeLessThanOrEqual(line.product.count);
    recordChaos({
      suite: 'caps',
      check: 'recipe into the basket: 100 page posts from one customer, 25 at once',
      requests: presses.length,
      errors5xx: presses.filter((answer) => answer.status >= 500).length,
      note: `${back.length} × 303 back to the page, ${refused.length} × 429; ${lines.length} basket lines`,
    });
  });
  it('sets a basket line’s choice and answers replacements up to the customer’s rates, and refuses the rest with 429', async () => {
    const shopper = await signInCustomer(server, 'Покупатель');
    type Card = { _id: string; offer?: { point: string; count: number }; by_weight?: unknown };
    const { products } = (await (await fetch(`${server.origin}/api/catalog/products`)).json()) as {
      products: Card[];
    };
    const card = products.find((product) => product.offer && product.offer.count > 0 && !product.by_weight);
    if (!card?.offer) throw new Error('the seed has no product on sale by the piece');
    const line = { point: card.offer.point, product: card._id };
    const added = await send(shopper, 'PATCH', '/api/user/me/basket', {
      warehouse_id: line.point,
      product_id: line.product,
      quantity: 1,
    });
    expect(added.status, added.body).toBe(200);

    const choices = ['similar', 'call', 'remove'] as const;
    const flood = await inWaves(100, 25, (index) =>
      send(shopper, 'PUT', '/api/user/me/basket/choice', { ...line, on_missing: choices[index % 3] }),
    );
    expectWellFormed(flood);
    expect(count(flood, 200)).toBe(LINE_CHOICES_PER_USER);
    expect(count(flood, 429)).toBe(100 - LINE_CHOICES_PER_USER);
    const basket = (await (
      await fetch(`${server.origin}/api/user/me/basket`, { headers: shopper.headers })
    ).json()) as Record<string, { product: { _id: string }; quantity: number; on_missing: string | null }[]>;
    const kept = basket[line.point]?.find((item) => item.product._id === line.product);
    expect(kept?.quantity).toBe(1);
    expect(choices).toContain(kept?.on_missing);

    const answers = await inWaves(100, 25, (index) =>
      send(shopper, 'POST', `/api/orders/${index + 1}/replacements/${line.product}`, { answer: 'accept' }),
    );
    expectWellFormed(answers);
    expect(count(answers, 404)).toBe(REPLACEMENT_ANSWERS_PER_USER);
    expect(count(answers, 429)).toBe(100 - REPLACEMENT_ANSWERS_PER_USER);
    recordChaos({
      suite: 'caps',
      check:
        'a basket line’s choice 100 times and replacement answers 100 times from one customer, 25 at once',
      requests: flood.length + answers.length,
      errors5xx: [...flood, ...answers].filter((answer) => answer.status >= 500).length,
      note: `choices: ${count(flood, 200)} set, ${count(flood, 429)} × 429; answers: ${count(answers, 404)} × 404 (none offered), ${count(answers, 429)} × 429`,
    });
  });
  it('counts an operator’s assembly actions in one rate, and refuses the rest with 429', async () => {
    const operator = await signInCustomer(server, 'Пётр', OPERATOR_PHONE);
    const product = crypto.randomUUID();
    const shop = crypto.randomUUID();
    // No such order or shop: each is read (404) after its rate is taken, as a real action's would be.
    const actions = [
      () => send(operator, 'POST', '/api/operator/orders/999999/weigh', { product, grams: 300 }),
      () => send(operator, 'POST', '/api/operator/orders/999999/substitute', { product }),
      () => send(operator, 'PUT', `/api/operator/stores/${shop}/replacement-minutes`, { minutes: 15 }),
    ];
    const presses = await inWaves(150, 25, (index) => (actions[index % 3] as () => Promise<Answer>)());
    expectWellFormed(presses);
    expect(count(presses, 404)).toBe(ASSEMBLY_ACTIONS_PER_OPERATOR);
    expect(count(presses, 429)).toBe(150 - ASSEMBLY_ACTIONS_PER_OPERATOR);
    recordChaos({
      suite: 'caps',
      check: 'an operator’s weighings, replacements and shop times: 150 from one operator, 25 at once',
      requests: presses.length,
      errors5xx: presses.filter((answer) => answer.status >= 500).length,
      note: `${count(presses, 404)} read (none such: 404), ${count(presses, 429)} × 429`,
    });
  });
});
