import { BrowserStorageError } from '@gportal/adapters-storage';
import { JournalConflictError, NotFoundError } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { describeError } from '../../i18n/describe-error';
import { translate, type Locale, type MessageKey } from '../../i18n/messages';
import { ErrorMessage, Translated } from '../../ui/error-detail';
import { journalNotice, tellProblem } from './session-messages';

const t = (locale: Locale) => (key: MessageKey, values?: Readonly<Record<string, string | number>>) => translate(locale, key, values);

describe('tellProblem', () => {
  it('a server with no layer of the kind: which kind, in the active language', () => {
    expect(tellProblem({ missing: 'polygon' }, t('zh-CN'))).toEqual({ message: translate('zh-CN', 'map.layerMissing', { kind: translate('zh-CN', 'map.layer.polygon') }) });
    expect(tellProblem({ missing: 'point' }, t('en')).message).toBe(translate('en', 'map.layerMissing', { kind: translate('en', 'map.layer.point') }));
  });

  it("a failed read: the load failed, why in the error kind's sentence, the raw text as the detail", () => {
    const failed = new NotFoundError('towns_large');
    for (const locale of ['zh-CN', 'en'] as const) {
      const why = describeError(failed, t(locale));
      expect(tellProblem({ failed }, t(locale))).toEqual({ ...why, message: translate(locale, 'map.loadFailed', { reason: why.message }) });
    }
    expect(tellProblem({ failed }, t('zh-CN')).message).toMatch(/^图层加载失败：/);
  });
});

describe('journalNotice', () => {
  it('another tab edits the layer: told as such, no detail', () => {
    expect(journalNotice(new JournalConflictError('towns'))).toEqual({ title: expect.objectContaining({ type: Translated, props: { id: 'map.editingElsewhere' } }) });
  });

  it("the browser's storage is full: told as such, no detail", () => {
    expect(journalNotice(new BrowserStorageError('quota', 'gportal:journal', 'QuotaExceededError'))).toEqual({ title: expect.objectContaining({ type: Translated, props: { id: 'map.journalFull' } }) });
  });

  it('any other failure: the journal failed, the error beneath as the detail', () => {
    const notice = journalNotice(new BrowserStorageError('unavailable', 'gportal:journal', 'SecurityError'));
    expect(notice.title).toEqual(expect.objectContaining({ type: Translated, props: { id: 'map.journalFailed' } }));
    expect(notice.description).toEqual(expect.objectContaining({ type: ErrorMessage }));
  });
});
