/**
 * Payments (issue 25): the built server with YooKassa's settings pointing at the local fake, and its webhook
 * under floods from an address that is not YooKassa's —
 *
 * - 300 forged 'payment.succeeded' notifications, 50 at a time: the address's first 30 a minute 403, the rest
 *   429 by the webhook's per-address rate; none reaches the fake's API;
 * - 100 malformed bodies (not JSON, wrong types, deep nesting, 800 KB), 50 at a time: every one 4xx;
 *
 * and afterwards the site still answers at once. Pass: no 5xx, every refusal in our shape.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_RATE_PER_MIN } from '../../server/modules/payments/sync-payment';
import { type FakeYooKassa, startFakeYooKassa } from '../setup/fake-yookassa';
import { recordChaos } from './report';
import { type ServerProcess, startServer } from './support/server-process';

type Answer = { status: number; body: string };

const BATCH = 50;

describe('the YooKassa webhook under forged and malformed floods', () => {
  let server: ServerProcess;
  let fake: FakeYooKassa;

  beforeAll(async () => {
    fake = await startFakeYooKassa();
    server = await startServer({
      env: {
        YOOKASSA_SHOP_ID: fake.shopId,
        YOOKASSA_SECRET_KEY: fake.secretKey,
        YOOKASSA_URL: fake.apiUrl,
        // Not loopback: the flood below comes from an address that is not YooKassa's.
        YOOKASSA_WEBHOOK_IPS: '198.51.100.0/24',
      },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  /**
   * One post through node:http, read as soon as its answer comes: a body over the webhook's limit is refused
   * before it is read, and the server closes while the rest is still being sent, which fetch reports as a
   * failed request (ECONNRESET) though the refusal's answer had come.
   */
  function post(body: string, contentType = 'application/json'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      let answered = false;
      const outgoing = request(
        `${server.origin}/api/payments/yookassa`,
        {
          method: 'POST',
          headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          answered = true;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', (error) => {
        if (!answered) reject(error);
      });
      outgoing.end(body);
    });
  }

  /** `count` requests, `BATCH` at a time: under the server's 64 connections per client address. */
  async function flood(count: number, make: (index: number) => Promise<Answer>): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (let start = 0; start < count; start += BATCH) {
      const size = Math.min(BATCH, count - start);
      answers.push(...(await Promise.all(Array.from({ length: size }, (_, offset) => make(start + offset)))));
    }
    return answers;
  }

  function expectWellFormed(answers: readonly Answer[]): void {
    for (const answer of answers) {
      expect(answer.status, answer.body).toBeLessThan(500);
      if (answer.status < 400) continue;
      const body = JSON.parse(answer.body) as { success: unknown; message: unknown };
      expect(body.success).toBe(false);
      expect(String(body.message)).toMatch(/[А-Яа-яЁё]/);
    }
  }

  it('refuses 300 forged notifications without asking YooKassa anything', async () => {
    const forged = await flood(300, (index) =>
      post(
        JSON.stringify({
          type: 'notification',
          event: 'payment.succeeded',
          object: { id: `forged-${index}`, status: 'succeeded', paid: true },
        }),
      ),
    );
    expectWellFormed(forged);
    const refused = forged.filter((answer) => answer.status === 403).length;
    const limited = forged.filter((answer) => answer.status === 429).length;
    // The per-address rate (WEBHOOK_RATE_PER_MIN.other) holds: 30 forbidden, then too many.
    expect(refused).toBe(WEBHOOK_RATE_PER_MIN.other);
    expect(limited).toBe(300 - WEBHOOK_RATE_PER_MIN.other);
    expect(fake.calls).toEqual([]);
    recordChaos({
      suite: 'payments',
      check: 'webhook: 300 forged payment.succeeded, 50 at a time, from a non-YooKassa address',
      requests: forged.length,
      errors5xx: forged.filter((answer) => answer.status >= 500).length,
      note: `${refused} × 403, ${limited} × 429 (the address's rate); YooKassa asked ${fake.calls.length} times`,
    });
  });

  it('answers malformed bodies with 4xx and stays up', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const bodies: [string, string][] = [
      ['{"type":', 'application/json'],
      ['null', 'application/json'],
      ['"text"', 'application/json'],
      [deep, 'application/json'],
      [JSON.stringify({ object: { id: 'я'.repeat(400_000) } }), 'application/json'],
      ['type=notification', 'application/x-www-form-urlencoded'],
      ['<xml/>', 'text/xml'],
    ];
    const answers = await flood(100, (index) => {
      const [body, type] = bodies[index % bodies.length] ?? ['', 'application/json'];
      return post(body, type);
    });
    expectWellFormed(answers);
    expect(answers.every((answer) => answer.status >= 400)).toBe(true);
    const started = Date.now();
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.ok).toBe(true);
    recordChaos({
      suite: 'payments',
      check: 'webhook: 100 malformed bodies (broken JSON, deep nesting, 800 KB, other types), 50 at a time',
      requests: answers.length + 1,
      errors5xx: answers.filter((answer) => answer.status >= 500).length,
      note: `statuses ${[...new Set(answers.map((answer) => answer.status))].sort().join(', ')}; healthz in ${Date.now() - started} ms`,
    });
  });
});
