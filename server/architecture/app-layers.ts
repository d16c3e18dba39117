/**
 * The app's layering (issue 22): the shell composes the features, and features never import the shell.
 * The shell is app/components/layout/** (header, footer, menus, error pages) and app/root.tsx, which renders it
 * around every page; a feature that imports either, even for a type, closes an import circle through every
 * feature the shell uses (it was 18 files). A feature reads the root loader's data with `useRootData()`
 * (app/lib/root-data.ts). Type-only imports count, as they count for a reader and for tools that draw the
 * graph. Tests are not checked: they call the root loader as React Router does.
 * module-boundaries.test.ts runs it over the tree.
 */
import path from 'node:path';
import ts from 'typescript';
import type { SourceText } from './module-boundaries';

const FEATURES_DIR = 'app/features/';
const SHELL_DIR = 'app/components/layout/';
const ROOT_ROUTE = 'app/root';

export type ShellImport = { file: string; line: number; detail: string };

/** A feature file that still imports the shell, until its owner moves it to useRootData. */
export type ShellImportAllowance = { file: string; reason: string };

/** An app import as a repository path without extension (`~/x` is app/x), or undefined for packages. */
function resolveAppSpecifier(from: string, specifier: string): string | undefined {
  const target = specifier.startsWith('~/')
    ? `app/${specifier.slice(2)}`
    : specifier.startsWith('.')
      ? path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier))
      : undefined;
  return target?.replace(/\.(tsx?|jsx?)$/, '');
}

const isChecked = (file: string) =>
  file.startsWith(FEATURES_DIR) && /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);

/** Every import specifier of a file (static, re-exports and `import()`), with its node. */
function importsOf(source: ts.SourceFile): { node: ts.Node; specifier: string }[] {
  const found: { node: ts.Node; specifier: string }[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ node, specifier: node.moduleSpecifier.text });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ node, specifier: node.arguments[0].text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every import of the shell from app/features/**; an allowed file that no longer imports it is reported too,
 * so the allowance list only gets shorter.
 */
export function findShellImports(
  files: readonly SourceText[],
  allowances: readonly ShellImportAllowance[] = [],
): ShellImport[] {
  const allowed = new Set(allowances.map((allowance) => allowance.file));
  const found: ShellImport[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    if (!isChecked(file.path)) continue;
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
    for (const { node, specifier } of importsOf(source)) {
      const target = resolveAppSpecifier(file.path, specifier);
      if (!target || !(target.startsWith(SHELL_DIR) || target === ROOT_ROUTE)) continue;
      seen.add(file.path);
      if (allowed.has(file.path)) continue;
      found.push({
        file: file.path,
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        detail:
          target === ROOT_ROUTE
            ? `${specifier} is the root route, which renders the shell; read its data with useRootData (~/lib/root-data)`
            : `${specifier} is the shell's; the shell composes features, a feature takes what it needs as props`,
      });
    }
  }
  for (const allowance of allowances) {
    if (files.some((file) => file.path === allowance.file) && !seen.has(allowance.file)) {
      found.push({
        file: allowance.file,
        line: 1,
        detail: 'no longer imports the shell: take it off SHELL_IMPORT_ALLOWANCES',
      });
    }
  }
  return found;
}

/**
 * Features allowed to read the root loader's type from app/root.tsx while they move to `useRootData()`
 * (`useRouteLoaderData<typeof rootLoader>('root')?.x` → `useRootData()?.x`). None are left; an entry here is
 * reported once its file no longer imports the shell.
 */
export const SHELL_IMPORT_ALLOWANCES: readonly ShellImportAllowance[] = [];
