/**
 * The module boundary rule (ADR 025) and the service factory's size (ADR 026, 041) over the real tree, and
 * over small made-up modules that break them, so a checker that stopped seeing a kind of violation fails here
 * rather than letting one through.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { isPgSequence, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index';
import { findShellImports, SHELL_IMPORT_ALLOWANCES } from './app-layers';
import {
  type BoundaryRules,
  type FactoryLimits,
  findBoundaryViolations,
  findLargeServiceFactories,
  LARGE_SERVICE_FACTORIES,
  READ_JOINS,
  SERVICE_FACTORY_MAX_LINES,
  type SourceText,
  TABLES_BY_MODULE,
  type TableOwners,
} from './module-boundaries';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every table and sequence the schema exports, by export name, with its name in SQL. */
function schemaObjects(): Map<string, string> {
  const objects = new Map<string, string>();
  for (const [name, value] of Object.entries(schema)) {
    if (is(value, PgTable)) objects.set(name, getTableName(value));
    else if (isPgSequence(value)) objects.set(name, value.seqName ?? name);
  }
  return objects;
}

function ownersOf(objects: ReadonlyMap<string, string>): TableOwners {
  const owners = new Map<string, { module: string; sqlName: string }>();
  for (const [module, names] of Object.entries(TABLES_BY_MODULE)) {
    for (const name of names) owners.set(name, { module, sqlName: objects.get(name) ?? name });
  }
  return owners;
}

const rules: BoundaryRules = {
  owners: ownersOf(schemaObjects()),
  readJoins: new Map(READ_JOINS.map((entry) => [entry.module, new Set(entry.tables)])),
};

/** Every TypeScript file under a directory of the repository, with its repository-relative path. */
function sourceFiles(dir: string, extensions: readonly string[] = ['.ts']): SourceText[] {
  const absolute = path.join(ROOT, dir);
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((file) => extensions.some((extension) => file.endsWith(extension)))
    .map((file) => ({
      path: `${dir}/${file.split(path.sep).join('/')}`,
      text: readFileSync(path.join(absolute, file), 'utf8'),
    }));
}

describe('module boundaries', () => {
  it('gives every table and sequence of the schema exactly one owning module', () => {
    const owned = Object.values(TABLES_BY_MODULE).flat();
    expect(new Set(owned).size, 'a table listed under two modules').toBe(owned.length);
    expect([...owned].sort()).toEqual([...schemaObjects().keys()].sort());
  });

  it('allows read joins only of tables that exist, never of a module’s own', () => {
    for (const entry of READ_JOINS) {
      for (const table of entry.tables) {
        expect(rules.owners.get(table)?.module, `${entry.module} → ${table}`).toBeDefined();
        expect(rules.owners.get(table)?.module).not.toBe(entry.module);
      }
    }
  });

  it('holds for every module in server/modules', () => {
    const files = sourceFiles('server/modules');
    expect(files.length).toBeGreaterThan(40);
    expect(findBoundaryViolations(files, rules)).toEqual([]);
  });

  it('holds for the rest of the server and the scripts: they reach data only through services', () => {
    const files = [...sourceFiles('server'), ...sourceFiles('scripts')].filter(
      (file) => !file.path.startsWith('server/modules/'),
    );
    expect(files.map((file) => file.path)).toEqual(
      expect.arrayContaining(['server/app.ts', 'server/app-services.ts', 'scripts/user-role.ts']),
    );
    expect(findBoundaryViolations(files, rules)).toEqual([]);
  });
});

