/**
 * A request that failed because the database or Redis connection dropped (server/lib/connection-loss.ts) is
 * the infrastructure's failure, not the customer's and not a bug: it is answered 503 with Retry-After, in the
 * API's `{success:false, message}` shape, and pages show the error page with the same status. The pools
 * reconnect by themselves, so the next request is served again.
 */
import { data } from 'react-router';
import { AppError, DEFAULT_MESSAGES, isAppError } from '../errors';
import { isConnectionLoss } from '../lib/connection-loss';

/** Seconds a client is asked to wait before trying again: a dropped connection is replaced on the next request. */
export const UNAVAILABLE_RETRY_AFTER_S = 10;

/** The API's answer to a lost connection: AppError 'unavailable' (503), or undefined for any other error. */
export function asUnavailable(error: unknown): AppError | undefined {
  if (isAppError(error) || !isConnectionLoss(error)) return undefined;
  return new AppError('unavailable', DEFAULT_MESSAGES.unavailable, {
    retryAfterS: UNAVAILABLE_RETRY_AFTER_S,
    cause: error,
  });
}

/** What a loader or action throws instead: React Router renders the error boundary with status 503. */
function toPageError(error: unknown): unknown {
  if (!isConnectionLoss(error) || isAppError(error)) return error;
  return data(DEFAULT_MESSAGES.unavailable, {
    status: 503,
    statusText: 'Service Unavailable',
    headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S) },
  });
}

/**
 * The services as loaders and actions see them: every method's lost connection becomes the 503 page instead
 * of React Router's 500. One level deep, as the services are: `services.catalog.listProducts(…)`.
 */
export function withUnavailablePages<T extends object>(services: T): T {
  const domains = new Map<PropertyKey, unknown>();
  return new Proxy(services, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'object' || value === null) return value;
      if (!domains.has(property)) domains.set(property, wrapDomain(value));
      return domains.get(property);
    },
  });
}

function wrapDomain<D extends object>(domain: D): D {
  const methods = new Map<PropertyKey, unknown>();
  return new Proxy(domain, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (!methods.has(property)) {
        methods.set(property, (...args: unknown[]) => {
          let result: unknown;
          try {
            // The method as the domain has it now: a wrapper made once still calls a replaced one.
            result = Reflect.apply(
              Reflect.get(target, property) as (...a: unknown[]) => unknown,
              target,
              args,
            );
          } catch (error) {
            throw toPageError(error);
          }
          return result instanceof Promise
            ? result.catch((error: unknown) => {
                throw toPageError(error);
              })
            : result;
        });
      }
      return methods.get(property);
    },
  });
}
