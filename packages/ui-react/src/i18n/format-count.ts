import type { Locale } from './messages';

/** How each language groups a whole number's digits: by threes, with this separator (as CLDR writes them). */
const GROUP_SEPARATOR: Readonly<Record<Locale, string>> = { 'zh-CN': ',', en: ',' };

/**
 * A count (a whole number of features) as the language writes it: `100000` → `100,000`, what
 * `Intl.NumberFormat(locale).format` gives. Written out here rather than asked of `Intl`
 * because a page's first `Intl.NumberFormat` loads ICU's number data, a task of 40–50 ms on
 * the main thread (Chromium 156), and counts are shown as a layer finishes loading or a view
 * is found too full: the very moments the page must not stall. Anything but a safe integer is
 * still formatted by `Intl`.
 */
export function formatCount(count: number, locale: Locale): string {
  if (!Number.isSafeInteger(count)) return new Intl.NumberFormat(locale).format(count);
  const digits = String(Math.abs(count)).replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR[locale]);
  return count < 0 ? `-${digits}` : digits;
}
