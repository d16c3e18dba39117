/**
 * The module boundary rule (docs/decisions/025, 031), checked over the source text: a module under
 * server/modules/ uses another module only through that module's service, names in queries only the tables it
 * owns, and keeps its queries in its repositories. Code outside the modules (the rest of server/, scripts/)
 * queries nothing: no module's repository, no table, no query builder or SQL; it goes through the services.
 * Only the database layer itself (server/db/: schema, client, migrations, seed) is exempt.
 * A module's service is a facade (ADR 026, 041): its factory binds one use case per method, and the use cases
 * live in files of their own, so a factory's body has a size limit.
 * server/architecture/module-boundaries.test.ts runs both over the tree.
 */
import path from 'node:path';
import ts from 'typescript';

export type SourceText = { /** Repository-relative, with forward slashes. */ path: string; text: string };

export type Violation = {
  file: string;
  line: number;
  rule:
    | 'foreign-module-file'
    | 'foreign-table'
    | 'foreign-table-in-sql'
    | 'foreign-write'
    | 'query-outside-repository'
    | 'large-service-factory';
  detail: string;
};

/** Which module owns each table (by its export name in server/db/schema): only the owner names it. */
export type TableOwners = ReadonlyMap<string, { module: string; sqlName: string }>;

/** Another module's tables a module may join in its reads (never write), by export name. */
export type ReadJoins = ReadonlyMap<string, ReadonlySet<string>>;

export type BoundaryRules = { owners: TableOwners; readJoins: ReadJoins };

/**
 * The owner of every table and sequence in server/db/schema. A new table must be added here (the test fails
 * until it is), which is the moment to decide whose it is.
 */
export const TABLES_BY_MODULE: Readonly<Record<string, readonly string[]>> = {
  basket: ['baskets', 'basketItems'],
  catalog: ['stores', 'points', 'pointZones', 'categories', 'products', 'stock'],
  content: [
    'siteSettings',
    'pages',
    'recipes',
    'recipeIngredients',
    'recipeIngredientProducts',
    'articles',
    'vacancies',
  ],
  favourites: ['favouriteOwners', 'favourites', 'favouriteSets', 'favouriteSetItems'],
  feedback: ['questions', 'jobApplications', 'applicationFiles'],
  files: ['files'],
  geo: ['cities', 'deliveryZones', 'userAddresses'],
  identity: ['users', 'sessions', 'smsCodes', 'rateLimits', 'appSecrets'],
  notifications: ['notifications', 'pushSubscriptions'],
  orders: [
    'orderNumbers',
    'orders',
    'orderItems',
    'orderEvents',
    'orderSubstitutions',
    'slotReservations',
    'idempotencyKeys',
  ],
  payments: [
    'payments',
    'paymentRefunds',
    'savedPaymentMethods',
    'discountCardSerials',
    'discountCards',
    'bonusEntries',
    'shopBonusRules',
    'promoCodes',
    'promoCodeUses',
  ],
  reviews: ['storeReviews', 'reviewTotals', 'reviewPromptDismissals'],
  support: ['userRoles', 'operatorStores', 'chatConversations', 'chatMessages'],
};

/**
 * The only reads across the line, each a join in the statement that answers a hot path, where going through
 * the owner's service would add a round trip to every call. They read; they never write (checked).
 */
export const READ_JOINS: readonly { module: string; tables: readonly string[]; reason: string }[] = [
  {
    module: 'basket',
    tables: ['points', 'products', 'stores', 'stock'],
    reason:
      "a basket line is shown with its product at the point's current price and stock, read in the statement " +
      'that reads the line under the basket lock (PATCH, the hot path: ADR 011)',
  },
  {
    module: 'notifications',
    tables: ['orders'],
    reason:
      "the header's badges (unread notifications, active orders) are one statement on every signed-in page, " +
      'socket catch-up and announced order change',
  },
  {
    module: 'identity',
    tables: ['files'],
    reason: "the session lookup of every signed-in request reads the user's picture in its one indexed join",
  },
];

