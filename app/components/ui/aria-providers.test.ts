/**
 * react-aria's locale and router are not around the whole app (ADR 044): every component of ours that renders
 * a react-aria part using them puts AriaProviders around it. This finds one that does not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** react-aria components with built-in strings, number formats, a direction or links (href). */
const NEEDS_PROVIDERS = new Set([
  'Breadcrumbs',
  'Calendar',
  'ComboBox',
  'DateField',
  'DatePicker',
  'Dialog',
  'GridList',
  'Link',
  'ListBox',
  'Menu',
  'MenuItem',
  'MenuTrigger',
  'Modal',
  'ModalOverlay',
  'NumberField',
  'Popover',
  'SearchField',
  'Select',
  'Tab',
  'Tabs',
  'Table',
]);

/** The react-aria components a module imports that need the providers, when it renders none of them. */
function missingAriaProviders(source: string): string[] {
  const imported = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-aria-components'/g)].flatMap(
    (match) =>
      (match[1] ?? '')
        .split(',')
        .map(
          (name) =>
            name
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0] ?? '',
        )
        .filter((name) => NEEDS_PROVIDERS.has(name)),
  );
  return imported.length > 0 && !source.includes('<AriaProviders>') ? imported : [];
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx$/.test(entry.name) && !/\.test\./.test(entry.name) ? [file] : [];
  });
}

describe('AriaProviders', () => {
  it('is around every react-aria part that needs the locale or the router', () => {
    const app = path.resolve(import.meta.dirname, '../..');
    const missing = sources(app)
      .map((file) => [path.relative(app, file), missingAriaProviders(readFileSync(file, 'utf8'))] as const)
      .filter(([, names]) => names.length > 0);
    expect(missing).toEqual([]);
  });

  it('finds a made-up module that renders a combobox and a menu without them', () => {
    const source = `import {\n  ComboBox,\n  Input,\n  type MenuItem as Item,\n} from 'react-aria-components';\nexport const A = () => <ComboBox />;`;
    expect(missingAriaProviders(source)).toEqual(['ComboBox', 'MenuItem']);
    expect(missingAriaProviders(`${source}\nconst B = () => <AriaProviders><A /></AriaProviders>;`)).toEqual(
      [],
    );
    expect(missingAriaProviders(`import { Button, FileTrigger } from 'react-aria-components';`)).toEqual([]);
  });
});
