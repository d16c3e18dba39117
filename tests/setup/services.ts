/**
 * The services without HTTP: what `server/app.ts` assembles (the same `assembleServices`), over a migrated
 * test database that holds no demo data, a fake clock and an SMS sink that keeps what it was given. Service
 * tests (`*.service.test.ts`) state a module's rules over rows they insert themselves
 * (tests/setup/service-fixtures.ts): one database load and no Fastify per file, which makes them the cheap
 * judges of the services' mutants (ADR 018).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { assembleServices } from '../../server/app-services';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import * as schema from '../../server/db/schema/index';
import { AppError } from '../../server/errors';
import { createFakeClock, type FakeClock } from '../../server/lib/clock';
import type { Services } from '../../server/services';
import type { SmsMessage, SmsSender } from '../../server/sms/sms';
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from './database';

/** An SMS gateway that accepts everything and keeps it (or refuses while `failing` is set). */
export type RecordingSms = SmsSender & {
  sent: SmsMessage[];
  failing: boolean;
  /** The code of the last message to a phone (+7XXXXXXXXXX). */
  lastCode(phone: string): string;
};

export function createRecordingSms(): RecordingSms {
  const sms: RecordingSms = {
    provider: 'console',
    sent: [],
    failing: false,
    async send(message) {
      if (sms.failing) throw new Error('the gateway is down');
      sms.sent.push(message);
    },
    lastCode(phone) {
      const code = sms.sent.filter((message) => message.phone === phone).at(-1)?.code;
      if (!code) throw new Error(`no SMS to ${phone}`);
      return code;
    },
  };
  return sms;
}

/** Operators' log lines the services wrote (warn and error). */
export type LoggedLine = { level: 'warn' | 'error'; details: object; message: string };

export type TestServices = {
  services: Services;
  db: TestDatabase;
  clock: FakeClock;
  sms: RecordingSms;
  log: LoggedLine[];
  close(): Promise<void>;
};

/** Monday 12 January 2026, 09:00 in Moscow: a working day morning, slots open today and tomorrow. */
export const MONDAY_MORNING = Date.UTC(2026, 0, 12, 6, 0, 0);

export async function createTestServices(
  kind: TestDatabaseKind,
  {
    clock = createFakeClock(MONDAY_MORNING),
    wrapDb,
  }: {
    clock?: FakeClock;
    /** What the services query through instead of the database itself (a counter of statements). */
    wrapDb?: (db: Db) => Db;
  } = {},
): Promise<TestServices> {
  const db = await openTestDatabase(kind);
  const sms = createRecordingSms();
  const log: LoggedLine[] = [];
  const { services, realtime } = await assembleServices({
    config: loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'console' }),
    dbHandle: wrapDb ? { ...db, db: wrapDb(db.db) } : db,
    // Never written to: these tests upload nothing.
    uploadDir: path.join(tmpdir(), 'fresh-service-tests-unused'),
    clock,
    sms,
    log: {
      warn: (details, message) => log.push({ level: 'warn', details, message }),
      error: (details, message) => log.push({ level: 'error', details, message }),
    },
  });
  return {
    services,
    db,
    clock,
    sms,
    log,
    close: async () => {
      await realtime.close();
      await db.destroy();
    },
  };
}

/** The AppError a service call was refused with; anything else (success, another error) fails the test. */
export async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

/** Statements a database runs through this handle (transactions included): `statements()` counts them. */
export function countStatements(db: Db): { db: Db; statements(): number } {
  let statements = 0;
  const STARTS = new Set([
    'select',
    'selectDistinct',
    'selectDistinctOn',
    'insert',
    'update',
    'delete',
    'execute',
  ]);
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property, object);
        if (typeof value !== 'function') return value;
        if (property === 'transaction') {
          return (work: (tx: object) => unknown, config?: unknown) =>
            value.call(object, (tx: object) => work(wrap(tx)), config);
        }
        if (typeof property === 'string' && STARTS.has(property)) {
          return (...args: unknown[]) => {
            statements += 1;
            return value.apply(object, args);
          };
        }
        return value.bind(object);
      },
    });
  return { db: wrap(db), statements: () => statements };
}

/**
 * `wrapDb` for createTestServices: the same database client behind a Drizzle of its kind that tells `logQuery`
 * every statement it sends, named and prepared ones and transaction control included (what `countStatements`
 * does not see).
 */
export function withQueryLogger(kind: TestDatabaseKind, logQuery: (query: string) => void): (db: Db) => Db {
  const logger = { logQuery };
  return (db) => {
    const client = (db as unknown as { $client: never }).$client;
    return (kind === 'pglite'
      ? drizzlePglite(client, { schema, logger })
      : drizzlePostgres(client, { schema, logger })) as unknown as Db;
  };
}