const MODULES_DIR = 'server/modules/';
const SCHEMA_DIR = 'server/db/schema';
/** The database layer: it defines the tables, opens the connection, migrates and seeds. */
const DATABASE_DIR = 'server/db/';
/** Code outside the modules that the rule covers: it reaches data only through services. */
const OUTSIDE_DIRS = ['server/', 'scripts/'];
/** Of the database client's exports, the ones that query (openDb and the types are for anyone). */
const CLIENT_QUERY_TOOLS = new Set(['queryRows']);
/** Files that may hold queries: `<anything>.repository.ts`. */
const isRepository = (file: string) => file.endsWith('.repository.ts');
/** A module may import only these files of another module. */
const isPublicSurface = (file: string, module: string) =>
  path.posix.basename(file) === `${module}.service.ts`;

function moduleOf(file: string): string | undefined {
  if (!file.startsWith(MODULES_DIR)) return undefined;
  return file.slice(MODULES_DIR.length).split('/')[0];
}

/** The module a checked file belongs to, null for checked code outside the modules, undefined: unchecked. */
function scopeOf(file: string): string | null | undefined {
  if (!file.endsWith('.ts') || file.endsWith('.test.ts')) return undefined;
  const module = moduleOf(file);
  if (module) return module;
  if (file.startsWith(DATABASE_DIR)) return undefined;
  return OUTSIDE_DIRS.some((dir) => file.startsWith(dir)) ? null : undefined;
}

