/**
 * A local YooKassa (issue 25): a real HTTP server with the endpoints this shop uses and their request and
 * response shapes — POST /v3/payments (Idempotence-Key: the same key answers the same payment), GET
 * /v3/payments/{id}, POST /v3/refunds, a confirmation page (/checkout/{id}) whose buttons pay or refuse and
 * send the webhook the real one sends, then go back to the return_url. Tests and `npm run dev:payments` run
 * the whole flow offline through the real client.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakePayment = {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  refunded_amount?: { value: string; currency: string };
  description: string;
  metadata: Record<string, string>;
  confirmation?: { type: 'redirect'; confirmation_url: string; return_url: string };
  payment_method?: {
    type: string;
    id: string;
    saved: boolean;
    title?: string;
    card?: { first6: string; last4: string; expiry_month: string; expiry_year: string; card_type: string };
  };
  receipt?: unknown;
  created_at: string;
  test: true;
  /** Not YooKassa's: what was asked (tests read it). */
  request: Record<string, unknown>;
};

export type FakeRefund = {
  id: string;
  payment_id: string;
  status: 'succeeded';
  amount: { value: string; currency: string };
  created_at: string;
};

export type FakeYooKassa = {
  /** The API's base, as YOOKASSA_URL: http://127.0.0.1:port/v3 */
  apiUrl: string;
  origin: string;
  shopId: string;
  secretKey: string;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  /** Requests by path, for tests ('POST /v3/payments' …). */
  calls: string[];
  /** Where webhooks go (the shop's POST /api/payments/yookassa); unset: none are sent. */
  webhookUrl: string | undefined;
  /** Pays (or refuses) a pending payment as the confirmation page does, and sends the webhook. */
  settle(id: string, outcome: 'succeeded' | 'canceled'): Promise<void>;
  /** Sends a notification for a payment as it stands now (`event` as YooKassa names it). */
  notify(event: string, object: object): Promise<number>;
  /** While set, every API call answers 500 (the provider is down). */
  failing: boolean;
  close(): Promise<void>;
};

