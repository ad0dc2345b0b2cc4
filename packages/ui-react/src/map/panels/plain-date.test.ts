import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysInMonth, formatPlainDate, monthWeeks, parsePlainDate, plainDateOf, weekdayIndex, type PlainDate } from './plain-date';

const day = (text: string): PlainDate => {
  const date = parsePlainDate(text);
  if (!date) throw new Error(`no date ${text}`);
  return date;
};

describe('plain dates', () => {
  it('reads and writes YYYY-MM-DD, and reads nothing the form refuses', () => {
    expect(parsePlainDate('1949-08-17')).toEqual({ year: 1949, month: 8, day: 17 });
    expect(formatPlainDate({ year: 50, month: 1, day: 2 })).toBe('0050-01-02');
    for (const text of ['10000-01-01', '2023-02-29', '1949-13-01', '1949-8-17', '']) expect(parsePlainDate(text), text).toBeUndefined();
  });

  it('knows the days of each month, 29 February in leap years only', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => daysInMonth(2023, month))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(4, 2)).toBe(29);
  });

  it('starts each month on its weekday, Monday first', () => {
    // 1 February 2021 was a Monday, 1 February 2024 a Thursday, 1 March 2026 a Sunday, 1 October 1949 a Saturday.
    expect(weekdayIndex(day('2021-02-01'))).toBe(0);
    expect(weekdayIndex(day('2024-02-01'))).toBe(3);
    expect(weekdayIndex(day('2026-03-01'))).toBe(6);
    expect(weekdayIndex(day('1949-10-01'))).toBe(5);
    const text = (weeks: Array<Array<PlainDate | null>>) => weeks.map((week) => week.map((date) => (date ? String(date.day) : '.')).join(' '));
    expect(text(monthWeeks(2021, 2))).toEqual(['1 2 3 4 5 6 7', '8 9 10 11 12 13 14', '15 16 17 18 19 20 21', '22 23 24 25 26 27 28']);
    expect(text(monthWeeks(2024, 2))).toEqual(['. . . 1 2 3 4', '5 6 7 8 9 10 11', '12 13 14 15 16 17 18', '19 20 21 22 23 24 25', '26 27 28 29 . . .']);
    expect(monthWeeks(2026, 3)).toHaveLength(6);
    expect(text(monthWeeks(2026, 3))[0]).toBe('. . . . . . 1');
  });

  it('steps by days across months and years, and by months to the shorter month’s last day', () => {
    expect(formatPlainDate(addDays(day('2024-02-28'), 1))).toBe('2024-02-29');
    expect(formatPlainDate(addDays(day('2023-02-28'), 1))).toBe('2023-03-01');
    expect(formatPlainDate(addDays(day('2024-12-31'), 1))).toBe('2025-01-01');
    expect(formatPlainDate(addDays(day('2025-01-03'), -7))).toBe('2024-12-27');
    // PageDown from 31 January.
    expect(formatPlainDate(addMonths(day('2024-01-31'), 1))).toBe('2024-02-29');
    expect(formatPlainDate(addMonths(day('2023-01-31'), 1))).toBe('2023-02-28');
    expect(formatPlainDate(addMonths(day('2024-03-31'), -1))).toBe('2024-02-29');
    expect(formatPlainDate(addMonths(day('2024-02-29'), 12))).toBe('2025-02-28');
    expect(formatPlainDate(addMonths(day('2024-11-15'), 2))).toBe('2025-01-15');
    expect(formatPlainDate(addMonths(day('2024-01-15'), -1))).toBe('2023-12-15');
    // Years below 100 stay themselves; the steps end at the years the form takes.
    expect(formatPlainDate(addDays(day('0050-12-31'), 1))).toBe('0051-01-01');
    expect(formatPlainDate(addMonths(day('0001-01-15'), -1))).toBe('0001-01-01');
    expect(formatPlainDate(addDays(day('9999-12-31'), 1))).toBe('9999-12-31');
  });

  it("takes today from the machine's clock and zone, late at night and just after midnight alike", () => {
    expect(plainDateOf(new Date(2024, 0, 31, 23, 59))).toEqual({ year: 2024, month: 1, day: 31 });
    expect(plainDateOf(new Date(2024, 1, 1, 0, 1))).toEqual({ year: 2024, month: 2, day: 1 });
  });
});
