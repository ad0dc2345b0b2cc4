import { describe, expect, it } from 'vitest';
import { MESSAGES } from './message-tables';
import { LOCALES, translate, type Message, type MessageKey } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
/** Every text of a message: one, or one per plural category. */
const textsOf = (message: Message): string[] => (typeof message === 'string' ? [message] : Object.values(message));

describe('message tables', () => {
  const reference = Object.keys(MESSAGES['zh-CN']).sort() as MessageKey[];

  it.each(LOCALES)('%s has exactly the keys of zh-CN', (locale) => {
    expect(Object.keys(MESSAGES[locale]).sort()).toEqual(reference);
  });

  it.each(LOCALES)('%s has no empty message and the same placeholders as zh-CN, in every plural form', (locale) => {
    for (const key of reference) {
      const expected = placeholders(textsOf(MESSAGES['zh-CN'][key])[0] ?? '');
      for (const text of textsOf(MESSAGES[locale][key])) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(expected);
      }
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

describe('placeholders are never empty', () => {
  it('shows an empty or blank value as a visible word, never as nothing', () => {
    expect(translate('zh-CN', 'geoserverMap.empty', { typeName: '' })).toBe('图层 （空） 没有要素');
    expect(translate('en', 'geoserverMap.empty', { typeName: '  ' })).toBe('Layer (empty) has no features');
  });

  // Every message, filled with empty values: no sentence may read with a hole in it.
  it.each(LOCALES)('%s: no message filled with empty values has an empty quote, bracket or double space', (locale) => {
    for (const key of Object.keys(MESSAGES[locale]) as MessageKey[]) {
      for (const count of [1, 2]) {
        const names = placeholders(textsOf(MESSAGES[locale][key]).join(' '));
        const values = Object.fromEntries(names.map((name) => [name, name === 'count' ? count : '']));
        const text = translate(locale, key, values);
        expect(text, key).not.toMatch(/“”|""|''|（）|\(\)|：$|: $| {2}|\{\w+\}/);
      }
    }
  });
});

describe('plurals', () => {
  it('reads right in English for one and for many', () => {
    expect(translate('en', 'featureMap.redrawConfirmBody', { count: 1 })).toBe('1 change is not saved; redrawing discards it.');
    expect(translate('en', 'featureMap.redrawConfirmBody', { count: 2 })).toBe('2 changes are not saved; redrawing discards them.');
    expect(translate('en', 'geoserverMap.count', { count: 1 })).toBe('1 feature');
    expect(translate('en', 'geoserverMap.count', { count: 0 })).toBe('0 features');
    expect(translate('zh-CN', 'featureMap.redrawConfirmBody', { count: 1 })).toBe('有 1 处修改尚未保存，重绘会丢弃它们。');
  });

  it('gives every English message about a count of things its singular form', () => {
    // A count read out as "{count} <noun>s" needs `one`: "1 changes" is the bug this prevents.
    for (const [key, message] of Object.entries(MESSAGES.en)) {
      if (typeof message === 'string') expect(message, key).not.toMatch(/\{count\} \w+s\b/);
      else expect(message.one, key).toBeDefined();
    }
  });
});
