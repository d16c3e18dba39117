/**
 * Location first (issue 21, ADR 038): the new ways in — typed-address suggestions (GET /api/geo/search and the
 * popup's /resources/places, which may cost an HTTP geocoder a call each), SPEC §7's address post without a
 * point (geocoded on the server), and the location page's forms — against the built server (embedded
 * database, X-Forwarded-For believed from loopback, so each client is an address of its own):
 *
 * - 300 searches at once from one address: the minute's 60 answered, the rest 429 with Retry-After, and
 *   another address served at once; the popup's route shares the count and answers data, never a 5xx;
 * - one customer posting 100 addresses without a point at once, half of them nowhere: at most 20 stored (the
 *   address book's cap), the unknown ones 400 in Russian (or 429: a customer geocodes 60 a minute), no 5xx;
 * - the location page posted garbage (unknown intents, huge and control-character addresses, forged ids):
 *   4xx, never 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChaos } from './report';
import { chaosClientAddress, signInCustomer } from './support/customers';
import { type ServerProcess, startServer } from './support/server-process';

const SEARCHES_PER_MINUTE = 60;
const SAVED_ADDRESSES_MAX = 20;

type Answer = { status: number; body: string; retryAfter: string | null };

describe('location first under abuse', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: 'loopback' } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function send(path: string, init: RequestInit = {}): Promise<Answer> {
    const response = await fetch(`${server.origin}${path}`, { redirect: 'manual', ...init });
    return {
      status: response.status,
      body: await response.text(),
      retryAfter: response.headers.get('retry-after'),
    };
  }

  /** The API's refusals in our shape with a Russian message; 429s say when to come back. */
  function expectApiShape(answers: readonly Answer[]): void {
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

  it('answers a flood of address searches from one address up to its rate, and others at once', async () => {
    const address = chaosClientAddress();
    const streets = ['свободы', 'кирова', 'победы', 'советская', 'некрасова', 'чкалова'];
    const flood = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        send(`/api/geo/search?q=${encodeURIComponent(`${streets[index % streets.length]} ${index}`)}`, {
          headers: { 'x-forwarded-for': address },
        }),
      ),
    );
    expectApiShape(flood);
    expect(count(flood, 200)).toBe(SEARCHES_PER_MINUTE);
    expect(count(flood, 429)).toBe(300 - SEARCHES_PER_MINUTE);
    // The popup's route counts with the API: 429 (its fetcher reads the data; a plain GET gets our shape).
    const widget = await send(`/resources/places?q=${encodeURIComponent('свободы 46')}`, {
      headers: { 'x-forwarded-for': address },
    });
    expect(widget.status).toBe(429);
    expect(widget.body).toMatch(/[А-Яа-яЁё]/);
    const elsewhere = await send(`/api/geo/search?q=${encodeURIComponent('свободы 46')}`, {
      headers: { 'x-forwarded-for': chaosClientAddress() },
    });
    expect(elsewhere.status, elsewhere.body).toBe(200);
    recordChaos({
      suite: 'caps',
      check: 'address search flood: 300 at once from one address',
      requests: flood.length + 2,
      errors5xx: [...flood, widget, elsewhere].filter((item) => item.status >= 500).length,
      note: `${count(flood, 200)} answered, ${count(flood, 429)} × 429; another address served`,
    });
  });

  it('keeps a customer’s addresses posted without a point to the book’s cap, the unknown ones 400', async () => {
    const customer = await signInCustomer(server);
    const settings = (await (await fetch(`${server.origin}/api/settings`)).json()) as {
      cities: { _id: string; name: string; delivery_areas: { _id: string }[] }[];
    };
    const city = settings.cities.find((item) => item.name === 'Ярославль');
    if (!city) throw new Error('no Ярославль');
    const zone = city.delivery_areas[0]?._id;
    const posts = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        send('/api/user/me/addresses', {
          method: 'POST',
          headers: customer.headers,
          body: JSON.stringify({
            address: index % 2 === 0 ? `ул. Кирова, ${(index % 97) + 1}` : `Несуществующая улица ${index}`,
            deliveryArea: zone,
            city: city._id,
          }),
        }),
      ),
    );
    expectApiShape(posts);
    const list = (await (
      await fetch(`${server.origin}/api/user/me/addresses`, { headers: customer.headers })
    ).json()) as unknown[];
    expect(list.length).toBeLessThanOrEqual(SAVED_ADDRESSES_MAX);
    // The unknown half is refused: as not found, or first by the customer's geocoding rate (60 a minute).
    expect(count(posts, 400) + count(posts, 429)).toBeGreaterThanOrEqual(50);
    recordChaos({
      suite: 'caps',
      check: 'addresses without a point: 100 at once from one customer, half unknown',
      requests: posts.length,
      errors5xx: posts.filter((item) => item.status >= 500).length,
      note: `${list.length} stored (cap ${SAVED_ADDRESSES_MAX}); ${count(posts, 400)} × 400, ${count(posts, 409)} × 409, ${count(posts, 429)} × 429`,
    });
  });

  it('answers garbage posted to the location page with 4xx or a redirect, never 5xx', async () => {
    const origin = server.origin;
    const forms: Record<string, string>[] = [
      { intent: 'nonsense' },
      {},
      { intent: 'address', city: 'не-город', address: 'Свободы 46' },
      { intent: 'address', city: '00000000-0000-4000-8000-000000000000', address: 'Свободы 46' },
      { intent: 'address', city: '00000000-0000-4000-8000-000000000000', address: 'я'.repeat(100_000) },
      { intent: 'address', city: '00000000-0000-4000-8000-000000000000', address: 'Свободы\u0000 46' },
      { intent: 'pickup', point: '00000000-0000-4000-8000-000000000000' },
      { intent: 'pickup', point: "'; drop table points; --" },
      { intent: 'city', city: '00000000-0000-4000-8000-000000000000', back: '//evil.example' },
    ];
    const answers = await Promise.all(
      forms.flatMap((fields) =>
        Array.from({ length: 5 }, () =>
          send('/location', {
            method: 'POST',
            headers: {
              origin,
              'content-type': 'application/x-www-form-urlencoded',
              'x-forwarded-for': chaosClientAddress(),
            },
            body: new URLSearchParams(fields).toString(),
          }),
        ),
      ),
    );
    for (const answer of answers) expect(answer.status, answer.body.slice(0, 200)).toBeLessThan(500);
    recordChaos({
      suite: 'caps',
      check: 'location page: garbage form posts',
      requests: answers.length,
      errors5xx: answers.filter((item) => item.status >= 500).length,
      note: `statuses ${[...new Set(answers.map((item) => item.status))].sort().join(', ')}`,
    });
  });
});
