/**
 * Recognises a failure of the infrastructure rather than of the request: the database or Redis connection
 * dropped, refused, timed out, or the server is restarting. Such a request may simply be tried again a
 * moment later, so it is answered 503 with Retry-After (server/http/unavailable.ts), never 500.
 *
 * node-postgres gives most of its own connection failures no code, only a message; those messages are listed
 * here as the library words them (pg 8). Drizzle wraps driver errors, so the whole `cause` chain is searched.
 */

/**
 * PostgreSQL SQLSTATEs of a lost or refused connection: class 08, the server shutting down or starting
 * (57P01–57P03), no connection slot left (53300).
 */
const PG_CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '53300', '25P03']);

/**
 * 55000 (object_not_in_prerequisite_state) is a query's error too (currval before nextval …); it refuses the
 * connection when the database does not accept connections (ALLOW_CONNECTIONS false, while it is being moved
 * or restored). That refusal ends the session — severity FATAL — and is raised by PostgreSQL's
 * CheckMyDatabase; the routine's name is not translated, the severity is where lc_messages is not English.
 */
function isDatabaseRefusingConnections(error: object): boolean {
  if (!('code' in error) || error.code !== '55000') return false;
  const severity = 'severity' in error ? error.severity : undefined;
  const routine = 'routine' in error ? error.routine : undefined;
  return severity === 'FATAL' || routine === 'CheckMyDatabase';
}

/** Socket errors of Node on the way to the database or Redis. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

const DRIVER_MESSAGES = [
  // node-postgres and pg-pool
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
  // ioredis: the connection is gone and the command's retries are used up
  'Connection is closed.',
  'Reached the max retries per request limit',
  "Stream isn't writeable and enableOfflineQueue options is false",
];

/** Redis replies meaning "not now": loading its data, busy with a script, a replica without its primary. */
const REDIS_TRANSIENT_REPLY = /^(LOADING|BUSY|MASTERDOWN|READONLY|TRYAGAIN|CLUSTERDOWN)\b/;

const MAX_DEPTH = 8;

function isLossItself(error: object): boolean {
  const code = 'code' in error ? error.code : undefined;
  if (
    typeof code === 'string' &&
    (SOCKET_CODES.has(code) || PG_CONNECTION_CODES.has(code) || /^08/.test(code))
  ) {
    return true;
  }
  if (isDatabaseRefusingConnections(error)) return true;
  if ('name' in error && error.name === 'MaxRetriesPerRequestError') return true;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return DRIVER_MESSAGES.some((known) => message.startsWith(known)) || REDIS_TRANSIENT_REPLY.test(message);
}

export function isConnectionLoss(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return false;
  if (isLossItself(error)) return true;
  // A refused connection to a host with several addresses is an AggregateError of one error per address.
  if ('errors' in error && Array.isArray(error.errors)) {
    if (error.errors.some((inner: unknown) => isConnectionLoss(inner, depth + 1))) return true;
  }
  return 'cause' in error && isConnectionLoss(error.cause, depth + 1);
}