/** An import specifier as a repository-relative path without extension, or undefined for packages. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('@server/')) return `server/${specifier.slice('@server/'.length)}`;
  if (!specifier.startsWith('.')) return undefined;
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
}

/** A table named in SQL text, and whether the statement writes it. */
const SQL_TABLE_REFERENCE = /\b(from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi;
const BUILDER_WRITES = new Set(['insert', 'update', 'delete']);

/** Every violation of the rule in the given files (files the rule does not cover are ignored). */
export function findBoundaryViolations(
  files: readonly SourceText[],
  { owners, readJoins }: BoundaryRules,
): Violation[] {
  const bySqlName = new Map(
    [...owners].map(([name, owner]) => [owner.sqlName, { name, module: owner.module }]),
  );
  const violations: Violation[] = [];
  for (const file of files) {
    const module = scopeOf(file.path);
    if (module === undefined) continue;
    /** Outside the modules nothing may query: no file there is a repository. */
    const isRepositoryFile = module !== null && isRepository(file.path);
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
    const mayRead = (table: string) => module !== null && readJoins.get(module)?.has(table) === true;
    /** Local names of the tables this file imports from the schema, with their export names. */
    const importedTables = new Map<string, string>();
    const report = (node: ts.Node, rule: Violation['rule'], detail: string) =>
      violations.push({
        file: file.path,
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        rule,
        detail,
      });

    const visit = (node: ts.Node) => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        checkImport(node, node.moduleSpecifier.text);
      }
      if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') checkSql(node);
      if (ts.isCallExpression(node)) checkBuilderWrite(node);
      ts.forEachChild(node, visit);
    };

    const checkImport = (node: ts.ImportDeclaration | ts.ExportDeclaration, specifier: string) => {
      const isTypeOnly = ts.isImportDeclaration(node)
        ? node.importClause?.isTypeOnly === true
        : node.isTypeOnly;
      const target = resolveSpecifier(file.path, specifier);
      const targetModule = target ? moduleOf(`${target}/`) : undefined;
      if (module === null) {
        // The app, the HTTP layer and scripts wire modules up (routes, services, adapters) but never reach
        // past a service to the data.
        if (target && targetModule && isRepository(`${target}.ts`)) {
          report(
            node,
            'foreign-module-file',
            `${specifier} is the ${targetModule} module's repository; use its service`,
          );
        }
      } else if (
        target &&
        targetModule &&
        targetModule !== module &&
        !isPublicSurface(`${target}.ts`, targetModule)
      ) {
        report(node, 'foreign-module-file', `${specifier} is the ${targetModule} module's; use its service`);
      }
      if (target?.startsWith(SCHEMA_DIR)) {
        for (const name of importedNames(node)) {
          if (name.text === '*')
            report(node, 'foreign-table', 'imports every table; import the own ones by name');
          const owner = owners.get(name.text);
          if (owner) importedTables.set(name.local, name.text);
          if (owner && module === null) {
            if (!(isTypeOnly || name.isTypeOnly)) {
              report(
                node,
                'foreign-table',
                `${name.text} is the ${owner.module} module's table; use its service`,
              );
            }
          } else if (owner && owner.module !== module && !mayRead(name.text)) {
            report(node, 'foreign-table', `${name.text} is the ${owner.module} module's table`);
          } else if (
            owner &&
            owner.module === module &&
            !isRepositoryFile &&
            !(isTypeOnly || name.isTypeOnly)
          ) {
            report(node, 'query-outside-repository', `${name.text} is used outside a repository`);
          }
        }
      }
      const isDrizzle = specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');
      const isClient = target === 'server/db/client';
      if ((isDrizzle || isClient) && !isRepositoryFile && !isTypeOnly) {
        // A module's other files use nothing of the client; outside the modules, opening it is wiring.
        const values = importedNames(node).filter(
          (name) => !name.isTypeOnly && (isDrizzle || module !== null || CLIENT_QUERY_TOOLS.has(name.text)),
        );
        if (values.length > 0) {
          report(
            node,
            'query-outside-repository',
            `${values.map((name) => name.text).join(', ')} from ${specifier} belongs in a repository`,
          );
        }
      }
    };

    const checkSql = (node: ts.TaggedTemplateExpression) => {
      const template = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template.text]
        : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
      for (const part of parts) {
        for (const match of part.matchAll(SQL_TABLE_REFERENCE)) {
          const keyword = match[1]?.toLowerCase();
          const table = bySqlName.get(match[2]?.toLowerCase() ?? '');
          // Outside the modules the SQL itself is the violation, reported once below.
          if (!table || table.module === module || module === null) continue;
          // 'from' also ends 'delete from': whether it writes is told by the word before it.
          const before = part.slice(0, match.index).trimEnd().toLowerCase();
          const isWrite = keyword === 'update' || keyword === 'into' || before.endsWith('delete');
          if (isWrite)
            report(node, 'foreign-write', `writes ${match[2]}, the ${table.module} module's table`);
          else if (!mayRead(table.name)) {
            report(node, 'foreign-table-in-sql', `${match[2]} is the ${table.module} module's table`);
          }
        }
      }
      if (!isRepositoryFile) report(node, 'query-outside-repository', 'SQL outside a repository');
    };

    /** `.insert(t)`, `.update(t)`, `.delete(t)` of another module's table (allowed reads or not). */
    const checkBuilderWrite = (node: ts.CallExpression) => {
      const [argument] = node.arguments;
      if (!ts.isPropertyAccessExpression(node.expression) || !argument || !ts.isIdentifier(argument)) return;
      if (!BUILDER_WRITES.has(node.expression.name.text)) return;
      const table = importedTables.get(argument.text);
      const owner = table ? owners.get(table) : undefined;
      if (table && owner && owner.module !== module) {
        report(node, 'foreign-write', `writes ${table}, the ${owner.module} module's table`);
      }
    };

    visit(source);
  }
  return violations;
}

type ImportedName = {
  /** The exported name. */
  text: string;
  /** The name in the importing file. */
  local: string;
  isTypeOnly: boolean;
};