describe('the boundary checker', () => {
  const check = (files: Record<string, string>) =>
    findBoundaryViolations(
      Object.entries(files).map(([file, text]) => ({ path: file, text })),
      rules,
    ).map((violation) => `${violation.file}:${violation.line} ${violation.rule} ${violation.detail}`);

  it('passes a module that keeps to its own tables and to other modules’ services', () => {
    expect(
      check({
        'server/modules/orders/orders.repository.ts': [
          "import { eq, sql } from 'drizzle-orm';",
          "import type { Executor } from '../../db/client';",
          "import { orders, orderItems } from '../../db/schema/index';",
          'export const find = (tx: Executor, id: string) => tx.select().from(orders).where(eq(orders.id, id));',
          'export const items = sql`select * from order_items join orders on true`;',
        ].join('\n'),
        'server/modules/orders/orders.service.ts': [
          "import type { Executor } from '../../db/client';",
          "import type { BasketService } from '../basket/basket.service';",
          "import type { orders } from '../../db/schema/index';",
          "import { find } from './orders.repository';",
          'export type Row = typeof orders.$inferSelect;',
        ].join('\n'),
        // A read join the rules allow.
        'server/modules/basket/basket.repository.ts': [
          "import { stock } from '../../db/schema/index';",
          'const q = sql`select s.count from stock s join points p on p.id = s.point_id`;',
        ].join('\n'),
        // Outside the modules: wiring through services, routes and adapters; opening the database.
        'server/app.ts': [
          "import { identityRoutes } from './modules/identity/identity.routes';",
          "import { ensureAppSecret } from './modules/identity/identity.service';",
          "import { createGeocoder } from './modules/geo/geocoder';",
          "import type { users } from './db/schema/index';",
          "import type { SQL } from 'drizzle-orm';",
        ].join('\n'),
        'scripts/user-role.ts': "import { openDb, type Db } from '../server/db/client';",
        // The database layer itself: it defines, migrates and seeds every table.
        'server/db/seed/demo.ts': [
          "import { sql } from 'drizzle-orm';",
          "import { stores, users } from '../schema/index';",
          'export const seed = (db) => db.insert(users).values([]);',
          'const q = sql`insert into stores (id) values (1)`;',
        ].join('\n'),
        // Tests set up their data as they need.
        'scripts/user-role.test.ts': "import { users } from '../server/db/schema/index';",
      }),
    ).toEqual([]);
  });

  it('finds queries outside the modules: repositories, tables, the query builder and SQL', () => {
    expect(
      check({
        'scripts/user-role.ts': [
          "import { grantRole } from '../server/modules/support/support.repository';",
          "import { inArray } from 'drizzle-orm';",
          "import { stores } from '../server/db/schema/index';",
          "import { openDb, queryRows } from '../server/db/client';",
        ].join('\n'),
        'server/limits/pg-limit-store.ts': [
          "import { rateLimits as limits } from '../db/schema/index';",
          'export const purge = (db) => db.delete(limits);',
          'const q = sql`select count from rate_limits`;',
        ].join('\n'),
        'server/app.ts': "import { ensureSecret } from '@server/modules/identity/identity.repository';",
      }),
    ).toEqual([
      "scripts/user-role.ts:1 foreign-module-file ../server/modules/support/support.repository is the support module's repository; use its service",
      'scripts/user-role.ts:2 query-outside-repository inArray from drizzle-orm belongs in a repository',
      "scripts/user-role.ts:3 foreign-table stores is the catalog module's table; use its service",
      'scripts/user-role.ts:4 query-outside-repository queryRows from ../server/db/client belongs in a repository',
      "server/limits/pg-limit-store.ts:1 foreign-table rateLimits is the identity module's table; use its service",
      "server/limits/pg-limit-store.ts:2 foreign-write writes rateLimits, the identity module's table",
      'server/limits/pg-limit-store.ts:3 query-outside-repository SQL outside a repository',
      "server/app.ts:1 foreign-module-file @server/modules/identity/identity.repository is the identity module's repository; use its service",
    ]);
  });

  it('finds each kind of violation, with its file and line', () => {
    expect(
      check({
        'server/modules/orders/orders.service.ts': [
          "import { lockBasket } from '../basket/basket.repository';",
          "import { presentBasket } from '@server/modules/basket/basket.presenter';",
          "import { and, eq } from 'drizzle-orm';",
          "import { notifications, orders } from '../../db/schema/index';",
          "import { queryRows } from '../../db/client';",
        ].join('\n'),
        'server/modules/orders/orders.repository.ts': [
          "import { stock } from '../../db/schema/catalog';",
          "import * as schema from '../../db/schema/index';",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a made-up module
          'const a = sql`select count from stock where point_id = ${id}`;',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a made-up module
          'const b = sql`update orders set status = ${s}`;',
        ].join('\n'),
        // Allowed to read the catalogue's stock, never to change it.
        'server/modules/basket/basket.repository.ts': [
          "import { stock as stockTable } from '../../db/schema/index';",
          'export const take = (tx) => tx.update(stockTable).set({ count: 0 });',
          'const c = sql`update stock set count = 0`;',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a made-up module
          'const d = sql`insert into products (id) values (${id})`;',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a made-up module
          'const e = sql`delete from stores where id = ${id}`;',
          'const f = sql`select 1 from users`;',
        ].join('\n'),
      }),
    ).toEqual([
      "server/modules/orders/orders.service.ts:1 foreign-module-file ../basket/basket.repository is the basket module's; use its service",
      "server/modules/orders/orders.service.ts:2 foreign-module-file @server/modules/basket/basket.presenter is the basket module's; use its service",
      'server/modules/orders/orders.service.ts:3 query-outside-repository and, eq from drizzle-orm belongs in a repository',
      "server/modules/orders/orders.service.ts:4 foreign-table notifications is the notifications module's table",
      'server/modules/orders/orders.service.ts:4 query-outside-repository orders is used outside a repository',
      'server/modules/orders/orders.service.ts:5 query-outside-repository queryRows from ../../db/client belongs in a repository',
      "server/modules/orders/orders.repository.ts:1 foreign-table stock is the catalog module's table",
      'server/modules/orders/orders.repository.ts:2 foreign-table imports every table; import the own ones by name',
      "server/modules/orders/orders.repository.ts:3 foreign-table-in-sql stock is the catalog module's table",
      "server/modules/basket/basket.repository.ts:2 foreign-write writes stock, the catalog module's table",
      "server/modules/basket/basket.repository.ts:3 foreign-write writes stock, the catalog module's table",
      "server/modules/basket/basket.repository.ts:4 foreign-write writes products, the catalog module's table",
      "server/modules/basket/basket.repository.ts:5 foreign-write writes stores, the catalog module's table",
      "server/modules/basket/basket.repository.ts:6 foreign-table-in-sql users is the identity module's table",
    ]);
  });

  it('keeps SQL in repositories', () => {
    expect(
      check({
        'server/modules/geo/geo.service.ts': 'const q = sql`select 1 from cities`;',
      }),
    ).toEqual(['server/modules/geo/geo.service.ts:1 query-outside-repository SQL outside a repository']);
  });
});

