import { describe, expect, it } from 'vitest';
import type { AppProblem } from '../../shell/problem-log';
import { LOCALES, translate, type Locale } from '../../i18n/messages';
import { describeProblem } from './problem-banner';

const PROBLEMS: AppProblem[] = [
  { code: 'unknown-setting', key: 'colour', source: 'config.json' },
  { code: 'invalid-value', key: 'mode', value: 'offline', expected: 'embedded | map-server', fallback: 'embedded', source: 'environment' },
  { code: 'unreadable-file', detail: 'Unexpected token' },
  { code: 'storage', key: 'gportal:session', reason: 'corrupt', detail: 'Unexpected end of JSON input' },
  { code: 'storage', key: '*', reason: 'unavailable', detail: 'The operation is insecure.' },
];

describe('describeProblem', () => {
  it.each(LOCALES)('fills every placeholder in %s', (locale: Locale) => {
    for (const problem of PROBLEMS) {
      const { message } = describeProblem(problem, (key, values) => translate(locale, key, values));
      expect(message).not.toMatch(/\{\w+\}/);
    }
  });

  it('names the setting, its source, the expected values and the default kept', () => {
    const t = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) => translate('zh-CN', key, values);
    expect(describeProblem(PROBLEMS[1] as AppProblem, t)).toEqual({ message: '设置“mode”的值“offline”（来自 环境变量）无效，应为 embedded | map-server；已使用默认值“embedded”。', detail: undefined });
  });

  it("keeps the browser's words out of the sentence: they are the detail beneath", () => {
    const t = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) => translate('zh-CN', key, values);
    expect(describeProblem(PROBLEMS[4] as AppProblem, t)).toEqual({ message: '浏览器不允许使用本地存储，数据只保留到页面关闭。', detail: 'The operation is insecure.' });
    expect(describeProblem(PROBLEMS[2] as AppProblem, t)).toEqual({ message: '无法读取 config.json，其中的设置未使用。', detail: 'Unexpected token' });
  });
});
