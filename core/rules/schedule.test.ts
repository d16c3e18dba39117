import { describe, expect, it } from 'vitest';
import { formatSchedule } from './schedule';

const h = (open: string, close: string) => ({ open, close });

describe('formatSchedule', () => {
  it('joins consecutive days with the same hours', () => {
    const week = {
      '1': h('08:00', '21:00'),
      '2': h('08:00', '21:00'),
      '3': h('08:00', '21:00'),
      '4': h('08:00', '21:00'),
      '5': h('08:00', '21:00'),
      '6': h('08:00', '21:00'),
      '7': h('09:00', '18:00'),
    };
    expect(formatSchedule(week)).toBe('пн–сб 08:00–21:00, вс 09:00–18:00');
  });

  it('leaves closed days out and names single days', () => {
    expect(
      formatSchedule({ '1': h('10:00', '19:00'), '3': h('10:00', '19:00'), '4': h('10:00', '19:00') }),
    ).toBe('пн 10:00–19:00, ср–чт 10:00–19:00');
  });

  it('says so when there are no hours', () => {
    expect(formatSchedule({})).toBe('Часы работы уточняйте по телефону');
  });
});