describe('the size of a service factory', () => {
  const limits: FactoryLimits = {
    maxLines: SERVICE_FACTORY_MAX_LINES,
    allowances: new Map(LARGE_SERVICE_FACTORIES.map((entry) => [entry.file, entry.lines])),
  };

  it('holds for every service in server/modules: a thin facade over its use cases', () => {
    const services = sourceFiles('server/modules').filter((file) => file.path.endsWith('.service.ts'));
    expect(services.map((file) => file.path)).toEqual(
      expect.arrayContaining([
        'server/modules/favourites/favourites.service.ts',
        'server/modules/support/support.service.ts',
        ...LARGE_SERVICE_FACTORIES.map((entry) => entry.file),
      ]),
    );
    expect(findLargeServiceFactories(services, limits)).toEqual([]);
  });

  /** A made-up factory whose body has `code` lines of code, and comments and blank lines besides. */
  const factory = (name: string, code: number) =>
    [
      "import { thing } from './thing';",
      '/** A factory. */',
      `export function ${name}(deps: Deps) {`,
      '  /** Documented. */',
      '  // A comment.',
      '',
      '  return {',
      ...Array.from(
        { length: code - 2 },
        (_, index) => `    use${index}: () => thing(deps, \`two\nlines\`),`,
      ),
      '  };',
      '}',
      // Not a factory: any size.
      'function helper() {',
      ...Array.from({ length: 200 }, () => '  thing();'),
      '}',
    ].join('\n');
  const check = (files: Record<string, string>, allowances: Record<string, number> = {}) =>
    findLargeServiceFactories(
      Object.entries(files).map(([file, text]) => ({ path: file, text })),
      { maxLines: 20, allowances: new Map(Object.entries(allowances)) },
    ).map((violation) => `${violation.file}:${violation.line} ${violation.detail}`);

  it('counts the lines of code of a create…Service body, not its comments, in the modules’ services only', () => {
    expect(
      check({
        // A template literal over two lines counts twice: 2 + 9 × 2 = 20.
        'server/modules/a/a.service.ts': factory('createAService', 11),
        'server/modules/b/b.service.ts': factory('createBService', 12),
        'server/modules/b/b-helpers.ts': factory('createBService', 40),
        'server/modules/c/c.service.ts': factory('makeCService', 40),
        'server/lib/d.service.ts': factory('createDService', 40),
      }),
    ).toEqual([
      'server/modules/b/b.service.ts:3 createBService has 22 lines of code (at most 20); move its use cases to files of their own behind a thin facade (ADR 026, 041)',
    ]);
  });

  it('keeps an allowance at what it allows: never more, lowered when the factory shrinks, gone when it fits', () => {
    const files = {
      'server/modules/a/a.service.ts': factory('createAService', 16),
      'server/modules/b/b.service.ts': factory('createBService', 16),
      'server/modules/c/c.service.ts': factory('createCService', 11),
      'server/modules/d/d.service.ts': factory('createDService', 16),
    };
    expect(
      check(files, {
        'server/modules/a/a.service.ts': 30,
        'server/modules/b/b.service.ts': 29,
        'server/modules/c/c.service.ts': 25,
        'server/modules/d/d.service.ts': 40,
      }),
    ).toEqual([
      'server/modules/b/b.service.ts:3 createBService has 30 lines of code (at most 29); move its use cases to files of their own behind a thin facade (ADR 026, 041)',
      'server/modules/c/c.service.ts:3 createCService has 20 lines of code, within 20: take it off LARGE_SERVICE_FACTORIES',
      'server/modules/d/d.service.ts:3 createDService has 30 lines of code: lower its allowance in LARGE_SERVICE_FACTORIES from 40',
    ]);
  });
});

