/**
 * YooKassa's API v3 as this shop uses it (issue 25, docs/decisions/046): create a payment under an
 * Idempotence-Key, read one by id, refund one, behind an interface so the module never sees HTTP. The same
 * client talks to the real API and to the local fake (tests/setup/fake-yookassa.ts, `npm run dev:payments`).
 */

import type { Receipt } from '@core/rules/payments';
import { z } from 'zod';

const AmountSchema = z.object({ value: z.string(), currency: z.string() });

const PaymentMethodSchema = z
  .object({
    type: z.string(),
    id: z.string(),
    saved: z.boolean().optional(),
    title: z.string().optional(),
    card: z
      .object({
        last4: z.string(),
        expiry_month: z.string(),
        expiry_year: z.string(),
        card_type: z.string().optional(),
      })
      .optional(),
  })
  .passthrough();

export const YooKassaPaymentSchema = z
  .object({
    id: z.string().min(1),
    status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
    paid: z.boolean(),
    amount: AmountSchema,
    refunded_amount: AmountSchema.optional(),
    confirmation: z
      .object({ type: z.string(), confirmation_url: z.string().optional() })
      .passthrough()
      .optional(),
    payment_method: PaymentMethodSchema.optional(),
    metadata: z.record(z.string(), z.string()).optional(),
    created_at: z.string().optional(),
  })
  .passthrough();
export type YooKassaPayment = z.infer<typeof YooKassaPaymentSchema>;

export const YooKassaRefundSchema = z
  .object({
    id: z.string().min(1),
    payment_id: z.string(),
    status: z.enum(['pending', 'succeeded', 'canceled']),
    amount: AmountSchema,
  })
  .passthrough();
export type YooKassaRefund = z.infer<typeof YooKassaRefundSchema>;

export type CreatePayment = {
  amount: { value: string; currency: 'RUB' };
  capture: true;
  description: string;
  metadata: Record<string, string>;
  receipt: Receipt;
  /** A new payment: where the customer confirms it and comes back from. */
  confirmation?: { type: 'redirect'; return_url: string };
  payment_method_data?: { type: 'bank_card' | 'sbp' };
  save_payment_method?: boolean;
  /** A saved card's one-tap payment. */
  payment_method_id?: string;
};

export type CreateRefund = {
  payment_id: string;
  amount: { value: string; currency: 'RUB' };
  description?: string;
  receipt?: Receipt;
};

/** What the payments module asks of YooKassa. */
export type PaymentGateway = {
  createPayment(request: CreatePayment, idempotenceKey: string): Promise<YooKassaPayment>;
  getPayment(id: string): Promise<YooKassaPayment>;
  createRefund(request: CreateRefund, idempotenceKey: string): Promise<YooKassaRefund>;
};

/** The provider refused or could not be reached; the message is for the logs, never the customer. */
export class GatewayError extends Error {
  override name = 'GatewayError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export type YooKassaConfig = { shopId: string; secretKey: string; url: string; timeoutMs?: number };

/** The HTTP client: Basic auth with the shop id and secret key, JSON both ways, a timeout on every call. */
export function createYooKassaClient(config: YooKassaConfig): PaymentGateway {
  const base = config.url.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`;
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    body?: object,
    idempotenceKey?: string,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new GatewayError(`YooKassa ${method} ${path} failed: ${String(error)}`, null);
    }
    const text = await response.text();
    if (!response.ok) {
      throw new GatewayError(
        `YooKassa ${method} ${path}: ${response.status} ${text.slice(0, 500)}`,
        response.status,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new GatewayError(`YooKassa ${method} ${path}: not JSON`, response.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new GatewayError(`YooKassa ${method} ${path}: unexpected answer`, response.status);
    return parsed.data;
  }
  return {
    createPayment: (request, key) => call('POST', '/payments', YooKassaPaymentSchema, request, key),
    getPayment: (id) => call('GET', `/payments/${encodeURIComponent(id)}`, YooKassaPaymentSchema),
    createRefund: (request, key) => call('POST', '/refunds', YooKassaRefundSchema, request, key),
  };
}
