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

describe('formatSchedule runs', () => {
  it('joins a whole week into one run', () => {
    const week = Object.fromEntries(
      ['1', '2', '3', '4', '5', '6', '7'].map((day) => [day, h('08:00', '22:00')]),
    );
    expect(formatSchedule(week)).toBe('пн–вс 08:00–22:00');
  });

  it('starts a new run when the opening or the closing time changes', () => {
    expect(formatSchedule({ '1': h('09:00', '18:00'), '2': h('10:00', '18:00') })).toBe(
      'пн 09:00–18:00, вт 10:00–18:00',
    );
    expect(formatSchedule({ '1': h('09:00', '18:00'), '2': h('09:00', '17:00') })).toBe(
      'пн 09:00–18:00, вт 09:00–17:00',
    );
  });

  it('ends a run at a closed day and starts again after it', () => {
    expect(
      formatSchedule({ '2': h('09:00', '18:00'), '5': h('09:00', '18:00'), '6': h('09:00', '18:00') }),
    ).toBe('вт 09:00–18:00, пт–сб 09:00–18:00');
    expect(formatSchedule({ '7': h('10:00', '16:00') })).toBe('вс 10:00–16:00');
  });

  it('ignores keys that are no weekday', () => {
    expect(
      formatSchedule({ '0': h('09:00', '18:00'), '8': h('09:00', '18:00'), '1': h('09:00', '18:00') }),
    ).toBe('пн 09:00–18:00');
  });
});
