/**
 * fast-check arbitraries of hostile HTTP requests to one route of the OpenAPI document: a request that is
 * valid in every part (schema-true values, real ids from the harvest, a signed-in customer), and the same
 * request broken in one or more parts — wrong types, huge, NUL, RTL, emoji and lone-surrogate strings, deep
 * or broken JSON, bad multipart, duplicate and bracketed query parameters, bad percent-encoding in the path
 * and the query, wrong content types, forged or missing sessions, odd headers. Everything a request needs is
 * in the generated value, so a seed replays the same requests; bulky bodies are recipes, built when sent.
 */
import fc from 'fast-check';
import { blackPng } from '../../../setup/image-bombs';
import type { Harvest } from './harvest';
import type { JsonSchema, Operation, Parameter } from './operations';

export type AuthSpec =
  | { kind: 'guest' }
  /** A signed-in customer (its token is looked up when sent: a fuzzed logout may end a session). */
  | { kind: 'cookie' | 'bearer' | 'cookie-without-same-origin-header'; customer: number }
  | { kind: 'forged'; header: 'authorization' | 'cookie'; value: string };

export type BodySpec =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array }
  /** head + unit × times + tail, built when sent (megabytes would not fit a sample of thousands). */
  | { kind: 'repeat'; head: string; unit: string; times: number; tail: string };

export type FuzzRequest = {
  /** The route of the document ('GET /api/orders/{slug}'), or 'unknown path'. */
  operation: string;
  /** What was broken, in a few words (for the failure report). */
  mutations: string[];
  method: string;
  /** Path and query exactly as sent (may be invalid percent-encoding on purpose). */
  path: string;
  headers: Record<string, string>;
  auth: AuthSpec;
  body: BodySpec;
};

export type FuzzContext = {
  harvest: Harvest;
  customers: number;
  /** Milliseconds; slots and dates are generated around it. */
  now: number;
};

// ---------------------------------------------------------------------------------------------- strings

/** Strings that have broken servers before: control characters, bidi, emoji, surrogates, look-alike digits. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'мол\u0000око',
  '\u0001\u0002\u001f\u007f\u0085\u009f',
  '\r\n',
  'строка\nвторая',
  '\t',
  '\u202eтруогой',
  '\u200b\u200c\u200d\u2060',
  '\ufeffмолоко',
  '\u2028\u2029',
  '👨‍👩‍👧‍👦🥛🧀',
  '🥛'.repeat(300),
  '\ud800',
  'a\udfffb',
  '\ud83d',
  'е\u0308ж'.normalize('NFD'),
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '9'.repeat(400),
  '0x1F',
  '1_000',
  '١٢٣',
  '１２３',
  "' OR 1=1 --",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%',
  '%zz',
  '\\',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as text
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'İıǅß',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2024-02-30T25:61:00Z',
  '9999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00Z',
  '+79999999999',
  '8 (912) 345-67-89 доб. 1',
];

const NAMED_SAMPLES: Record<string, string[]> = {
  phone: ['89123456789', '+7 912 345-67-89', '8 (900) 000-00-00', '+79000000000'],
  code: ['0000', '1234', '12345', '000'],
  email: ['anna@example.ru', 'user@почта.рф', 'a@b'],
  name: ['Анна', 'Пётр Иванов', 'Ёжик'],
  title: ['Завтрак', 'Подарки на Новый год', 'Сыры'],
  q: ['молоко', 'vjkjrj', 'сыр твёрдый', 'ёлка'],
  comment: ['Позвоните за час', 'Код домофона 12'],
  address: ['Москва, Тверская улица, 1', 'Ярославль, улица Свободы, 10, кв. 5'],
  shortAddress: ['Тверская, 1'],
  city: ['Москва', 'Ярославль'],
  flat: ['5', '12А'],
  entrance: ['2'],
  floor: ['9'],
};

const RUSSIAN_TEXT = ['Молоко', 'Сыр «Российский»', 'Хлеб бородинский', 'Творог 9 %', 'Мёд липовый'];

const BAD_PERCENT = [
  '%',
  '%z',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%00',
  '%2e%2e%2f',
  '%25%',
];

/** Any strings, from odd to huge: printed by the failure report, so keep them describable. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }), weight: 2 },
  {
    // Long: just over a contract's limit, or far over it.
    arbitrary: fc
      .tuple(
        fc.constantFrom('я', 'a', '🥛', '\u0000', '\u202e', ' '),
        fc.constantFrom(61, 101, 301, 513, 5_000, 100_000),
      )
      .map(([unit, times]) => unit.repeat(times)),
    weight: 2,
  },
  {
    // A valid-looking word with a control character or a bidi override inside.
    arbitrary: fc
      .tuple(
        fc.constantFrom(...RUSSIAN_TEXT),
        fc.constantFrom('\u0000', '\u0007', '\u001b[31m', '\u202e', '\ud800'),
        fc.nat(),
      )
      .map(
        ([text, bad, at]) => text.slice(0, at % (text.length + 1)) + bad + text.slice(at % (text.length + 1)),
      ),
    weight: 2,
  },
);

/** Nested arrays or objects, `depth` levels (the server caps nesting at 32). */
function deepValue(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Any JSON value of the wrong kind for a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 6 },
  {
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      -0,
      1.5,
      1e308,
      -1e308,
      2 ** 53 + 1,
      2 ** 31,
      [],
      {},
      [null],
      { $gt: '' },
      { __proto__: { isAdmin: true } },
    ),
    weight: 4,
  },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 2 },
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 30, max: 40 }), fc.constantFrom('array' as const, 'object' as const))
      .map(([depth, kind]) => deepValue(depth, kind)),
    weight: 1,
  },
  {
    arbitrary: fc.constantFrom(201, 1_000, 20_000).map((length) => Array.from({ length }, (_, i) => i)),
    weight: 1,
  },
);

