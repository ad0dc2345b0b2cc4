import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import type { Locale } from '../../i18n/messages';
import { mountedRoot } from '../../test-support/mounted-root';
import DateField from './date-field';

const mounted = mountedRoot();

/** The field as the form holds it: its text in state, every change recorded. */
function Harness({ initial, changes }: { initial: string; changes: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        id="attribute-founded"
        label="建立日期"
        value={value}
        onChange={(text) => {
          changes.push(text);
          setValue(text);
        }}
      />
      <p>outside</p>
    </>
  );
}

function render(initial: string, locale: Locale = 'zh-CN'): string[] {
  const changes: string[] = [];
  act(() => mounted.root.render(<I18nProvider initialLocale={locale}><Harness initial={initial} changes={changes} /></I18nProvider>));
  return changes;
}

const field = () => document.querySelector<HTMLInputElement>('#attribute-founded') as HTMLInputElement;
const calendar = () => document.querySelector<HTMLElement>('[role="dialog"]');
const grid = () => document.querySelector<HTMLElement>('[role="grid"]');
/** The grid's name: its month heading. */
const month = () => document.getElementById(grid()?.getAttribute('aria-labelledby') ?? '')?.textContent;

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((candidate) => candidate.getAttribute('aria-label') === name || candidate.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

function day(name: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`td[aria-label="${name}"]`);
  if (!found) throw new Error(`no day ${name}`);
  return found;
}

function press(key: string, init: KeyboardEventInit = {}) {
  act(() => {
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2024, 1, 10, 12));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the date field', () => {
  it('opens a calendar of the field’s month in Chinese, weeks from Monday, the day selected; a click on a day writes it and closes', () => {
    const changes = render('1949-08-17');
    expect(field().getAttribute('aria-label')).toBe('建立日期');
    expect(field().placeholder).toBe('年-月-日');
    expect(field().inputMode).toBe('numeric');
    expect(field().maxLength).toBe(10);
    expect(button('选择日期').getAttribute('aria-expanded')).toBe('false');
    act(() => button('选择日期').click());
    expect(calendar()?.getAttribute('aria-label')).toBe('选择日期');
    expect(button('选择日期').getAttribute('aria-expanded')).toBe('true');
    expect(month()).toBe('1949年8月');
    expect([...document.querySelectorAll('[role="grid"] th')].map((header) => header.textContent)).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    // 1 August 1949 was a Monday: the first cell.
    expect(document.querySelector('[role="grid"] tbody td')?.getAttribute('aria-label')).toBe('1949年8月1日星期一');
    expect(day('1949年8月17日星期三').getAttribute('aria-selected')).toBe('true');
    expect(document.querySelectorAll('[aria-selected="true"]')).toHaveLength(1);
    expect(document.activeElement).toBe(day('1949年8月17日星期三'));
    act(() => day('1949年8月5日星期五').click());
    expect(changes).toEqual(['1949-08-05']);
    expect(field().value).toBe('1949-08-05');
    expect(calendar()).toBeNull();
    expect(document.activeElement).toBe(button('选择日期'));
  });

  it('moves the focused day with the keyboard: arrows by day and week, PageDown by month to the shorter month’s end, Home and End to the week’s ends; Enter picks', () => {
    const changes = render('2024-01-31');
    act(() => button('选择日期').click());
    expect(document.activeElement).toBe(day('2024年1月31日星期三'));
    press('PageDown');
    expect(month()).toBe('2024年2月');
    expect(document.activeElement).toBe(day('2024年2月29日星期四'));
    expect(document.activeElement?.getAttribute('tabindex')).toBe('0');
    expect(document.querySelectorAll('[role="grid"] td[tabindex="0"]')).toHaveLength(1);
    press('ArrowRight');
    expect(month()).toBe('2024年3月');
    expect(document.activeElement).toBe(day('2024年3月1日星期五'));
    press('Home');
    expect(document.activeElement).toBe(day('2024年2月26日星期一'));
    press('End');
    expect(document.activeElement).toBe(day('2024年3月3日星期日'));
    press('ArrowUp');
    expect(document.activeElement).toBe(day('2024年2月25日星期日'));
    press('ArrowDown');
    press('ArrowLeft');
    expect(document.activeElement).toBe(day('2024年3月2日星期六'));
    press('PageUp', { shiftKey: true });
    expect(document.activeElement).toBe(day('2023年3月2日星期四'));
    expect(changes).toEqual([]);
    press('Enter');
    expect(changes).toEqual(['2023-03-02']);
    expect(calendar()).toBeNull();
    expect(document.activeElement).toBe(button('选择日期'));
    // Space picks too.
    act(() => button('选择日期').click());
    press('ArrowRight');
    press(' ');
    expect(changes).toEqual(['2023-03-02', '2023-03-03']);
  });

  it('steps a month or a year with its buttons, which keep the focus; today is marked and picked by 今天', () => {
    const changes = render('');
    act(() => button('选择日期').click());
    expect(month()).toBe('2024年2月');
    expect(day('2024年2月10日星期六').getAttribute('aria-current')).toBe('date');
    expect(document.querySelectorAll('[aria-selected="true"]')).toHaveLength(0);
    act(() => button('下个月').click());
    expect(month()).toBe('2024年3月');
    act(() => button('上一年').click());
    expect(month()).toBe('2023年3月');
    act(() => button('上个月').click());
    act(() => button('下一年').click());
    expect(month()).toBe('2024年2月');
    expect(calendar()).not.toBeNull();
    act(() => button('今天').click());
    expect(changes).toEqual(['2024-02-10']);
  });

  it('closes on Escape, which goes no further, and gives the focus back to its button', () => {
    render('1949-08-17');
    const onKey = vi.fn();
    window.addEventListener('keydown', onKey);
    try {
      act(() => button('选择日期').click());
      press('Escape');
      expect(calendar()).toBeNull();
      expect(onKey).not.toHaveBeenCalled();
      expect(document.activeElement).toBe(button('选择日期'));
      expect(field().value).toBe('1949-08-17');
    } finally {
      window.removeEventListener('keydown', onKey);
    }
  });

  it('closes on a click outside or the focus leaving it, and never replaces the typed text; a text that is no date opens on today’s month', () => {
    const changes = render('10000-01-01');
    act(() => button('选择日期').click());
    expect(month()).toBe('2024年2月');
    expect(document.querySelectorAll('[aria-selected="true"]')).toHaveLength(0);
    act(() => {
      document.querySelector('p')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(calendar()).toBeNull();
    act(() => button('选择日期').click());
    act(() => field().focus());
    expect(calendar()).toBeNull();
    // The button closes what it opened.
    act(() => button('选择日期').click());
    act(() => button('选择日期').click());
    expect(calendar()).toBeNull();
    expect(changes).toEqual([]);
    expect(field().value).toBe('10000-01-01');
  });

  it('speaks English: month heading, weekday headers Monday first, day names and buttons', () => {
    render('1949-08-17', 'en');
    expect(field().placeholder).toBe('YYYY-MM-DD');
    act(() => button('Choose a date').click());
    expect(calendar()?.getAttribute('aria-label')).toBe('Choose a date');
    expect(month()).toBe('August 1949');
    expect([...document.querySelectorAll('[role="grid"] th')].map((header) => header.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect([...document.querySelectorAll('[role="grid"] th')].map((header) => header.getAttribute('aria-label'))).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(day('Wednesday, August 17, 1949').getAttribute('aria-selected')).toBe('true');
    for (const name of ['Previous year', 'Previous month', 'Next month', 'Next year', 'Today']) expect(button(name)).toBeDefined();
  });
});
