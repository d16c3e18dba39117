import type { ErrorBody } from '@core/contracts/common';
import type { z } from 'zod';

/**
 * Typed fetch for the storefront's own API (/api). Every call sends `X-Requested-With`, the same-origin
 * header that cookie-authenticated state changes need (docs/decisions/005), and turns the
 * `{success:false, message}` convention into an ApiError whose message a customer can read.
 *
 *   const { user } = await api.get('/api/user/me', UserResponseSchema);
 *   await api.post('/api/user/code', { name, phone });
 */
export const NETWORK_ERROR_MESSAGE = 'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз';
export const UNEXPECTED_ERROR_MESSAGE = 'Произошла непредвиденная ошибка, попробуйте ещё раз позднее';

export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** Per-field Russian messages, by field name. */
  readonly fields: Readonly<Record<string, string>>;
  /** Seconds until a retry may succeed (429). */
  readonly retryAfterS?: number;

  constructor(message: string, status: number, fields: Record<string, string> = {}, retryAfterS?: number) {
    super(message);
    this.status = status;
    this.fields = fields;
    this.retryAfterS = retryAfterS;
  }
}

/** A customer-readable message for anything a call may throw. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiRequest<S extends z.ZodType | undefined> = {
  method?: ApiMethod;
  /** JSON-encoded, or sent as is when it is FormData (uploads). */
  body?: unknown;
  /** Checks and types the success body; without it the body is returned unchecked as unknown. */
  schema?: S;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
};

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

/**
 * The `{success:false, message, errors?}` body (DESIGN.md §3), checked by hand: this module loads with every
 * page, and Zod would more than double the JavaScript of a first visit.
 */
function asErrorBody(value: unknown): ErrorBody | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { success, message, errors } = value as Record<string, unknown>;
  if (success !== false || typeof message !== 'string') return undefined;
  const fields: Record<string, string> = {};
  if (typeof errors === 'object' && errors !== null) {
    for (const [key, text] of Object.entries(errors)) if (typeof text === 'string') fields[key] = text;
  }
  return { success: false, message, errors: fields };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  { method = 'GET', body, schema, signal, headers: extraHeaders }: ApiRequest<S> = {},
): Promise<Result<S>> {
  const headers: Record<string, string> = {
    ...extraHeaders,
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }

  const json = await readJson(response);
  if (!response.ok) {
    const failure = asErrorBody(json);
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new ApiError(
      failure?.message ?? UNEXPECTED_ERROR_MESSAGE,
      response.status,
      failure?.errors ?? {},
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  if (!schema) return json as Result<S>;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(UNEXPECTED_ERROR_MESSAGE, response.status);
  return parsed.data as Result<S>;
}

export const api = {
  get: <S extends z.ZodType | undefined = undefined>(path: string, schema?: S, signal?: AbortSignal) =>
    apiRequest(path, { schema, signal }),
  post: <S extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    schema?: S,
    headers?: Record<string, string>,
  ) => apiRequest(path, { method: 'POST', body, schema, headers }),
  put: <S extends z.ZodType | undefined = undefined>(path: string, body?: unknown, schema?: S) =>
    apiRequest(path, { method: 'PUT', body, schema }),
  patch: <S extends z.ZodType | undefined = undefined>(path: string, body?: unknown, schema?: S) =>
    apiRequest(path, { method: 'PATCH', body, schema }),
  delete: <S extends z.ZodType | undefined = undefined>(path: string, body?: unknown, schema?: S) =>
    apiRequest(path, { method: 'DELETE', body, schema }),
};