// ------------------------------------------------------------------------------------------ valid values

function clampLength(text: string, schema: JsonSchema): string {
  const max = schema.maxLength ?? 200;
  const min = schema.minLength ?? 0;
  const chars = [...text].slice(0, max).join('');
  return chars.length >= min ? chars : chars.padEnd(min, 'а');
}

/** A value the schema accepts, real (harvested) where the schema is an id. */
export function validValue(
  schema: JsonSchema,
  name: string,
  context: FuzzContext,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0)
    return fc.oneof(...options.map((option) => validValue(option, name, context, depth)));
  if (schema.allOf && schema.allOf.length > 0)
    return validValue(Object.assign({}, ...schema.allOf), name, context, depth);
  const types = [schema.type ?? (schema.properties ? 'object' : undefined)]
    .flat()
    .filter(Boolean) as string[];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => validValue({ ...schema, type }, name, context, depth)));
  }
  switch (types[0]) {
    case 'string':
      return validString(schema, name, context);
    case 'integer': {
      const min = Math.ceil(
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000),
      );
      const max = Math.floor(
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000),
      );
      return fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max: Math.max(min, max) }));
    }
    case 'number': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? 1000;
      return fc.oneof(
        fc.constantFrom(min, max),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
        // Real coordinates: Moscow and Yaroslavl, where the demo's zones are.
        fc.constantFrom(37.62, 55.75, 39.89, 57.63).filter((value) => value >= min && value <= max),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const item = validValue(schema.items ?? {}, name, context, depth + 1);
      const minLength = schema.minItems ?? 0;
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, property]) => [
            key,
            validValue(property, key, context, depth + 1),
          ]),
        ),
        { requiredKeys: required.filter((key) => key in properties) },
      );
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object') {
        const keys = schema.propertyNames
          ? validString(schema.propertyNames, name, context)
          : fc.string({ maxLength: 8 });
        return fc
          .tuple(
            record,
            fc.dictionary(keys, validValue(extra, name, context, depth + 1), { minKeys: 1, maxKeys: 2 }),
          )
          .map(([known, more]) => ({ ...more, ...known }));
      }
      return record;
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function validString(schema: JsonSchema, name: string, context: FuzzContext): fc.Arbitrary<string> {
  const real = context.harvest.stringsFor(schema, name);
  const generated: fc.Arbitrary<string> =
    schema.format === 'uuid'
      ? fc.uuid()
      : schema.format === 'date-time'
        ? fc
            .integer({ min: -2 * 86_400_000, max: 8 * 86_400_000 })
            .map((offset) =>
              new Date(Math.floor((context.now + offset) / 3_600_000) * 3_600_000).toISOString(),
            )
        : schema.pattern
          ? fc.stringMatching(new RegExp(schema.pattern)).map((text) => clampLength(text, schema))
          : fc
              .oneof(
                fc.constantFrom(...(NAMED_SAMPLES[name] ?? RUSSIAN_TEXT)),
                fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
              )
              .map((text) => clampLength(text, schema));
  return real.length > 0
    ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 3 }, { arbitrary: generated, weight: 1 })
    : generated;
}

