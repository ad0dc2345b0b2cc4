import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCount } from './format-count';
import { LOCALES } from './messages';

describe('formatCount', () => {
  const counts = [0, 1, 12, 999, 1000, 1001, 2000, 12345, 100000, 999999, 1000000, 1234567890, Number.MAX_SAFE_INTEGER, -1, -1000, -1234567];

  it.each(LOCALES)('writes every whole number as Intl.NumberFormat does in %s', (locale) => {
    const intl = new Intl.NumberFormat(locale);
    for (const count of counts) expect(formatCount(count, locale)).toBe(intl.format(count));
  });

  it('groups by threes with a comma in both languages', () => {
    expect(formatCount(100000, 'zh-CN')).toBe('100,000');
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(999, 'en')).toBe('999');
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('makes no Intl.NumberFormat for a whole number (a page\'s first one is a long task)', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    expect(formatCount(100000, 'zh-CN')).toBe('100,000');
    expect(formatCount(2001, 'en')).toBe('2,001');
    expect(made).not.toHaveBeenCalled();
  });

  it('leaves what is not a safe integer to Intl', () => {
    expect(formatCount(1234.5, 'en')).toBe(new Intl.NumberFormat('en').format(1234.5));
    expect(formatCount(Number.NaN, 'zh-CN')).toBe(new Intl.NumberFormat('zh-CN').format(Number.NaN));
  });
});
