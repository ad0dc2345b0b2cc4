import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import type { Locale, MessageKey } from '../../i18n/messages';
import { LabelledButton } from '../../ui/labelled-button';
import { addDays, addMonths, monthWeeks, plainDateOf, samePlainDate, utcNoon, weekdayIndex, type PlainDate } from './plain-date';

/** How each language writes a weekday above its column: Chinese one character (一 … 日), English three letters (Mon … Sun). */
const WEEKDAY_WIDTHS: Readonly<Record<Locale, 'narrow' | 'short'>> = { 'zh-CN': 'narrow', en: 'short' };

/** A Monday: the week the column headers are named from. */
const A_MONDAY: PlainDate = { year: 2001, month: 1, day: 1 };

interface CalendarNames {
  /** The heading: `1990年5月`, `May 1990`. */
  month(date: PlainDate): string;
  /** A day's accessible name: `1990年5月4日星期五`, `Friday, May 4, 1990`. */
  day(date: PlainDate): string;
  weekdays: ReadonlyArray<{ short: string; long: string }>;
}

/** The month, day and weekday names of a language, from the browser's own tables. */
function calendarNames(locale: Locale): CalendarNames {
  const format = (options: Intl.DateTimeFormatOptions) => {
    const formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    return (date: PlainDate) => formatter.format(utcNoon(date));
  };
  const short = format({ weekday: WEEKDAY_WIDTHS[locale] });
  const long = format({ weekday: 'long' });
  return {
    month: format({ year: 'numeric', month: 'long' }),
    day: format({ dateStyle: 'full' }),
    weekdays: Array.from({ length: 7 }, (_, index) => addDays(A_MONDAY, index)).map((date) => ({ short: short(date), long: long(date) })),
  };
}

/** What each key does to the focused day in the grid (the keys of the WAI-ARIA date picker); Shift with PageUp/PageDown steps a year. */
const GRID_MOVES: Readonly<Record<string, (date: PlainDate, shift: boolean) => PlainDate>> = {
  ArrowLeft: (date) => addDays(date, -1),
  ArrowRight: (date) => addDays(date, 1),
  ArrowUp: (date) => addDays(date, -7),
  ArrowDown: (date) => addDays(date, 7),
  PageUp: (date, shift) => addMonths(date, shift ? -12 : -1),
  PageDown: (date, shift) => addMonths(date, shift ? 12 : 1),
  Home: (date) => addDays(date, -weekdayIndex(date)),
  End: (date) => addDays(date, 6 - weekdayIndex(date)),
};

interface MonthStep {
  label: MessageKey;
  months: number;
  icon: ReactNode;
}

const BACK: readonly MonthStep[] = [
  { label: 'map.attributes.previousYear', months: -12, icon: <DoubleLeftOutlined /> },
  { label: 'map.attributes.previousMonth', months: -1, icon: <LeftOutlined /> },
];
const FORWARD: readonly MonthStep[] = [
  { label: 'map.attributes.nextMonth', months: 1, icon: <RightOutlined /> },
  { label: 'map.attributes.nextYear', months: 12, icon: <DoubleRightOutlined /> },
];

export interface MonthCalendarProps {
  /** The field's day: marked selected, and the month the calendar opens on (today's without one). */
  selected: PlainDate | undefined;
  onPick(date: PlainDate): void;
}

/**
 * One month of days in the active language, weeks from Monday, for the date field's popover: a
 * grid with one focusable day (the arrow keys, PageUp/PageDown, Home/End move it, Enter or Space
 * picks it), buttons a month or a year back and forth, and 今天. It takes the focus when it opens.
 */
export function MonthCalendar({ selected, onPick }: MonthCalendarProps) {
  const { locale, t } = useI18n();
  const names = useMemo(() => calendarNames(locale), [locale]);
  const [today] = useState(() => plainDateOf(new Date()));
  // The day that holds the grid's focus; its month is the month shown.
  const [focused, setFocused] = useState(() => selected ?? today);
  const headingId = useId();
  const focusedCell = useRef<HTMLTableCellElement>(null);
  // The focus goes to the grid's day on opening and when a key moved it; the month buttons keep theirs.
  const focusGrid = useRef(true);
  useEffect(() => {
    if (!focusGrid.current) return;
    focusGrid.current = false;
    // The popover brings itself into view as it opens; focusing must not scroll the form before that.
    focusedCell.current?.focus({ preventScroll: true });
  }, [focused]);

  const onGridKey = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick(focused);
      return;
    }
    const move = GRID_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(focused, event.shiftKey);
    if (samePlainDate(next, focused)) return;
    focusGrid.current = true;
    setFocused(next);
  };

  const stepButton = ({ label, months, icon }: MonthStep) => (
    <Button key={label} type="text" size="small" icon={icon} aria-label={t(label)} title={t(label)} onClick={() => setFocused(addMonths(focused, months))} />
  );

  return (
    <>
      <div className="gportal-calendar-header">
        {BACK.map(stepButton)}
        <div id={headingId} className="gportal-calendar-month" aria-live="polite">
          {names.month(focused)}
        </div>
        {FORWARD.map(stepButton)}
      </div>
      {/* Six weeks high whatever the month, so that the buttons stay where they are from month to month. */}
      <div className="gportal-calendar-body">
        <table role="grid" aria-labelledby={headingId} className="gportal-calendar-grid" onKeyDown={onGridKey}>
          <thead>
            <tr>
              {names.weekdays.map(({ short, long }) => (
                <th key={long} scope="col" aria-label={long}>
                  {short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(focused.year, focused.month).map((week, row) => (
              <tr key={row}>
                {week.map((date, column) =>
                  date ? (
                    <td
                      key={column}
                      ref={samePlainDate(date, focused) ? focusedCell : undefined}
                      tabIndex={samePlainDate(date, focused) ? 0 : -1}
                      aria-label={names.day(date)}
                      aria-selected={samePlainDate(date, selected) || undefined}
                      aria-current={samePlainDate(date, today) ? 'date' : undefined}
                      onClick={() => onPick(date)}
                    >
                      <span className="gportal-calendar-day">{date.day}</span>
                    </td>
                  ) : (
                    <td key={column} />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="gportal-calendar-footer">
        <LabelledButton type="link" size="small" label={t('map.attributes.today')} onClick={() => onPick(today)} />
      </div>
    </>
  );
}