// ------------------------------------------------------------------------------------------- mutation

type JsonPath = (string | number)[];

function pathsOf(value: unknown, at: JsonPath = [], into: JsonPath[] = []): JsonPath[] {
  into.push(at);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) pathsOf(item, [...at, index], into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...at, key], into);
  }
  return into;
}

const MUTATIONS = ['replace', 'delete', 'add unknown key', 'wrap in a list', 'as a string', 'null'] as const;

/** The value with one node changed: replaced by a hostile value, removed, wrapped, turned into text … */
function mutate(
  value: unknown,
  pick: number,
  operation: (typeof MUTATIONS)[number],
  replacement: unknown,
): { value: unknown; what: string } {
  const paths = pathsOf(value);
  const path = paths[pick % paths.length] as JsonPath;
  const where = path.length === 0 ? 'the body' : path.join('.');
  const changed = (old: unknown): unknown => {
    switch (operation) {
      case 'replace':
        return replacement;
      case 'wrap in a list':
        return [old];
      case 'as a string':
        return typeof old === 'object' ? JSON.stringify(old) : String(old);
      case 'null':
        return null;
      case 'add unknown key':
        return old !== null && typeof old === 'object' && !Array.isArray(old)
          ? { ...old, [`x${pick % 7}`]: replacement, __proto__x: 1 }
          : replacement;
      default:
        return old;
    }
  };
  if (path.length === 0) {
    return { value: operation === 'delete' ? {} : changed(value), what: `${operation} at ${where}` };
  }
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (operation === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else {
    parent[last] = changed(parent[last]);
  }
  return { value: copy, what: `${operation} at ${where}` };
}

function mutatedValue(valid: fc.Arbitrary<unknown>): fc.Arbitrary<{ value: unknown; what: string }> {
  return fc
    .tuple(valid, fc.nat(), fc.constantFrom(...MUTATIONS), hostileValue, fc.integer({ min: 1, max: 3 }))
    .map(([value, pick, operation, replacement, times]) => {
      let current = { value, what: '' };
      const whats: string[] = [];
      for (let step = 0; step < times; step += 1) {
        current = mutate(current.value, pick + step * 7919, step === 0 ? operation : 'replace', replacement);
        whats.push(current.what);
      }
      return { value: current.value, what: whats.join('; ') };
    });
}

// ------------------------------------------------------------------------------------------------ bodies

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json;;;',
  'application/json; boundary=x',
];

const WRONG_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'application/jsonx',
  'application/vnd.api+json',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'image/png',
  '*/*',
  'application/json, text/plain',
  ';',
];

const BROKEN_JSON = [
  '{',
  '}',
  '[',
  '{"a":}',
  "{'a': 1}",
  '{"a":1,}',
  '[1,2,]',
  'NaN',
  'undefined',
  '{"a":NaN}',
  '{"a":Infinity}',
  '\ufeff{}',
  '{}{}',
  '{"a":"\\u00"}',
  '{"a":"\\ud800"}',
  '{"a":"\u0000"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '"строка"',
  '42',
  'null',
  'true',
  '[]',
  '\u0000',
  ' ',
  '1e999999',
  '-',
  '{"a":1}\u0000',
];

/** A JSON body with keys given twice: the first valid, the second hostile (or the other way round). */
function duplicateKeys(value: unknown, hostile: unknown, hostileFirst: boolean): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  const entries = Object.entries(value).flatMap(([key, item]) => {
    const pair = [
      `${JSON.stringify(key)}:${JSON.stringify(item)}`,
      `${JSON.stringify(key)}:${JSON.stringify(hostile) ?? 'null'}`,
    ];
    return hostileFirst ? pair.reverse() : pair;
  });
  return `{${entries.join(',')}}`;
}

type BodyChoice = { body: BodySpec; contentType?: string; what?: string };

