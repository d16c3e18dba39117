import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from './text';

describe('hasControlCharacters', () => {
  it('finds NUL, the other C0 controls, DEL and the C1 controls', () => {
    for (const code of [0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9b, 0x9f]) {
      const text = `а${String.fromCharCode(code)}б`;
      expect(hasControlCharacters(text), code.toString(16)).toBe(true);
      expect(hasControlCharacters(text, { allowLineBreaks: true }), code.toString(16)).toBe(true);
    }
  });

  it('lets tabs and line breaks through only where a field is multi-line', () => {
    for (const text of ['строка\nвторая', 'а\tб', 'а\r\nб']) {
      expect(hasControlCharacters(text)).toBe(true);
      expect(hasControlCharacters(text, { allowLineBreaks: true })).toBe(false);
    }
  });

  it('leaves ordinary text alone: Cyrillic, emoji, right-to-left marks, non-breaking spaces', () => {
    for (const text of ['', 'Ярославль, ул. Свободы, 1', '🥕🍞', '\u202eабв\u202c', 'а\u00a0б', 'ÿ €']) {
      expect(hasControlCharacters(text)).toBe(false);
    }
  });
});
