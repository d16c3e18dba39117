import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  formatPhoneInput,
  isPhoneInputComplete,
  normalisePhone,
  PHONE_MASK_LENGTH,
  phoneForApi,
} from './phone';

describe('formatPhoneInput', () => {
  it('masks digits as they are typed, adding separators only before a following digit', () => {
    expect(formatPhoneInput('9')).toBe('+7 (9');
    expect(formatPhoneInput('+7 (91')).toBe('+7 (91');
    expect(formatPhoneInput('+7 (912')).toBe('+7 (912');
    expect(formatPhoneInput('+7 (9123')).toBe('+7 (912) 3');
    expect(formatPhoneInput('+7 (912) 345')).toBe('+7 (912) 345');
    expect(formatPhoneInput('+7 (912) 3456')).toBe('+7 (912) 345-6');
    expect(formatPhoneInput('+7 (912) 345-67')).toBe('+7 (912) 345-67');
    expect(formatPhoneInput('+7 (912) 345-678')).toBe('+7 (912) 345-67-8');
    expect(formatPhoneInput('+7 (912) 345-67-89')).toBe('+7 (912) 345-67-89');
  });

  it('takes a leading 7 or 8 typed without + as the country code', () => {
    expect(formatPhoneInput('8')).toBe('+7 (');
    expect(formatPhoneInput('7')).toBe('+7 (');
    expect(formatPhoneInput('89123456789')).toBe('+7 (912) 345-67-89');
    expect(formatPhoneInput('79123456789')).toBe('+7 (912) 345-67-89');
    expect(formatPhoneInput('8 (912) 345 67 89')).toBe('+7 (912) 345-67-89');
  });

  it('reads digits after a + as the national number, even pasted with a leading space', () => {
    // The field already shows «+7 (»; a value starting with + carries it, whatever digit follows.
    expect(formatPhoneInput(' +8912')).toBe('+7 (891) 2');
    expect(formatPhoneInput(' +7 (912')).toBe('+7 (912');
  });

  it('accepts a pasted national number or +7 number', () => {
    expect(formatPhoneInput('9123456789')).toBe('+7 (912) 345-67-89');
    expect(formatPhoneInput('+7 912 345-67-89')).toBe('+7 (912) 345-67-89');
  });

  it('stops at ten national digits and ignores letters', () => {
    expect(formatPhoneInput('+7 (912) 345-67-890000')).toBe('+7 (912) 345-67-89');
    expect(formatPhoneInput('9a1b2')).toBe('+7 (912');
  });

  it('lets the customer delete everything', () => {
    expect(formatPhoneInput('+7 (')).toBe('');
    expect(formatPhoneInput('+7 ')).toBe('');
    expect(formatPhoneInput('')).toBe('');
    expect(formatPhoneInput('+')).toBe('');
  });
});

describe('isPhoneInputComplete', () => {
  it('needs all 18 characters of the mask', () => {
    expect(PHONE_MASK_LENGTH).toBe(18);
    expect(isPhoneInputComplete('+7 (912) 345-67-89')).toBe(true);
    expect(isPhoneInputComplete('+7 (912) 345-67-8')).toBe(false);
    expect(isPhoneInputComplete('')).toBe(false);
    // A whole number, but not in the mask: the field is not complete.
    expect(isPhoneInputComplete('89123456789')).toBe(false);
  });

  it('refuses a complete mask that is no real number', () => {
    expect(isPhoneInputComplete('+7 (012) 345-67-89')).toBe(false);
  });
});

describe('phoneForApi', () => {
  it('sends digits only, the leading 7 changed to 8 (SPEC §5)', () => {
    expect(phoneForApi('+7 (912) 345-67-89')).toBe('89123456789');
    expect(phoneForApi('89123456789')).toBe('89123456789');
  });
});

describe('normalisePhone', () => {
  it('turns every way of writing a +7 number into +7XXXXXXXXXX', () => {
    for (const input of [
      '89123456789',
      '79123456789',
      '+79123456789',
      '+7 (912) 345-67-89',
      '8 912 345-67-89',
      ' 8(912)3456789 ',
    ]) {
      expect(normalisePhone(input), input).toBe('+79123456789');
    }
    expect(normalisePhone('84852123456')).toBe('+74852123456');
  });

  it('rejects numbers of other countries, of the wrong length and junk', () => {
    for (const input of [
      '',
      '9123456789',
      '891234567890',
      '+19123456789',
      '+89123456789',
      '19123456789',
      '80123456789',
      '82123456789',
      '8912345678a',
      '8912345678٩',
      '89123456789; drop table users',
      '1'.repeat(100),
      // A +8 number is another country's, leading spaces or not.
      ' +89123456789',
    ]) {
      expect(normalisePhone(input), input).toBeNull();
    }
  });

  it('reads up to 32 characters, spaces included', () => {
    const spaced = (length: number) => `8${' '.repeat(length - 11)}9123456789`;
    expect(spaced(32)).toHaveLength(32);
    expect(normalisePhone(spaced(32))).toBe('+79123456789');
    expect(normalisePhone(spaced(33))).toBeNull();
  });
});

describe('formatPhone', () => {
  it('shows a stored number through the mask', () => {
    expect(formatPhone('+79123456789')).toBe('+7 (912) 345-67-89');
    expect(formatPhone('89123456789')).toBe('+7 (912) 345-67-89');
    expect(formatPhone('not a phone')).toBe('not a phone');
  });

  it('shows a shop’s landline with its city code (issue 21: the shop page showed +74852447020)', () => {
    expect(formatPhone('+74852447020')).toBe('+7 (485) 244-70-20');
    expect(formatPhone('+7 4852 44-70-20')).toBe('+7 (485) 244-70-20');
  });
});