function jsonBodies(schema: JsonSchema | undefined, context: FuzzContext): fc.Arbitrary<BodyChoice> {
  const valid = schema ? validValue(schema, 'body', context) : fc.constant({});
  const asJson = (value: unknown, contentType = 'application/json'): BodyChoice => ({
    body: { kind: 'text', text: JSON.stringify(value) ?? 'null' },
    contentType,
  });
  return fc.oneof(
    { arbitrary: valid.map((value) => asJson(value)), weight: 5 },
    {
      arbitrary: mutatedValue(valid).map(({ value, what }) => ({ ...asJson(value), what: `body: ${what}` })),
      weight: 6,
    },
    {
      arbitrary: fc.tuple(valid, fc.constantFrom(...JSON_TYPES)).map(([value, type]) => ({
        ...asJson(value, type),
        what: `content type ${type}`,
      })),
      weight: 1,
    },
    {
      arbitrary: fc
        .jsonValue({ maxDepth: 3 })
        .map((value) => ({ ...asJson(value), what: 'body: random JSON' })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(33, 100, 5_000, 400_000), fc.constantFrom('[', '{"a":'))
        .map(([depth, open]) => ({
          body: {
            kind: 'repeat' as const,
            head: '',
            unit: open,
            times: depth,
            tail: (open === '[' ? ']' : '}').repeat(depth),
          },
          contentType: 'application/json',
          what: `body: JSON ${depth} levels deep`,
        })),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom(...BROKEN_JSON).map((text) => ({
        body: { kind: 'text' as const, text },
        contentType: 'application/json',
        what: 'body: broken JSON',
      })),
      weight: 2,
    },
    {
      arbitrary: fc.tuple(valid, hostileValue, fc.boolean()).map(([value, hostile, first]) => ({
        body: { kind: 'text' as const, text: duplicateKeys(value, hostile, first) },
        contentType: 'application/json',
        what: 'body: duplicate keys',
      })),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom(900_000, 1_100_000, 3_000_000).map((size) => ({
        body: { kind: 'repeat' as const, head: '{"a":"', unit: 'я', times: size / 2, tail: '"}' },
        contentType: 'application/json',
        what: `body: ${size} bytes`,
      })),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(valid, fc.constantFrom(...WRONG_TYPES)).map(([value, type]) => ({
        body: { kind: 'text' as const, text: JSON.stringify(value) ?? '' },
        contentType: type,
        what: `content type ${type}`,
      })),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom<BodyChoice>(
        { body: { kind: 'none' }, contentType: 'application/json', what: 'no body, JSON type' },
        { body: { kind: 'none' }, what: 'no body, no type' },
        { body: { kind: 'text', text: '' }, contentType: 'application/json', what: 'empty body' },
        { body: { kind: 'text', text: 'a=1&b=2' }, what: 'body without a type' },
      ),
      weight: 2,
    },
    {
      arbitrary: fc.uint8Array({ minLength: 1, maxLength: 300 }).chain((bytes) =>
        fc.constantFrom('application/json', 'application/octet-stream').map((type) => ({
          body: { kind: 'bytes' as const, bytes },
          contentType: type,
          what: 'body: random bytes',
        })),
      ),
      weight: 1,
    },
    { arbitrary: multipartBodies(), weight: 1 },
  );
}

const BOUNDARY = 'fuzz-boundary-7d3a';
const TINY_PNG = blackPng(2, 2);
const TALL_STRIP = blackPng(1, 25_000_000);

