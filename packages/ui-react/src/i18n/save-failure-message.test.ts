import { JournalConflictError, MapServerError, type SaveFailure } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { translate, type Locale, type MessageKey } from './messages';
import { saveFailureMessage } from './save-failure-message';

const t = (locale: Locale) => (key: MessageKey, values?: Readonly<Record<string, string | number>>) => translate(locale, key, values);

function failure(kind: SaveFailure['kind'], extra: Partial<SaveFailure> = {}): SaveFailure {
  return { kind, committed: 'unknown', message: 'boom', failures: [], ...extra };
}

describe('saveFailureMessage', () => {
  it.each<[SaveFailure, string, string, string | undefined]>([
    [failure('connection-refused', { committed: 'nothing-committed', message: '' }), '无法连接地图服务器，没有保存任何修改', 'cannot be reached; nothing was saved', undefined],
    [failure('outcome-unknown'), '连接中断，无法确认是否已保存', 'connection to the map server broke', 'boom'],
    [failure('timeout'), '没有应答，无法确认是否已保存', 'did not answer in time', 'boom'],
    [failure('malformed-answer'), '无法读取地图服务器的应答', 'could not be read', 'boom'],
    [failure('server-error', { committed: 'nothing-committed', message: 'TypeName unknown' }), '地图服务器拒绝了保存。', 'refused the save.', 'TypeName unknown'],
    [failure('server-error', { message: 'Internal Server Error' }), '地图服务器出错，无法确认', 'failed, so it is not known', 'Internal Server Error'],
    [
      failure('partial', { committed: 'partly-committed', failures: [{ kind: 'update', ref: 'towns.1', message: "NOT NULL constraint error on layer 'towns'" }] }),
      '部分修改已保存，1 项没有保存。',
      'Some changes were saved; 1 was not. It is kept.',
      "NOT NULL constraint error on layer 'towns'",
    ],
    [
      failure('conflict', { committed: 'nothing-committed', conflicts: [{ id: 'towns.1', fields: ['name'], theirs: null }] }),
      '你编辑的要素中有 1 个在此期间被其他人修改了相同的内容',
      'Someone else changed the same fields of 1 of the features you edited',
      'boom',
    ],
    [failure('journal', { committed: 'nothing-committed' }), '无法在浏览器中记录待保存的修改，因此没有发送', 'could not be recorded in the browser', 'boom'],
    [failure('journal', { committed: 'nothing-committed', error: new JournalConflictError('towns') }), '正在另一个标签页中编辑', 'being edited in another tab', 'boom'],
    [failure('invalid', { committed: 'nothing-committed' }), '有些值无法保存到地图服务器，因此没有发送任何修改', 'Some values cannot be saved on the map server, so nothing was sent', 'boom'],
  ])('%#: says what happened and that the changes are kept, in Chinese and English; the server text is the detail', (given, chinese, english, detail) => {
    const zh = saveFailureMessage(given, t('zh-CN'));
    const en = saveFailureMessage(given, t('en'));
    expect(zh.message).toContain(chinese);
    expect(en.message).toContain(english);
    expect(zh.detail).toBe(detail);
    expect(en.detail).toBe(detail);
    // The sentence is the active language's own: the server's words are never mixed into it.
    if (detail) expect(zh.message).not.toContain(detail);
  });

  it('every kind promises that nothing is lost', () => {
    const kinds: Array<SaveFailure['kind']> = ['connection-refused', 'outcome-unknown', 'timeout', 'server-error', 'partial', 'malformed-answer', 'journal', 'conflict', 'invalid'];
    for (const kind of kinds) {
      expect(saveFailureMessage(failure(kind), t('zh-CN')).message, kind).toMatch(/保留|仍显示在地图上/);
      expect(saveFailureMessage(failure(kind), t('en')).message, kind).toMatch(/kept|stay on the map/);
    }
  });

  it('reads the English plural right for several refused actions', () => {
    const two = failure('partial', { failures: [{ kind: 'update', ref: 'a', message: 'x' }, { kind: 'delete', ref: 'b', message: 'y' }] });
    expect(saveFailureMessage(two, t('en'))).toEqual({ message: 'Some changes were saved; 2 were not. They are kept.', detail: 'x\ny' });
  });

  it('quotes a long server text shortened, as plain text', () => {
    const page = `<html><body>${'x'.repeat(500)}</body></html>`;
    const { detail } = saveFailureMessage(failure('server-error', { message: page, error: new MapServerError({ status: 500, text: page }) }), t('en'));
    expect(detail).toContain('<html><body>xxx');
    expect(detail).toContain('…');
    expect(detail?.length).toBeLessThan(500);
  });
});
