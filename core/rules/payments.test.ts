import { describe, expect, it } from 'vitest';
import {
  buildReceipt,
  DEFAULT_DELIVERY_VAT_CODE,
  DEFAULT_VAT_CODE,
  discountReceiptLines,
  isPaymentStatusForward,
  isVatCode,
  kopecksToValue,
  ONLINE_PAYMENT_STATUS_LABELS,
  ONLINE_PAYMENT_STATUSES,
  PAYMENT_WINDOW_MIN,
  paymentDescription,
  REFUND_STATUSES,
  receiptTotal,
  VAT_CODES,
  valueToKopecks,
} from './payments';

describe('payment statuses', () => {
  it('names every YooKassa status in Russian', () => {
    expect(ONLINE_PAYMENT_STATUSES).toEqual(['pending', 'waiting_for_capture', 'succeeded', 'canceled']);
    expect(REFUND_STATUSES).toEqual(['pending', 'succeeded', 'canceled']);
    expect(ONLINE_PAYMENT_STATUS_LABELS).toEqual({
      pending: 'Ожидает оплаты',
      waiting_for_capture: 'Оплата подтверждается',
      succeeded: 'Оплачен',
      canceled: 'Оплата не прошла',
    });
    expect(PAYMENT_WINDOW_MIN).toBe(15);
  });

  it('moves only forward: pending → waiting_for_capture → succeeded | canceled', () => {
    const allowed = ONLINE_PAYMENT_STATUSES.flatMap((from) =>
      ONLINE_PAYMENT_STATUSES.filter((to) => isPaymentStatusForward(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      'pending→waiting_for_capture',
      'pending→succeeded',
      'pending→canceled',
      'waiting_for_capture→succeeded',
      'waiting_for_capture→canceled',
    ]);
  });
});

describe('amounts', () => {
  it('writes kopecks as YooKassa values, two decimals, no float on the way', () => {
    expect(kopecksToValue(0)).toBe('0.00');
    expect(kopecksToValue(5)).toBe('0.05');
    expect(kopecksToValue(50)).toBe('0.50');
    expect(kopecksToValue(100)).toBe('1.00');
    expect(kopecksToValue(12_345)).toBe('123.45');
    expect(kopecksToValue(1_000_000_07)).toBe('1000000.07');
  });

  it('refuses amounts that are not whole non-negative kopecks', () => {
    expect(() => kopecksToValue(-1)).toThrow(RangeError);
    expect(() => kopecksToValue(-1)).toThrow('Bad amount: -1');
    expect(() => kopecksToValue(1.5)).toThrow(RangeError);
    expect(() => kopecksToValue(Number.NaN)).toThrow(RangeError);
    expect(() => kopecksToValue(2 ** 53)).toThrow(RangeError);
  });

  it('reads YooKassa values back into kopecks, or null for anything else', () => {
    expect(valueToKopecks('123.45')).toBe(12_345);
    expect(valueToKopecks('123.4')).toBe(12_340);
    expect(valueToKopecks('123')).toBe(12_300);
    expect(valueToKopecks('0.05')).toBe(5);
    expect(valueToKopecks('999999999999.99')).toBe(99_999_999_999_999);
    for (const bad of ['', '-1.00', '1.234', '1.', '.5', 'abc', ' 1.00', '1.00 ', '1,00', '1000000000000']) {
      expect(valueToKopecks(bad), bad).toBeNull();
    }
  });

  it('round-trips every kopeck amount', () => {
    for (const kopecks of [0, 1, 9, 10, 99, 100, 101, 1_999, 250_000, 123_456_789]) {
      expect(valueToKopecks(kopecksToValue(kopecks))).toBe(kopecks);
    }
  });
});

describe('the 54-ФЗ receipt', () => {
  const lines = [
    { name: 'Молоко 3,2% 1 л', quantity: 2, priceKopecks: 8_990, vatCode: 3 as const },
    { name: 'Сыр', quantity: 1, priceKopecks: 45_000, vatCode: 4 as const },
  ];

  it('lists each line at its unit price as a commodity paid in full in advance', () => {
    const receipt = buildReceipt({ phone: '+79991234567', email: null, lines, deliveryFeeKopecks: 0 });
    expect(receipt).toEqual({
      customer: { phone: '79991234567' },
      items: [
        {
          description: 'Молоко 3,2% 1 л',
          quantity: '2',
          amount: { value: '89.90', currency: 'RUB' },
          vat_code: 3,
          payment_subject: 'commodity',
          payment_mode: 'full_prepayment',
        },
        {
          description: 'Сыр',
          quantity: '1',
          amount: { value: '450.00', currency: 'RUB' },
          vat_code: 4,
          payment_subject: 'commodity',
          payment_mode: 'full_prepayment',
        },
      ],
    });
    expect(receiptTotal(receipt)).toBe(2 * 8_990 + 45_000);
  });

  it('prefers the e-mail to the phone, and sends the phone without its plus', () => {
    expect(
      buildReceipt({ phone: '+79991234567', email: 'a@b.ru', lines, deliveryFeeKopecks: 0 }).customer,
    ).toEqual({
      email: 'a@b.ru',
    });
    expect(buildReceipt({ phone: '79991234567', email: '', lines, deliveryFeeKopecks: 0 }).customer).toEqual({
      phone: '79991234567',
    });
    expect(buildReceipt({ phone: null, email: null, lines, deliveryFeeKopecks: 0 }).customer).toEqual({
      phone: '',
    });
  });

  it('adds delivery as a service line with its own VAT code', () => {
    const receipt = buildReceipt({ phone: '+79991234567', email: null, lines, deliveryFeeKopecks: 19_900 });
    expect(receipt.items).toHaveLength(3);
    expect(receipt.items[2]).toEqual({
      description: 'Доставка',
      quantity: '1',
      amount: { value: '199.00', currency: 'RUB' },
      vat_code: DEFAULT_DELIVERY_VAT_CODE,
      payment_subject: 'service',
      payment_mode: 'full_prepayment',
    });
    expect(receiptTotal(receipt)).toBe(2 * 8_990 + 45_000 + 19_900);
    const zeroVat = buildReceipt({
      phone: null,
      email: null,
      lines,
      deliveryFeeKopecks: 1,
      deliveryVatCode: 1,
    });
    expect(zeroVat.items[2]?.vat_code).toBe(1);
    expect(zeroVat.items[2]?.amount.value).toBe('0.01');
  });

  it('clips names to YooKassa’s 128 characters', () => {
    const long = 'я'.repeat(200);
    const exact = 'ж'.repeat(128);
    const receipt = buildReceipt({
      phone: null,
      email: null,
      lines: [
        { name: long, quantity: 1, priceKopecks: 100, vatCode: DEFAULT_VAT_CODE },
        { name: exact, quantity: 1, priceKopecks: 100, vatCode: DEFAULT_VAT_CODE },
      ],
      deliveryFeeKopecks: 0,
    });
    expect(receipt.items[0]?.description).toBe(`${'я'.repeat(127)}…`);
    expect(receipt.items[0]?.description).toHaveLength(128);
    expect(receipt.items[1]?.description).toBe(exact);
  });

  it('counts a receipt’s total from its items, unreadable amounts as zero', () => {
    expect(receiptTotal({ customer: {}, items: [] })).toBe(0);
    const [item] = buildReceipt({ phone: null, email: null, lines, deliveryFeeKopecks: 0 }).items;
    if (!item) throw new Error('no item');
    const broken = { customer: {}, items: [{ ...item, amount: { value: 'x', currency: 'RUB' as const } }] };
    expect(receiptTotal(broken)).toBe(0);
  });

  it('knows the VAT codes and defaults', () => {
    expect(VAT_CODES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(DEFAULT_VAT_CODE).toBe(4);
    expect(DEFAULT_DELIVERY_VAT_CODE).toBe(4);
  });

  it('describes the payment with the order number', () => {
    expect(paymentDescription(1042)).toBe('Заказ №1042 в «Фреш»');
  });
});

describe('a discount on the receipt', () => {
  const line = (name: string, priceKopecks: number, quantity: number) => ({
    name,
    priceKopecks,
    quantity,
    vatCode: DEFAULT_VAT_CODE,
  });
  const sum = (lines: readonly { priceKopecks: number; quantity: number }[]) =>
    lines.reduce((total, one) => total + one.priceKopecks * one.quantity, 0);

  it('knows the VAT codes', () => {
    expect(isVatCode(1)).toBe(true);
    expect(isVatCode(10)).toBe(true);
    expect(isVatCode(0)).toBe(false);
    expect(isVatCode(11)).toBe(false);
  });

  it('leaves the lines as they are without a discount', () => {
    const lines = [line('Молоко', 8_990, 2)];
    expect(discountReceiptLines(lines, 0)).toEqual(lines);
    expect(discountReceiptLines(lines, -5)).toEqual(lines);
  });

  it('spreads a discount by the lines’ sums to the kopeck, splitting a line whose sum does not divide', () => {
    const lines = [line('Молоко', 10_000, 3), line('Хлеб', 5_000, 1), line('Сыр', 15_000, 1)];
    // 50 000 of goods, 10 000 off: 6 000 + 1 000 + 3 000.
    expect(discountReceiptLines(lines, 10_000)).toEqual([
      line('Молоко', 8_000, 3),
      line('Хлеб', 4_000, 1),
      line('Сыр', 12_000, 1),
    ]);
    const odd = discountReceiptLines([line('Молоко', 100, 3), line('Хлеб', 100, 1)], 1);
    // 1 kopeck off 400: the largest remainder is the first line's (0.75): 299 over 3 units.
    expect(odd).toEqual([line('Молоко', 99, 1), line('Молоко', 100, 2), line('Хлеб', 100, 1)]);
    expect(sum(odd)).toBe(399);
  });

  it('gives leftover kopecks to the largest remainders first, ties to the first line', () => {
    const lines = [line('А', 100, 1), line('Б', 100, 1), line('В', 100, 1)];
    expect(discountReceiptLines(lines, 2)).toEqual([line('А', 99, 1), line('Б', 99, 1), line('В', 100, 1)]);
    const uneven = [line('А', 100, 1), line('Б', 200, 1)];
    // 2 off 300: 0.67 and 1.33 → the first gets its kopeck by remainder (0.67 > 0.33).
    expect(discountReceiptLines(uneven, 2)).toEqual([line('А', 99, 1), line('Б', 199, 1)]);
    // 1 off 400: 0.25 and 0.75 → the second line's larger remainder wins over the first line's place.
    expect(discountReceiptLines([line('А', 100, 1), line('Б', 300, 1)], 1)).toEqual([
      line('А', 100, 1),
      line('Б', 299, 1),
    ]);
    // 2 off 400: 0.5, 1, 0.5 → one by the floors, the last kopeck to the first of the tied halves.
    expect(discountReceiptLines([line('А', 100, 1), line('Б', 200, 1), line('В', 100, 1)], 2)).toEqual([
      line('А', 99, 1),
      line('Б', 199, 1),
      line('В', 100, 1),
    ]);
    // 3 off 500: 0.6, 0.6, 1.2, 0.6 → the floors take 1, the two left go to the first two 0.6s.
    expect(
      discountReceiptLines([line('А', 100, 1), line('Б', 100, 1), line('В', 200, 1), line('Г', 100, 1)], 3),
    ).toEqual([line('А', 99, 1), line('Б', 99, 1), line('В', 199, 1), line('Г', 100, 1)]);
    expect(discountReceiptLines([], 100)).toEqual([]);
  });

  it('never takes more than the goods, and always adds up', () => {
    const lines = [line('А', 333, 7), line('Б', 1_001, 3), line('В', 5, 11)];
    expect(sum(discountReceiptLines(lines, 999_999))).toBe(0);
    for (const discount of [1, 17, 999, 1_234, 2_000]) {
      const result = discountReceiptLines(lines, discount);
      expect(sum(result)).toBe(sum(lines) - discount);
      for (const one of result) expect(one.priceKopecks).toBeGreaterThanOrEqual(0);
    }
  });
});