function part(headers: string[], data: Buffer | string, boundary = BOUNDARY): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`),
    Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
}

const closing = (boundary = BOUNDARY) => Buffer.from(`--${boundary}--\r\n`);
const fileHeaders = (filename: string, type: string, field = 'file') => [
  `Content-Disposition: form-data; name="${field}"; filename="${filename}"`,
  `Content-Type: ${type}`,
];
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

/** Upload bodies, good and broken: the ways a multipart request can be wrong. */
export function multipartBodies(): fc.Arbitrary<BodyChoice> {
  const filename = fc.oneof(
    fc.constantFrom(
      'photo.png',
      'фото.png',
      '../../etc/passwd',
      'a\u202egnp.exe',
      'photo',
      '.png',
      `${'я'.repeat(300)}.png`,
    ),
    hostileString.map((text) => text.replace(/["\r\n]/g, '').slice(0, 300)),
  );
  const asBytes = (buffer: Buffer, what: string, contentType = multipartType): BodyChoice => ({
    body: { kind: 'bytes', bytes: new Uint8Array(buffer) },
    contentType,
    what: `multipart: ${what}`,
  });
  const validBuffer = (name: string) =>
    Buffer.concat([part(fileHeaders(name, 'image/png'), TINY_PNG), closing()]);
  return fc.oneof(
    {
      arbitrary: filename.map((name) =>
        asBytes(validBuffer(Buffer.from(name, 'utf8').toString('latin1')), 'a PNG, odd file name'),
      ),
      weight: 3,
    },
    {
      arbitrary: fc.constant(asBytes(validBuffer('photo.png'), 'no boundary', 'multipart/form-data')),
      weight: 1,
    },
    {
      arbitrary: fc.constant(
        asBytes(validBuffer('photo.png'), 'another boundary', 'multipart/form-data; boundary=something-else'),
      ),
      weight: 1,
    },
    {
      arbitrary: fc.nat().map((cut) => {
        const whole = validBuffer('photo.png');
        return asBytes(whole.subarray(0, cut % whole.length), `truncated at ${cut % whole.length}`);
      }),
      weight: 2,
    },
    {
      arbitrary: fc
        .uint8Array({ maxLength: 500 })
        .map((bytes) => asBytes(Buffer.from(bytes), 'random bytes')),
      weight: 1,
    },
    {
      arbitrary: fc.constant(asBytes(Buffer.from('{"file":"photo.png"}'), 'JSON under a multipart type')),
      weight: 1,
    },
    {
      arbitrary: fc.constant(
        asBytes(
          Buffer.concat([
            part(fileHeaders('a.png', 'image/png'), TINY_PNG),
            part(fileHeaders('b.png', 'image/png'), TINY_PNG),
            closing(),
          ]),
          'two files',
        ),
      ),
      weight: 1,
    },
    {
      arbitrary: fc.constant(
        asBytes(
          Buffer.concat([part(['Content-Disposition: form-data; name="file"'], 'не файл'), closing()]),
          'a field, no file',
        ),
      ),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom(
          ['image/png', Buffer.from('это не картинка')],
          ['image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
          ['image/gif', Buffer.from('GIF89a\u0001\u0000\u0001\u0000')],
          ['image/png', TALL_STRIP],
          ['image/png', TINY_PNG.subarray(0, 40)],
          ['application/json', Buffer.from('{}')],
          ['', TINY_PNG],
          ['image/png; charset=\u00ff', TINY_PNG],
        )
        .map(([type, data]) =>
          asBytes(
            Buffer.concat([part(fileHeaders('photo.png', type as string), data as Buffer), closing()]),
            `file of type '${type}'`,
          ),
        ),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom(
          ['no parts', Buffer.from(`--${BOUNDARY}--\r\n`)],
          ['empty', Buffer.alloc(0)],
          ['part without headers', Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n\r\nx\r\n`), closing()])],
          [
            'huge part header',
            Buffer.concat([
              part(
                [`Content-Disposition: form-data; name="${'f'.repeat(20_000)}"; filename="a.png"`],
                TINY_PNG,
              ),
              closing(),
            ]),
          ],
          ['no closing boundary', part(fileHeaders('photo.png', 'image/png'), TINY_PNG)],
          [
            'NUL in the disposition',
            Buffer.concat([
              part(['Content-Disposition: form-data; name="fi\u0000le"; filename="a\u0000.png"'], TINY_PNG),
              closing(),
            ]),
          ],
        )
        .map(([what, buffer]) => asBytes(buffer as Buffer, what as string)),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom(
          'multipart/form-data; boundary=""',
          `multipart/form-data; boundary=${'b'.repeat(200)}`,
          `multipart/form-data; boundary=${BOUNDARY}; boundary=other`,
          `multipart/mixed; boundary=${BOUNDARY}`,
          `multipart/form-data; boundary=${BOUNDARY}; charset=koi8-r`,
        )
        .map((type) => asBytes(validBuffer('photo.png'), `content type ${type}`, type)),
      weight: 1,
    },
  );
}

// ------------------------------------------------------------------------------------------ path, query

