import { isDateText } from './field-values';

// A day of the calendar without a time or a time zone, and the arithmetic of the date field's
// calendar. Every step goes through a UTC date, whose day never moves with the machine's zone.

/** A calendar day: `month` 1–12, `day` 1–31. */
export interface PlainDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The days the attribute form can store (`isDateText`): years 0001–9999. */
const FIRST: PlainDate = { year: 1, month: 1, day: 1 };
const LAST: PlainDate = { year: 9999, month: 12, day: 31 };

/** The day at noon UTC: what `Intl.DateTimeFormat` with `timeZone: 'UTC'` names as that day. */
export function utcNoon({ year, month, day }: PlainDate): Date {
  const date = new Date(Date.UTC(2000, 0, 1, 12));
  // `setUTCFullYear`, unlike `Date.UTC`, keeps years below 100 as they are; days past the month's end roll over.
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

function fromUtc(date: Date): PlainDate {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function compare(a: PlainDate, b: PlainDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

function clamp(date: PlainDate): PlainDate {
  if (compare(date, FIRST) < 0) return FIRST;
  return compare(date, LAST) > 0 ? LAST : date;
}

/** The day `text` writes as `YYYY-MM-DD`, or `undefined` when it is none the form takes. */
export function parsePlainDate(text: string): PlainDate | undefined {
  if (!isDateText(text)) return undefined;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** `YYYY-MM-DD`, as the attribute form reads it. */
export function formatPlainDate({ year, month, day }: PlainDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The day `now` falls on by the machine's clock and zone: the user's today. */
export function plainDateOf(now: Date): PlainDate {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

export function samePlainDate(a: PlainDate | undefined, b: PlainDate | undefined): boolean {
  return a !== undefined && b !== undefined && compare(a, b) === 0;
}

export function daysInMonth(year: number, month: number): number {
  return fromUtc(utcNoon({ year, month: month + 1, day: 0 })).day;
}

/** The day `days` after `date` (before it, when negative), within the years the form takes. */
export function addDays(date: PlainDate, days: number): PlainDate {
  return clamp(fromUtc(utcNoon({ ...date, day: date.day + days })));
}

/** The same day `months` later (earlier, when negative), or the month's last day when it is shorter: 31 January + 1 is 28 or 29 February. */
export function addMonths(date: PlainDate, months: number): PlainDate {
  const index = date.year * 12 + date.month - 1 + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return clamp({ year, month, day: Math.min(date.day, daysInMonth(year, month)) });
}

/** The day's place in a week that starts on Monday: 0 for Monday, 6 for Sunday. */
export function weekdayIndex(date: PlainDate): number {
  return (utcNoon(date).getUTCDay() + 6) % 7;
}

/** The weeks of a month, Monday first: each seven days, `null` where a day is another month's. */
export function monthWeeks(year: number, month: number): Array<Array<PlainDate | null>> {
  const days: Array<PlainDate | null> = Array.from({ length: weekdayIndex({ year, month, day: 1 }) }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day++) days.push({ year, month, day });
  while (days.length % 7 !== 0) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}
