/** `npm run build:icons`: writes app/assets/icons.svg from ICON_NAMES (app/components/ui/icon-names.ts). */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderSprite } from './icon-sprite';

const file = path.resolve(import.meta.dirname, '../app/assets/icons.svg');
const sprite = renderSprite();
await writeFile(file, sprite);
console.log(`${path.relative(process.cwd(), file)}: ${Buffer.byteLength(sprite)} bytes`);
