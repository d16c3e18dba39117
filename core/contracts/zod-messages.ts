/**
 * Zod's built-in messages in Russian a customer can read. A contract normally gives its own message (SPEC §5
 * wording); these are what a person sees when it does not: a wrong type sent by a broken client, a missing
 * field, a limit. Zod's own Russian locale leaves type names in English ('ожидалось object, получено string')
 * and prints regular expressions, so every issue gets its message here, without echoing the input, enum
 * values or English type names.
 */
import type { core } from 'zod';
import { pluralForm } from '../rules/plural';

export const REQUIRED_FIELD_MESSAGE = 'Обязательное поле';

/** What a value is, in words; anything unexpected is just 'другое значение'. */
const TYPE_NAMES: Record<string, string> = {
  string: 'строка',
  number: 'число',
  int: 'целое число',
  bigint: 'целое число',
  nan: 'не число',
  boolean: 'да или нет',
  object: 'объект',
  record: 'объект',
  map: 'объект',
  array: 'список',
  tuple: 'список',
  set: 'список',
  date: 'дата',
  file: 'файл',
  null: 'пустое значение',
  undefined: 'ничего',
  void: 'ничего',
  never: 'ничего',
};

function typeName(type: string): string {
  return TYPE_NAMES[type] ?? 'другое значение';
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  return typeof value;
}

const CHARACTERS_GENITIVE = ['символа', 'символов', 'символов'] as const;
const ELEMENTS_GENITIVE = ['элемента', 'элементов', 'элементов'] as const;

function sizeKind(origin: string): 'string' | 'list' | 'number' | 'other' {
  if (origin === 'string') return 'string';
  if (origin === 'array' || origin === 'set') return 'list';
  if (origin === 'number' || origin === 'int' || origin === 'bigint') return 'number';
  return 'other';
}

function tooBig(issue: core.$ZodRawIssue<core.$ZodIssueTooBig>): string {
  const max = Number(issue.maximum);
  switch (sizeKind(issue.origin)) {
    case 'string':
      return `Не длиннее ${max} ${pluralForm(max, CHARACTERS_GENITIVE)}`;
    case 'list':
      return `Не больше ${max} ${pluralForm(max, ELEMENTS_GENITIVE)}`;
    case 'number':
      return issue.inclusive === false ? `Значение должно быть меньше ${max}` : `Не больше ${max}`;
    default:
      return 'Слишком большое значение';
  }
}

function tooSmall(issue: core.$ZodRawIssue<core.$ZodIssueTooSmall>): string {
  const min = Number(issue.minimum);
  switch (sizeKind(issue.origin)) {
    case 'string':
      return min <= 1 ? REQUIRED_FIELD_MESSAGE : `Не короче ${min} ${pluralForm(min, CHARACTERS_GENITIVE)}`;
    case 'list':
      return min <= 1
        ? 'Список не может быть пустым'
        : `Не меньше ${min} ${pluralForm(min, ELEMENTS_GENITIVE)}`;
    case 'number':
      return issue.inclusive === false ? `Значение должно быть больше ${min}` : `Не меньше ${min}`;
    default:
      return 'Слишком маленькое значение';
  }
}

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Введите существующую почту',
  url: 'Некорректная ссылка',
  datetime: 'Некорректные дата и время',
  date: 'Некорректная дата',
  time: 'Некорректное время',
  duration: 'Некорректная длительность',
};
const ID_FORMATS = new Set([
  'uuid',
  'uuidv4',
  'uuidv6',
  'uuidv7',
  'guid',
  'cuid',
  'cuid2',
  'ulid',
  'nanoid',
  'xid',
  'ksuid',
]);

/** Zod's locale error map: one Russian message for every kind of issue. */
export const russianErrorMap: core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      // Left out or sent as null: a form's empty field.
      if (issue.input === undefined || issue.input === null) return REQUIRED_FIELD_MESSAGE;
      const received = typeOf(issue.input);
      if (received === 'nan') return 'Ожидалось число';
      return `Неверный тип значения (ожидалось: ${typeName(issue.expected)}, получено: ${typeName(received)})`;
    }
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      if (ID_FORMATS.has(issue.format)) return 'Некорректный идентификатор';
      return FORMAT_MESSAGES[issue.format] ?? 'Неверный формат';
    case 'not_multiple_of':
      return `Число должно быть кратно ${Number(issue.divisor)}`;
    case 'unrecognized_keys':
      return 'Лишние поля в запросе';
    case 'invalid_key':
      return 'Неверный ключ';
    case 'invalid_element':
      return 'Неверное значение в списке';
    case 'invalid_value':
    case 'invalid_union':
    case 'custom':
      return 'Недопустимое значение';
    default:
      return 'Неверные данные';
  }
};