/** encodeURIComponent, except that a lone surrogate becomes its WTF-8 bytes (%ED%A0%80) instead of a throw. */
function encodeLoose(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
      return encodeURIComponent(char);
    })
    .join('');
}

function encodeSegment(value: string, raw: boolean): string {
  if (!raw) return encodeLoose(value);
  // Raw: printable ASCII (and Latin-1 bytes) as they are, the rest encoded; a bad escape may follow.
  return [...value]
    .map((char) =>
      /^[\u0021-\u00ff]$/.test(char) && char !== '?' && char !== '#' ? char : encodeLoose(char),
    )
    .join('');
}

const paramValue = (
  parameter: Parameter,
  context: FuzzContext,
): fc.Arbitrary<{ value: string; what?: string }> =>
  fc.oneof(
    {
      arbitrary: validValue(parameter.schema, parameter.name, context).map((value) => ({
        value: typeof value === 'string' ? value : JSON.stringify(value),
      })),
      weight: 6,
    },
    {
      arbitrary: hostileValue.map((value) => ({
        value: typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
        what: `${parameter.in} ${parameter.name}: hostile`,
      })),
      weight: 3,
    },
  );

function pathOf(operation: Operation, context: FuzzContext): fc.Arbitrary<{ path: string; what: string[] }> {
  const pathParams = operation.params.filter((parameter) => parameter.in === 'path');
  // The wildcard of /api/pages/{*} has no parameter entry with braces of its own name.
  return fc
    .tuple(
      fc.tuple(...pathParams.map((parameter) => paramValue(parameter, context))),
      fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 8 },
        { arbitrary: fc.constantFrom(...BAD_PERCENT), weight: 1 },
      ),
      fc.boolean(),
      fc.oneof(
        { arbitrary: fc.constant(''), weight: 12 },
        {
          arbitrary: fc.constantFrom('/', '//', '/..', '/.', '/%2e%2e/', ';jsessionid=1', '%20', '~'),
          weight: 1,
        },
      ),
    )
    .map(([values, badPercent, raw, tail]) => {
      const what: string[] = [];
      let path = operation.path;
      pathParams.forEach((parameter, index) => {
        const { value, what: hostile } = values[index] as { value: string; what?: string };
        if (hostile) what.push(hostile);
        let encoded = encodeSegment(value, raw);
        if (badPercent && index === 0) {
          encoded += badPercent;
          what.push(`path: bad percent-encoding ${badPercent}`);
        }
        path = path.replace(`{${parameter.name}}`, encoded);
      });
      if (tail) what.push(`path ends with ${tail}`);
      return { path: path + tail, what };
    });
}

function queryOf(
  operation: Operation,
  context: FuzzContext,
): fc.Arbitrary<{ query: string; what: string[] }> {
  const queryParams = operation.params.filter((parameter) => parameter.in === 'query');
  const oneParam = (parameter: Parameter) =>
    fc
      .tuple(
        fc.oneof(
          { arbitrary: fc.constant('once' as const), weight: 8 },
          { arbitrary: fc.constant('omit' as const), weight: parameter.required ? 1 : 3 },
          { arbitrary: fc.constant('twice' as const), weight: 1 },
          { arbitrary: fc.constant('brackets' as const), weight: 1 },
          { arbitrary: fc.constant('bare' as const), weight: 1 },
        ),
        paramValue(parameter, context),
        paramValue(parameter, context),
        fc.boolean(),
      )
      .map(([how, first, second, raw]) => {
        const name = parameter.name;
        const what = [first.what, how === 'twice' ? second.what : undefined].filter(Boolean) as string[];
        const encode = (value: string) => encodeSegment(value, raw);
        switch (how) {
          case 'omit':
            return { pairs: [] as string[], what };
          case 'twice':
            return {
              pairs: [`${name}=${encode(first.value)}`, `${name}=${encode(second.value)}`],
              what: [...what, `query ${name} twice`],
            };
          case 'brackets':
            return {
              pairs: [`${name}[]=${encode(first.value)}`, `${name}[x][y]=1`],
              what: [...what, `query ${name}[]`],
            };
          case 'bare':
            return { pairs: [name], what: [...what, `query ${name} without a value`] };
          default:
            return { pairs: [`${name}=${encode(first.value)}`], what };
        }
      });
  const junk = fc.oneof(
    { arbitrary: fc.constant(''), weight: 10 },
    {
      arbitrary: fc.constantFrom(
        '__proto__[isAdmin]=1',
        'constructor[prototype][isAdmin]=1',
        'toString=1',
        '=1',
        '&&&',
        'a=%zz',
        'a=%E0%A4%A',
        '%zz=1',
        'a=%00',
        `a=${'я'.repeat(2000)}`,
        `${'x'.repeat(17_000)}=1`,
        'page=1&page=2&page=3',
        'q=%D0',
      ),
      weight: 2,
    },
  );
  return fc.tuple(fc.tuple(...queryParams.map(oneParam)), junk).map(([params, extra]) => {
    const pairs = params.flatMap((param) => param.pairs);
    if (extra) pairs.push(extra);
    const what = params.flatMap((param) => param.what);
    if (extra) what.push(`query junk ${extra.slice(0, 40)}`);
    return { query: pairs.length > 0 ? `?${pairs.join('&')}` : '', what };
  });
}

