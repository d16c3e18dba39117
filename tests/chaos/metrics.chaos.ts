/**
 * GET /metrics and X-Request-Id as ways in (issue 28, ADR 048): the built server with METRICS_TOKEN set —
 *
 * - 2,000 scrapes without the token, with wrong ones (one character off, the token twice, 8 KB of token,
 *   another scheme, only spaces), 32 at a time: every one 401 in our shape, none 5xx, and the server's own
 *   count of refusals on the /metrics route agrees with ours afterwards;
 * - 1,000 requests carrying hostile X-Request-Id values (too long, quotes and braces that would break a JSON
 *   log line, several values): none echoed, each answered with an id of the strict pattern.
 *
 * Pass: no 5xx, no hostile id comes back, the token still scrapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOf } from '../setup/metrics';
import { recordChaos } from './report';
import { type ServerProcess, startServer } from './support/server-process';

const TOKEN = 'chaos-metrics-token-0123456789abcdefghij';
const WRONG_SCRAPES = 2_000;
const HOSTILE_IDS = 1_000;
const AT_ONCE = 32;
const ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

const WRONG_AUTHORIZATIONS: (string | undefined)[] = [
  undefined,
  '',
  'Bearer',
  'Bearer      ',
  `Bearer ${TOKEN.slice(0, -1)}x`,
  `Bearer ${TOKEN}${TOKEN}`,
  `Bearer ${TOKEN} ${TOKEN}`,
  `Bearer ${'a'.repeat(8_192)}`,
  `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`,
  `Token ${TOKEN}`,
  TOKEN,
];

const HOSTILE_REQUEST_IDS = [
  'x'.repeat(65),
  'x'.repeat(4_096),
  'short',
  'evil"} {"level":60,"msg":"forged',
  'id with spaces 123',
  'abcd1234, efgh5678',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '%0d%0aSet-Cookie:%20a=b',
];

/** Runs `count` calls of `send`, `AT_ONCE` at a time. */
async function inWaves<T>(count: number, send: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += AT_ONCE) {
    const wave = Array.from({ length: Math.min(AT_ONCE, count - start) }, (_, i) => send(start + i));
    results.push(...(await Promise.all(wave)));
  }
  return results;
}

describe('GET /metrics and X-Request-Id under abuse', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ env: { METRICS_TOKEN: TOKEN } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  const scrape = async () => {
    const response = await fetch(`${server.origin}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    return response.text();
  };

  it('refuses every wrong token with 401 in our shape and counts each refusal', async () => {
    const refusals = { route: '/metrics', status: '401' };
    const count = 'fresh_http_request_duration_seconds_count';
    const before = sampleOf(await scrape(), count, refusals);
    const answers = await inWaves(WRONG_SCRAPES, async (index) => {
      const authorization = WRONG_AUTHORIZATIONS[index % WRONG_AUTHORIZATIONS.length];
      const response = await fetch(`${server.origin}/metrics`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      return { status: response.status, body: await response.text() };
    });
    const errors5xx = answers.filter((answer) => answer.status >= 500).length;
    const unauthorized = answers.filter((answer) => answer.status === 401);
    const after = sampleOf(await scrape(), count, refusals);
    recordChaos({
      suite: 'abuse',
      check: `${WRONG_SCRAPES} scrapes of /metrics with wrong tokens, ${AT_ONCE} at once`,
      requests: WRONG_SCRAPES,
      errors5xx,
      note: `${unauthorized.length} × 401; the server counted ${after - before}`,
    });
    expect(errors5xx).toBe(0);
    expect(unauthorized).toHaveLength(WRONG_SCRAPES);
    for (const answer of unauthorized) {
      const body = JSON.parse(answer.body) as { success: unknown; message: unknown };
      expect(body.success).toBe(false);
      expect(String(body.message)).toMatch(/[А-Яа-яЁё]/);
      expect(answer.body).not.toContain('fresh_');
    }
    expect(after - before).toBe(WRONG_SCRAPES);
  });

  it('never echoes a hostile X-Request-Id, and answers each with an id of its own', async () => {
    const answers = await inWaves(HOSTILE_IDS, async (index) => {
      const hostile = HOSTILE_REQUEST_IDS[index % HOSTILE_REQUEST_IDS.length] ?? '';
      const url = index % 2 === 0 ? '/api/settings' : '/catalog';
      const response = await fetch(`${server.origin}${url}`, {
        headers: { 'x-request-id': hostile, accept: 'text/html' },
      });
      await response.arrayBuffer();
      return { status: response.status, hostile, id: response.headers.get('x-request-id') ?? '' };
    });
    const errors5xx = answers.filter((answer) => answer.status >= 500).length;
    const echoed = answers.filter((answer) => answer.id === answer.hostile).length;
    const malformed = answers.filter((answer) => !ID_PATTERN.test(answer.id)).length;
    recordChaos({
      suite: 'abuse',
      check: `${HOSTILE_IDS} requests with hostile X-Request-Id values`,
      requests: HOSTILE_IDS,
      errors5xx,
      note: `${echoed} echoed, ${malformed} answered without a well-formed id`,
    });
    expect(errors5xx).toBe(0);
    expect(echoed).toBe(0);
    expect(malformed).toBe(0);
  });
});
