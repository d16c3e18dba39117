/**
 * The open forms and reviews (issue 24, ADR 045): the built server (embedded database, believing
 * X-Forwarded-For from loopback so each client is an address of its own) under floods of
 *
 * - 'Обратная связь': 100 posts at once from one address (10 stored, the rest 429), then 60 from sixty
 *   addresses with one phone (5 stored, the rest 429), then bots filling the honeypot (answered, not stored);
 * - job applications: 20 CVs over 5 MB at once (413), 20 broken multipart bodies (400), 20 files that only
 *   say they are PDFs (415), then 20 good ones from one address (5 stored, the rest 429);
 * - reviews: 100 at once from a customer with no done order (403 each: a verified purchase only), and 50
 *   malformed bodies (400);
 *
 * and afterwards a quiet visitor's question is taken at once. Pass: no 5xx, every refusal in our shape.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChaos } from './report';
import { chaosClientAddress, randomPhone, signInCustomer } from './support/customers';
import { type ServerProcess, startServer } from './support/server-process';

const QUESTIONS_PER_ADDRESS_HOUR = 10;
const QUESTIONS_PER_PHONE_DAY = 5;
const APPLICATIONS_PER_ADDRESS_HOUR = 5;

type Answer = { status: number; body: string; retryAfter: string | null };

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4096, 0x20), Buffer.from('%%EOF\n')]);

describe('the open forms and reviews under floods', () => {
  let server: ServerProcess;
  let vacancy = '';
  let store = '';

  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: 'loopback' } });
    const vacancies = (await (await fetch(`${server.origin}/api/vacancies`)).json()) as {
      items: { _id: string }[];
    };
    vacancy = vacancies.items[0]?._id ?? '';
    const stores = (await (await fetch(`${server.origin}/api/stores`)).json()) as { _id: string }[];
    store = stores[0]?._id ?? '';
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function send(path: string, init: RequestInit, address: string): Promise<Answer> {
    const response = await fetch(`${server.origin}${path}`, {
      method: 'POST',
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': address },
    });
    return {
      status: response.status,
      body: await response.text(),
      retryAfter: response.headers.get('retry-after'),
    };
  }

  const question = (phone: string, message: string, extra: object = {}) => ({
    body: JSON.stringify({ name: 'Гость', phone, message, checked: true, link: '/kontakty', ...extra }),
    headers: { 'content-type': 'application/json' },
  });

  function application(fields: Record<string, string>, cv?: Buffer): RequestInit {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (cv) form.set('cv', new Blob([new Uint8Array(cv)], { type: 'application/pdf' }), 'cv.pdf');
    return { body: form };
  }

  const applicant = (phone: string) => ({
    vacancy,
    name: 'Игорь',
    phone,
    email: 'igor@example.ru',
    letter: 'Опыт есть',
    checked: 'on',
  });

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

  it('takes feedback up to its address’s and phone’s rates, and refuses the rest with 429', async () => {
    const address = chaosClientAddress();
    const flood = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        send('/api/questions', question(randomPhone().national, `Флуд ${index}`), address),
      ),
    );
    const phone = randomPhone().national;
    const spread = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        send('/api/questions', question(phone, `Один телефон ${index}`), chaosClientAddress()),
      ),
    );
    const bots = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(
          '/api/questions',
          question(randomPhone().national, 'Бот', { website: 'http://spam.example' }),
          chaosClientAddress(),
        ),
      ),
    );
    const quiet = await send(
      '/api/questions',
      question(randomPhone().national, 'Тихий вопрос'),
      chaosClientAddress(),
    );
    expectWellFormed([...flood, ...spread, ...bots, quiet]);
    expect(count(flood, 200)).toBe(QUESTIONS_PER_ADDRESS_HOUR);
    expect(count(flood, 429)).toBe(100 - QUESTIONS_PER_ADDRESS_HOUR);
    expect(count(spread, 200)).toBe(QUESTIONS_PER_PHONE_DAY);
    expect(count(bots, 200)).toBe(20);
    expect(quiet.status).toBe(200);
    recordChaos({
      suite: 'forms',
      check: 'feedback: 100 at once from one address, 60 with one phone, 20 bots',
      requests: flood.length + spread.length + bots.length + 1,
      errors5xx: [...flood, ...spread, ...bots, quiet].filter((item) => item.status >= 500).length,
      note: `stored ${count(flood, 200)} of 100 and ${count(spread, 200)} of 60; bots answered, dropped`,
    });
  });

  it('refuses oversized, broken and disguised CVs, and caps applications per address', async () => {
    const huge = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const oversized = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(
          '/api/vacancy/applications',
          application(applicant(randomPhone().national), huge),
          chaosClientAddress(),
        ),
      ),
    );
    const broken = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(
          '/api/vacancy/applications',
          {
            body: Buffer.concat([
              Buffer.from('--x\r\nContent-Disposition: form-data; name="name"\r\n\r\n'),
              randomBytes(512),
            ]),
            headers: { 'content-type': 'multipart/form-data; boundary=x' },
          },
          chaosClientAddress(),
        ),
      ),
    );
    const disguised = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(
          '/api/vacancy/applications',
          application(applicant(randomPhone().national), randomBytes(2048)),
          chaosClientAddress(),
        ),
      ),
    );
    const address = chaosClientAddress();
    const good = await Promise.all(
      Array.from({ length: 20 }, () =>
        send('/api/vacancy/applications', application(applicant(randomPhone().national), PDF), address),
      ),
    );
    const all = [...oversized, ...broken, ...disguised, ...good];
    expectWellFormed(all);
    expect(count(oversized, 413)).toBe(20);
    expect(count(broken, 400)).toBe(20);
    expect(count(disguised, 415)).toBe(20);
    expect(count(good, 200)).toBe(APPLICATIONS_PER_ADDRESS_HOUR);
    expect(count(good, 429)).toBe(20 - APPLICATIONS_PER_ADDRESS_HOUR);
    recordChaos({
      suite: 'forms',
      check: 'applications: 20 CVs over 5 MB, 20 broken bodies, 20 disguised files, 20 good from one address',
      requests: all.length,
      errors5xx: all.filter((item) => item.status >= 500).length,
      note: `413 × ${count(oversized, 413)}, 400 × ${count(broken, 400)}, 415 × ${count(disguised, 415)}; stored ${count(good, 200)} of 20`,
    });
  });

  it('refuses reviews without a done order and malformed ones, never 5xx', async () => {
    const customer = await signInCustomer(server);
    const flood = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        send(
          `/api/store/${store}/rating`,
          {
            headers: customer.headers,
            body: JSON.stringify({ rating: 5, text: `Отзыв ${index}`, type: 'store' }),
          },
          customer.address,
        ),
      ),
    );
    const malformed = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        send(
          `/api/store/${store}/rating`,
          {
            headers: customer.headers,
            body: [
              JSON.stringify({ rating: 'пять', text: 1 }),
              JSON.stringify({ rating: 5, text: 'я'.repeat(1001) }),
              JSON.stringify({ rating: 5, text: 'a\u0000b' }),
              JSON.stringify({ rating: 5, text: 'ok', type: 'product', product: 'nonsense' }),
              randomBytes(64).toString('base64'),
            ][index % 5],
          },
          customer.address,
        ),
      ),
    );
    expectWellFormed([...flood, ...malformed]);
    expect(count(flood, 403)).toBe(100);
    expect(count(malformed, 400)).toBe(50);
    recordChaos({
      suite: 'forms',
      check: 'reviews: 100 at once without a done order, 50 malformed',
      requests: flood.length + malformed.length,
      errors5xx: [...flood, ...malformed].filter((item) => item.status >= 500).length,
      note: `403 × ${count(flood, 403)}, 400 × ${count(malformed, 400)}`,
    });
  });
});
