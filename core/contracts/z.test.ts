import { describe, expect, it } from 'vitest';
import { SearchQuerySchema } from './catalog';
import { VacancyListQuerySchema } from './content';
import { SaveAddressSchema } from './geo';
import { CodeRequestSchema } from './identity';
import { PlaceOrdersSchema } from './orders';
import { z } from './z';
import { CONTROL_CHARACTERS_MESSAGE } from './z-namespace';

/** Words of Zod's English messages, or its type names, that must never reach a customer. */
const ENGLISH_ZOD_WORDS =
  /\b(string|number|object|array|boolean|undefined|null|NaN|bigint|instanceof|invalid|expected|received|required)\b/i;
const CYRILLIC = /[а-яё]/i;

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => issue.message);
}

describe('the contracts’ built-in messages', () => {
  const cases: [string, z.ZodType, unknown][] = [
    ['an object where a string came', z.object({ a: z.string() }), 'строка'],
    ['a missing field', z.object({ a: z.string() }), {}],
    ['a number for a string', z.object({ a: z.string() }), { a: 5 }],
    ['a list for a string', z.object({ a: z.string() }), { a: ['x'] }],
    ['null for a number', z.object({ a: z.number() }), { a: null }],
    ['a boolean for a list', z.object({ a: z.array(z.string()) }), { a: true }],
    ['a coerced non-number', z.object({ a: z.coerce.number() }), { a: 'abc' }],
    ['a too long string', z.string().max(5), '123456'],
    ['a too short string', z.string().min(3), '1'],
    ['an empty required string', z.string().min(1), ''],
    ['too many elements', z.array(z.string()).max(2), ['a', 'b', 'c']],
    ['an empty list', z.array(z.string()).min(1), []],
    ['a number too large', z.number().max(10), 11],
    ['a number too small', z.number().min(1), 0],
    ['a fraction for an integer', z.number().int(), 1.5],
    ['a bad id', z.uuid(), 'abc'],
    ['a bad e-mail', z.email(), 'abc'],
    ['a bad date', z.iso.datetime(), 'вчера'],
    ['an unknown enum value', z.enum(['delivery', 'pickup']), 'teleport'],
    ['a wrong literal', z.literal('x'), 'y'],
    ['a failing union', z.union([z.number(), z.boolean()]), 'x'],
    ['a pattern mismatch', z.string().regex(/^[a-z]+$/), 'ABC'],
    ['a bad record key', z.record(z.enum(['a']), z.number()), { b: 1 }],
    ['a non-multiple', z.number().multipleOf(5), 7],
  ];

  it.each(cases)('are Russian, without English type names, for %s', (_name, schema, value) => {
    const messages = messagesOf(schema, value);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      expect(message).toMatch(CYRILLIC);
      expect(message).not.toMatch(ENGLISH_ZOD_WORDS);
    }
  });

  it('name the expected and the received type in Russian', () => {
    expect(messagesOf(z.object({}), 'строка')).toEqual([
      'Неверный тип значения (ожидалось: объект, получено: строка)',
    ]);
    expect(messagesOf(z.object({ a: z.string() }), {})).toEqual(['Обязательное поле']);
    expect(messagesOf(z.string().max(100), 'x'.repeat(101))).toEqual(['Не длиннее 100 символов']);
    expect(messagesOf(z.string().max(21), 'x'.repeat(22))).toEqual(['Не длиннее 21 символа']);
  });

  it('leave a contract’s own message alone', () => {
    expect(messagesOf(z.string().max(2, 'Коротко, пожалуйста'), 'abc')).toEqual(['Коротко, пожалуйста']);
  });
});

describe('control characters in text contracts', () => {
  const NUL = '\u0000';

  it('are refused in every string, whatever else the field allows', () => {
    for (const text of [
      `a${NUL}b`,
      'звонок\u0007',
      '\u001b[31mкрасный',
      'del\u007f',
      'c1\u0085',
      'csi\u009b',
    ]) {
      expect(messagesOf(z.string(), text)).toEqual([CONTROL_CHARACTERS_MESSAGE]);
      expect(messagesOf(z.line(), text)).toEqual([CONTROL_CHARACTERS_MESSAGE]);
      expect(messagesOf(z.url(), `https://push.example/${text}`)).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    }
    expect(messagesOf(z.url(), 'https://push.example/send/abc')).toEqual([]);
  });

  it('keep tabs and line breaks only in multi-line fields', () => {
    expect(messagesOf(z.string(), 'строка\r\nвторая\tстрока')).toEqual([]);
    expect(messagesOf(z.line(), 'строка\nвторая')).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    expect(messagesOf(z.line(), 'Ярославль, ул. Свободы 🥕 \u202eтекст')).toEqual([]);
  });

  it('are refused by the shopper’s one-line fields', () => {
    const zone = '00000000-0000-4000-8000-000000000000';
    const address = { address: 'ул. Свободы, 1', deliveryArea: zone, city: zone };
    const coordinates = { longitude: 39.89, latitude: 57.63 };
    expect(messagesOf(SaveAddressSchema, { ...address, address: `ул.${NUL}`, coordinates })).toEqual([
      CONTROL_CHARACTERS_MESSAGE,
    ]);
    expect(messagesOf(SaveAddressSchema, { ...address, address: 'ул.\nСвободы', coordinates })).toEqual([
      CONTROL_CHARACTERS_MESSAGE,
    ]);
    expect(messagesOf(VacancyListQuerySchema, { city: `a${NUL}b` })).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    expect(messagesOf(SearchQuerySchema, { q: `мол${NUL}` })).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    expect(messagesOf(CodeRequestSchema, { name: `Ан${NUL}на`, phone: '89990001122' })).toEqual([
      CONTROL_CHARACTERS_MESSAGE,
    ]);
  });

  it('let a comment keep its line breaks but not NUL', () => {
    const checkout = {
      orders: [
        {
          point: '00000000-0000-4000-8000-000000000000',
          fulfilment: 'delivery',
          slot: '2026-01-12T10:00:00.000Z',
          address: { id: '00000000-0000-4000-8000-000000000000', flat: '12', comment: 'Код 12\nзвонить' },
        },
      ],
      phone: '89990001122',
      payment: 'cash',
      comment: 'Позвоните\r\nзаранее',
    };
    expect(messagesOf(PlaceOrdersSchema, checkout)).toEqual([]);
    expect(messagesOf(PlaceOrdersSchema, { ...checkout, comment: `a${NUL}` })).toEqual([
      CONTROL_CHARACTERS_MESSAGE,
    ]);
    const [group] = checkout.orders;
    const withFlat = (flat: string) => ({
      ...checkout,
      orders: [{ ...group, address: { ...group?.address, flat } }],
    });
    expect(messagesOf(PlaceOrdersSchema, withFlat(`1${NUL}`))).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    expect(messagesOf(PlaceOrdersSchema, withFlat('1\n2'))).toEqual([CONTROL_CHARACTERS_MESSAGE]);
  });
});