// --------------------------------------------------------------------------------------- auth, headers

function authOf(context: FuzzContext): fc.Arbitrary<AuthSpec> {
  const customer = fc.integer({ min: 0, max: context.customers - 1 });
  return fc.oneof(
    { arbitrary: customer.map((index) => ({ kind: 'cookie' as const, customer: index })), weight: 5 },
    { arbitrary: customer.map((index) => ({ kind: 'bearer' as const, customer: index })), weight: 2 },
    { arbitrary: fc.constant({ kind: 'guest' as const }), weight: 3 },
    {
      arbitrary: customer.map((index) => ({
        kind: 'cookie-without-same-origin-header' as const,
        customer: index,
      })),
      weight: 1,
    },
    {
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            ['authorization', 'Bearer '],
            ['authorization', 'Bearer a b'],
            ['authorization', 'Basic YWxhZGRpbjpvcGVuc2VzYW1l'],
            ['authorization', `Bearer ${'x'.repeat(5_000)}`],
            ['authorization', 'bearer 00000000-0000-0000-0000-000000000000'],
            ['authorization', ''],
            ['cookie', 'fresh_session=%zz'],
            ['cookie', 'fresh_session=a; fresh_session=b'],
            ['cookie', 'fresh_session='],
            ['cookie', '=;;;=;'],
            ['cookie', 'fresh_session="\u00ff\u00fe"'],
            ['cookie', `fresh_session=${'a'.repeat(4_000)}`],
          ),
          hostileString.map((text) => ['authorization', `Bearer ${text}`]),
        )
        .map(([header, value]) => ({
          kind: 'forged' as const,
          header: header as 'authorization' | 'cookie',
          value: value as string,
        })),
      weight: 2,
    },
  );
}

/** A header value Node will send: Latin-1 bytes of the UTF-8 text, without CR, LF, NUL and other controls. */
export function headerSafe(text: string): string {
  return Buffer.from(text, 'utf8')
    .toString('latin1')
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, '');
}

