import { describe, expect, it } from 'vitest';
import { LOCALES, MESSAGES, translate } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('message tables', () => {
  const reference = Object.keys(MESSAGES['zh-CN']).sort();

  it.each(LOCALES)('%s has exactly the keys of zh-CN', (locale) => {
    expect(Object.keys(MESSAGES[locale]).sort()).toEqual(reference);
  });

  it.each(LOCALES)('%s has no empty message and the same placeholders as zh-CN', (locale) => {
    for (const key of reference) {
      const text = MESSAGES[locale][key as keyof (typeof MESSAGES)['zh-CN']];
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(MESSAGES['zh-CN'][key as keyof (typeof MESSAGES)['zh-CN']]));
    }
  });

  it('keeps the seed placeholder of the index demo word for word', () => {
    expect(MESSAGES['zh-CN']['indexDemo.placeholder']).toBe('请输入要缓存的值');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('zh-CN', 'manage.module', { n: 2 })).toBe('管理模块 2');
    expect(translate('en', 'header.signedInAs', { name: '演示用户' })).toBe('Signed in as 演示用户');
    expect(translate('en', 'manage.module')).toBe('Management module {n}');
  });
});
