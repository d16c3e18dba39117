/**
 * Real values for the fuzzer: every string and number in the answers of the GET routes (product, point and
 * order ids, slugs, slot times), with the path of keys it was found under. Requests built from them reach
 * the code behind "not found" — baskets, orders, favourites of things that exist.
 */
import type { JsonSchema } from './operations';

export type Harvested = { path: string; value: string | number };

export class Harvest {
  readonly values: Harvested[] = [];
  private readonly seen = new Set<string>();

  /** Walks a JSON answer; strings up to 200 characters, no more than 50 values of one path. */
  add(json: unknown, path = ''): void {
    if (Array.isArray(json)) {
      for (const item of json.slice(0, 50)) this.add(item, path);
      return;
    }
    if (json !== null && typeof json === 'object') {
      for (const [key, value] of Object.entries(json)) this.add(value, path ? `${path}.${key}` : key);
      return;
    }
    if ((typeof json === 'string' && json.length > 0 && json.length <= 200) || typeof json === 'number') {
      const id = `${path}\u0000${json}`;
      if (this.seen.has(id)) return;
      if (this.values.filter((entry) => entry.path === path).length >= 50) return;
      this.seen.add(id);
      this.values.push({ path, value: json });
    }
  }

  /**
   * Harvested strings a schema accepts, those found under a key like `name` first ('point' for
   * `warehouse_id`, 'product' for `product_id`): an id of the right kind is far likelier to exist.
   */
  stringsFor(schema: JsonSchema, name: string): string[] {
    const accepted = this.values
      .filter((entry): entry is { path: string; value: string } => typeof entry.value === 'string')
      .filter((entry) => accepts(schema, entry.value));
    const hint = hintOf(name);
    const hinted = hint ? accepted.filter((entry) => entry.path.toLowerCase().includes(hint)) : [];
    return [...new Set((hinted.length > 0 ? hinted : accepted).map((entry) => entry.value))].sort();
  }
}

const HINTS: Record<string, string> = { warehouse: 'point', pointid: 'point', points: 'point', file: 'img' };

/** The word an id is named after: `product_id` → product, `warehouse_id` → point, `slug` → slug. */
function hintOf(name: string): string | undefined {
  const word = name
    .toLowerCase()
    .replace(/_?id$/, '')
    .replace(/[^a-z]/g, '');
  if (!word || word === '*') return undefined;
  return HINTS[word] ?? word;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string fits a string schema (format, pattern, length, enum); other schemas: no. */
export function accepts(schema: JsonSchema, value: string): boolean {
  const types = [schema.type].flat();
  if (schema.anyOf) return schema.anyOf.some((option) => accepts(option, value));
  if (!types.includes('string')) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.format === 'uuid' && !UUID.test(value)) return false;
  if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) return false;
  if (schema.format === 'date-time' && !/T/.test(value)) return false;
  if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) return false;
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  return true;
}