function headersOf(operation: Operation): fc.Arbitrary<{ headers: Record<string, string>; what: string[] }> {
  const address = fc
    .tuple(
      fc.integer({ min: 18, max: 19 }),
      fc.integer({ min: 0, max: 255 }),
      fc.integer({ min: 1, max: 254 }),
    )
    .map(([a, b, c]) => `198.${a}.${b}.${c}`);
  const optional = <T>(arbitrary: fc.Arbitrary<T>, weight = 6) =>
    fc.oneof({ arbitrary: fc.constant(undefined), weight }, { arbitrary, weight: 1 });
  const idempotency = operation.params.some((parameter) => parameter.name === 'idempotency-key');
  return fc
    .record({
      forwardedFor: fc.oneof(
        { arbitrary: address, weight: 10 },
        { arbitrary: fc.constantFrom('unknown', '1.1.1.1, evil', '::ffff:', '999.1.1.1', ''), weight: 1 },
      ),
      acceptEncoding: optional(
        fc.constantFrom('br', 'gzip', 'identity', '*', 'br;q=2, gzip;q=-1', 'x'.repeat(200)),
      ),
      acceptLanguage: optional(fc.constantFrom('ru-RU', 'en', '*', 'ru;q=abc')),
      origin: optional(fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1', 'file://')),
      idempotencyKey: idempotency
        ? fc.oneof(
            { arbitrary: fc.uuid(), weight: 5 },
            { arbitrary: fc.constant(undefined), weight: 1 },
            { arbitrary: hostileString.map(headerSafe), weight: 2 },
          )
        : fc.constant(undefined),
      huge: optional(fc.constantFrom(10_000, 20_000, 70_000), 40),
    })
    .map(({ forwardedFor, acceptEncoding, acceptLanguage, origin, idempotencyKey, huge }) => {
      const headers: Record<string, string> = { 'x-forwarded-for': forwardedFor };
      const what: string[] = [];
      if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
      if (acceptLanguage !== undefined) headers['accept-language'] = acceptLanguage;
      if (origin !== undefined) {
        headers.origin = origin;
        what.push(`origin ${origin}`);
      }
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
      if (huge !== undefined) {
        headers['x-fuzz-padding'] = 'x'.repeat(huge);
        what.push(`a ${huge}-byte header`);
      }
      return { headers, what };
    });
}

// ---------------------------------------------------------------------------------------------- requests

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** Requests to one route: mostly its own method, valid or broken in one or more parts. */
export function requestsFor(operation: Operation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const takesBody = operation.jsonBody !== undefined || operation.multipart || operation.method !== 'GET';
  const body: fc.Arbitrary<BodyChoice> = operation.multipart
    ? fc.oneof(
        { arbitrary: multipartBodies(), weight: 6 },
        { arbitrary: jsonBodies(undefined, context), weight: 1 },
      )
    : takesBody
      ? jsonBodies(operation.jsonBody, context)
      : fc.oneof(
          { arbitrary: fc.constant<BodyChoice>({ body: { kind: 'none' } }), weight: 12 },
          {
            arbitrary: jsonBodies(undefined, context).map((choice) => ({
              ...choice,
              what: `GET with a body; ${choice.what ?? ''}`,
            })),
            weight: 1,
          },
        );
  const method = fc.oneof(
    { arbitrary: fc.constant(operation.method), weight: 25 },
    { arbitrary: fc.constantFrom(...OTHER_METHODS.filter((other) => other !== operation.method)), weight: 1 },
  );
  return fc
    .record({
      method,
      path: pathOf(operation, context),
      query: queryOf(operation, context),
      auth: authOf(context),
      headers: headersOf(operation),
      body,
    })
    .map(({ method: chosen, path, query, auth, headers, body: choice }) => {
      const allHeaders = { ...headers.headers };
      if (choice.contentType !== undefined) allHeaders['content-type'] = choice.contentType;
      const mutations = [...path.what, ...query.what, ...headers.what, ...(choice.what ? [choice.what] : [])];
      if (chosen !== operation.method) mutations.push(`method ${chosen}`);
      if (auth.kind !== 'cookie' && auth.kind !== 'bearer') mutations.push(`auth: ${auth.kind}`);
      return {
        operation: operation.key,
        mutations,
        method: chosen,
        path: path.path + query.query,
        headers: allHeaders,
        auth,
        body: choice.body,
      };
    });
}

/** Paths no route has: /api itself, near misses, traversal, bad escapes. */
export function unknownPaths(context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.constantFrom(...OTHER_METHODS),
      path: fc.oneof(
        fc.constantFrom(
          '/api',
          '/api/',
          '/api?x=1',
          '/api//orders',
          '/api/orders/',
          '/api/ORDERS',
          '/api/%',
          '/api/%zz',
          '/api/..%2f..%2fetc%2fpasswd',
          '/api/user/me/../../settings',
          '/api/openapi.json/x',
          '/uploads/',
          '/uploads/%00',
          '/uploads/..%2f..%2fpackage.json',
          '/uploads/seed/none.png',
          `/api/${'a'.repeat(3_000)}`,
          '/api/\u00ff\u00fe',
          '/healthz?x=%zz',
        ),
        hostileString.map((text) => `/api/${encodeSegment(text, true)}`),
      ),
      auth: authOf(context),
    })
    .map(({ method, path, auth }) => ({
      operation: 'unknown path',
      mutations: [`unknown path ${path.slice(0, 60)}`],
      method,
      path,
      headers: {},
      auth,
      body: { kind: 'none' as const },
    }));
}