describe('the app', () => {
  it('imports the server through the @server alias, never through ../server', () => {
    const files = sourceFiles('app', ['.ts', '.tsx']);
    expect(files.length).toBeGreaterThan(100);
    const relative = files.flatMap((file) =>
      [...file.text.matchAll(/from '((?:\.\.\/)+server\/[^']*)'/g)].map(
        (match) => `${file.path}: ${match[1]}`,
      ),
    );
    expect(relative).toEqual([]);
  });

  it('keeps features out of the shell: no feature imports components/layout or the root route', () => {
    const files = sourceFiles('app/features', ['.ts', '.tsx']);
    expect(files.length).toBeGreaterThan(100);
    expect(
      findShellImports(files, SHELL_IMPORT_ALLOWANCES).map(
        (found) => `${found.file}:${found.line} ${found.detail}`,
      ),
    ).toEqual([]);
  });

  it('finds a feature importing the shell, whatever the import’s form; the shell and tests may', () => {
    const check = (files: Record<string, string>, allowances: { file: string; reason: string }[] = []) =>
      findShellImports(
        Object.entries(files).map(([file, text]) => ({ path: file, text })),
        allowances,
      ).map((found) => `${found.file}:${found.line}`);
    expect(
      check({
        'app/features/a/a.tsx': "import { SiteLink } from '~/components/layout/site-link';",
        'app/features/b/b.ts': "\nimport type { loader } from '~/root';",
        'app/features/c/c.tsx': "export { Logo } from '../../components/layout/logo';",
        'app/features/d/d.tsx': "const menu = () => import('~/components/layout/mobile-menu.tsx');",
        'app/features/e/e.tsx': "import type { loader } from '../../root';",
        // Not the shell: the UI kit, a lib, a feature, a route, something else named layout.
        'app/features/f/f.tsx': [
          "import { Button } from '~/components/ui/button';",
          "import { useRootData } from '~/lib/root-data';",
          "import { useUser } from '~/features/auth/user';",
          "import type { action } from '~/routes/login';",
          "import type { LayoutName } from '@core/rules/layout';",
          "import { thing } from '~/components/layouts';",
        ].join('\n'),
        // The shell composes features; tests call the root loader.
        'app/components/layout/site-header.tsx': "import { useUser } from '~/features/auth/user';",
        'app/features/g/g.test.ts': "import { loader } from '~/root';",
      }),
    ).toEqual([
      'app/features/a/a.tsx:1',
      'app/features/b/b.ts:2',
      'app/features/c/c.tsx:1',
      'app/features/d/d.tsx:1',
      'app/features/e/e.tsx:1',
    ]);
    // An allowance holds until the file stops importing the shell, and then asks to be removed.
    const allowance = { file: 'app/features/b/b.ts', reason: 'moving' };
    expect(check({ 'app/features/b/b.ts': "import type { loader } from '~/root';" }, [allowance])).toEqual(
      [],
    );
    expect(check({ 'app/features/b/b.ts': "import { x } from '~/lib/x';" }, [allowance])).toEqual([
      'app/features/b/b.ts:1',
    ]);
  });
});