const kopecksOf = (value: string): number => Math.round(Number(value) * 100);
const amountValue = (kopecks: number): string => (kopecks / 100).toFixed(2);

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const error = (response: ServerResponse, status: number, code: string, description: string) =>
  send(response, status, { type: 'error', id: randomUUID(), code, description });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function startFakeYooKassa(
  options: { shopId?: string; secretKey?: string; port?: number; webhookUrl?: string } = {},
): Promise<FakeYooKassa> {
  const shopId = options.shopId ?? '100500';
  const secretKey = options.secretKey ?? 'test_fake_secret';
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const byKey = new Map<string, { hash: string; answer: object }>();
  const calls: string[] = [];
  const expected = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;

  const fake: FakeYooKassa = {
    apiUrl: '',
    origin: '',
    shopId,
    secretKey,
    payments,
    refunds,
    calls,
    webhookUrl: options.webhookUrl,
    failing: false,
    async settle(id, outcome) {
      const payment = payments.get(id);
      if (payment?.status !== 'pending') return;
      payment.status = outcome;
      payment.paid = outcome === 'succeeded';
      if (outcome === 'succeeded' && payment.request.save_payment_method === true && payment.payment_method) {
        payment.payment_method.saved = true;
      }
      await fake.notify(`payment.${outcome}`, payment);
    },
    async notify(event, object) {
      if (!fake.webhookUrl) return 0;
      const { request: _request, ...shown } = object as FakePayment;
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'notification', event, object: shown }),
      }).catch(() => null);
      return response?.status ?? 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const shown = (payment: FakePayment) => {
    const { request: _request, ...rest } = payment;
    return rest;
  };

  async function api(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.headers.authorization !== expected) {
      return error(response, 401, 'invalid_credentials', 'Authentication by given credentials failed');
    }
    if (fake.failing) return error(response, 500, 'internal_server_error', 'Internal error');
    if (request.method === 'GET') {
      const match = /^\/v3\/payments\/([\w-]+)$/.exec(path);
      const payment = match?.[1] ? payments.get(match[1]) : undefined;
      return payment
        ? send(response, 200, shown(payment))
        : error(response, 404, 'not_found', 'Payment not found');
    }
    const key = request.headers['idempotence-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 64) {
      return error(response, 400, 'invalid_request', 'Idempotence-Key header is required (1–64 characters)');
    }
    const raw = await readBody(request);
    const known = byKey.get(`${path} ${key}`);
    if (known) {
      return known.hash === raw
        ? send(response, 200, known.answer)
        : error(response, 400, 'invalid_request', 'Idempotence key duplicated with another request');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return error(response, 400, 'invalid_request', 'Bad JSON');
    }
    const answer = path === '/v3/payments' ? createPayment(body) : createRefund(body);
    if ('code' in answer) return error(response, 400, 'invalid_request', String(answer.code));
    byKey.set(`${path} ${key}`, { hash: raw, answer });
    return send(response, 200, answer);
  }

  function createPayment(body: Record<string, unknown>): object | { code: string } {
    const amount = body.amount as { value?: string; currency?: string } | undefined;
    if (!amount?.value || !/^\d+(\.\d{2})?$/.test(amount.value) || amount.currency !== 'RUB') {
      return { code: 'amount is invalid' };
    }
    const receipt = body.receipt as { items?: { amount: { value: string }; quantity: string }[] } | undefined;
    if (!receipt?.items?.length) return { code: 'receipt is required' };
    const itemsSum = receipt.items.reduce(
      (sum, item) => sum + kopecksOf(item.amount.value) * Number(item.quantity),
      0,
    );
    if (itemsSum !== kopecksOf(amount.value)) return { code: 'receipt items sum differs from the amount' };
    const id = `${randomUUID().slice(0, 8)}-000f-5000-a000-${randomUUID().slice(0, 12)}`;
    const savedId = typeof body.payment_method_id === 'string' ? body.payment_method_id : null;
    const confirmation = body.confirmation as { return_url?: string } | undefined;
    if (!savedId && !confirmation?.return_url) return { code: 'confirmation.return_url is required' };
    const method = (body.payment_method_data as { type?: string } | undefined)?.type ?? 'bank_card';
    const payment: FakePayment = {
      id,
      status: savedId ? 'succeeded' : 'pending',
      paid: Boolean(savedId),
      amount: { value: amount.value, currency: 'RUB' },
      description: String(body.description ?? ''),
      metadata: (body.metadata as Record<string, string>) ?? {},
      ...(savedId
        ? {}
        : {
            confirmation: {
              type: 'redirect' as const,
              confirmation_url: `${fake.origin}/checkout/${id}`,
              return_url: String(confirmation?.return_url),
            },
          }),
      payment_method: {
        type: method,
        id: savedId ?? randomUUID(),
        saved: Boolean(savedId),
        ...(method === 'bank_card'
          ? {
              title: 'Bank card *4444',
              card: {
                first6: '555555',
                last4: '4444',
                expiry_month: '12',
                expiry_year: '2030',
                card_type: 'MasterCard',
              },
            }
          : {}),
      },
      receipt: body.receipt,
      created_at: new Date().toISOString(),
      test: true,
      request: body,
    };
    payments.set(id, payment);
    if (savedId) void fake.notify('payment.succeeded', payment);
    return shown(payment);
  }

  function createRefund(body: Record<string, unknown>): object | { code: string } {
    const payment = payments.get(String(body.payment_id));
    if (!payment) return { code: 'payment not found' };
    if (payment.status !== 'succeeded') return { code: 'payment is not succeeded' };
    const amount = kopecksOf(String((body.amount as { value?: string } | undefined)?.value ?? ''));
    const refunded = kopecksOf(payment.refunded_amount?.value ?? '0');
    if (!(amount > 0) || refunded + amount > kopecksOf(payment.amount.value)) {
      return { code: 'refund amount exceeds the payment' };
    }
    payment.refunded_amount = { value: amountValue(refunded + amount), currency: 'RUB' };
    const refund: FakeRefund = {
      id: randomUUID(),
      payment_id: payment.id,
      status: 'succeeded',
      amount: { value: amountValue(amount), currency: 'RUB' },
      created_at: new Date().toISOString(),
    };
    refunds.set(refund.id, refund);
    void fake.notify('refund.succeeded', refund);
    return refund;
  }

  /** The confirmation page the customer is sent to: the amount, 'Оплатить' and 'Отказаться'. */
  async function checkout(request: IncomingMessage, response: ServerResponse, path: string) {
    const match = /^\/checkout\/([\w-]+)(?:\/(pay|cancel))?$/.exec(path);
    const payment = match?.[1] ? payments.get(match[1]) : undefined;
    if (!payment?.confirmation) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      return response.end('Платёж не найден');
    }
    if (request.method === 'POST' && match?.[2]) {
      await readBody(request);
      await fake.settle(payment.id, match[2] === 'pay' ? 'succeeded' : 'canceled');
      response.writeHead(303, { location: payment.confirmation.return_url });
      return response.end();
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Оплата — тестовая ЮKassa</title></head>
<body><main><h1>Тестовая ЮKassa</h1><p>${escapeHtml(payment.description)}</p>
<p>К оплате: <strong>${escapeHtml(payment.amount.value)} ₽</strong></p>
<p>Статус: ${payment.status}</p>
<form method="post" action="/checkout/${payment.id}/pay"><button type="submit">Оплатить</button></form>
<form method="post" action="/checkout/${payment.id}/cancel"><button type="submit">Отказаться от оплаты</button></form>
</main></body></html>`);
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    calls.push(`${request.method} ${path}`);
    const handle = path.startsWith('/v3/') ? api(request, response, path) : checkout(request, response, path);
    handle.catch((reason: unknown) => error(response, 500, 'internal_server_error', String(reason)));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.origin = `http://127.0.0.1:${port}`;
  fake.apiUrl = `${fake.origin}/v3`;
  return fake;
}
