/** `npm run build:form-constraints`: writes app/lib/form-constraints.ts from the forms' contracts. */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderFormConstraints } from './form-constraints';

const file = path.resolve(import.meta.dirname, '../app/lib/form-constraints.ts');
await writeFile(file, renderFormConstraints());
execFileSync('npx', ['biome', 'format', '--write', file], { stdio: 'inherit' });
console.log(`${path.relative(process.cwd(), file)} written`);