function importedNames(node: ts.ImportDeclaration | ts.ExportDeclaration): ImportedName[] {
  if (ts.isExportDeclaration(node)) {
    if (!node.exportClause || !ts.isNamedExports(node.exportClause)) {
      return [{ text: '*', local: '*', isTypeOnly: node.isTypeOnly }];
    }
    return node.exportClause.elements.map((element) => ({
      text: (element.propertyName ?? element.name).text,
      local: element.name.text,
      isTypeOnly: element.isTypeOnly,
    }));
  }
  const clause = node.importClause;
  if (!clause) return [];
  const names: ImportedName[] = [];
  if (clause.name) names.push({ text: 'default', local: clause.name.text, isTypeOnly: false });
  if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings)) {
    names.push({ text: '*', local: clause.namedBindings.name.text, isTypeOnly: false });
  } else if (clause.namedBindings) {
    for (const element of clause.namedBindings.elements) {
      names.push({
        text: (element.propertyName ?? element.name).text,
        local: element.name.text,
        isTypeOnly: element.isTypeOnly,
      });
    }
  }
  return names;
}

/**
 * The most lines of code (comments and blank lines not counted) a service factory's body may have: above it,
 * the module's use cases move to files of their own behind a thin facade, as orders, favourites and support
 * did (ADR 026, 041). A facade binding twenty use cases is well under it.
 */
export const SERVICE_FACTORY_MAX_LINES = 160;

/**
 * Factories larger than the limit that are not split yet, each at most its lines today: they may shrink,
 * never grow. The checker says when an allowance is to be lowered (the factory shrank) or taken off the list
 * (it fits the limit).
 */
export const LARGE_SERVICE_FACTORIES: readonly { file: string; lines: number; reason: string }[] = [
  {
    file: 'server/modules/catalog/catalog.service.ts',
    lines: 176,
    reason:
      'not split yet: the catalogue, its cached lists, the stock seam orders use and the rating seam reviews ' +
      'use (ADR 013, 014, 045)',
  },
];

export type FactoryLimits = {
  maxLines: number;
  /** Larger factories allowed by file, each up to its lines. */
  allowances: ReadonlyMap<string, number>;
};

/** A service factory: `create<Name>Service` declared in a module's `*.service.ts`. */
const isServiceFile = (file: string) => moduleOf(file) !== undefined && file.endsWith('.service.ts');
const SERVICE_FACTORY_NAME = /^create\w*Service$/;

/** Lines with code in a function's body: lines a token of it touches (a multi-line string counts whole). */
function codeLines(body: ts.Block, source: ts.SourceFile): number {
  const lines = new Set<number>();
  const visit = (node: ts.Node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(source);
    if (children.length > 0) {
      for (const child of children) visit(child);
      return;
    }
    const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
    for (let line = first; line <= last; line += 1) lines.add(line);
  };
  for (const statement of body.statements) visit(statement);
  return lines.size;
}

/** Service factories over their limit, and allowances no longer needed (the factory fits the limit now). */
export function findLargeServiceFactories(
  files: readonly SourceText[],
  { maxLines, allowances }: FactoryLimits,
): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    if (!isServiceFile(file.path)) continue;
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isFunctionDeclaration(statement) || !statement.body || !statement.name) continue;
      const name = statement.name.text;
      if (!SERVICE_FACTORY_NAME.test(name)) continue;
      const lines = codeLines(statement.body, source);
      const allowed = allowances.get(file.path);
      const limit = Math.max(maxLines, allowed ?? 0);
      const at = source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
      if (lines > limit) {
        violations.push({
          file: file.path,
          line: at,
          rule: 'large-service-factory',
          detail:
            `${name} has ${lines} lines of code (at most ${limit}); ` +
            'move its use cases to files of their own behind a thin facade (ADR 026, 041)',
        });
      } else if (allowed !== undefined && lines <= maxLines) {
        violations.push({
          file: file.path,
          line: at,
          rule: 'large-service-factory',
          detail: `${name} has ${lines} lines of code, within ${maxLines}: take it off LARGE_SERVICE_FACTORIES`,
        });
      } else if (allowed !== undefined && lines < allowed) {
        violations.push({
          file: file.path,
          line: at,
          rule: 'large-service-factory',
          detail: `${name} has ${lines} lines of code: lower its allowance in LARGE_SERVICE_FACTORIES from ${allowed}`,
        });
      }
    }
  }
  return violations;
}
