/**
 * What the feature editor's session tells the user about its layer and its journal (used by
 * `useFeatureSession`): a sentence in the active language, the server's or the browser's own
 * words only as a detail beneath it.
 */
import { BrowserStorageError } from '@gportal/adapters-storage';
import { JournalConflictError, type LayerKind } from '@gportal/core';
import { createElement, type ReactNode } from 'react';
import { describeError, tellError, type DescribedError } from '../../i18n/describe-error';
import type { Translate } from '../../i18n/i18n-provider';
import { ErrorMessage, Translated } from '../../ui/error-detail';

/** Why the layer is not shown: the server has no layer of the kind, or resolving or loading it failed. */
export type LayerProblem = { missing: LayerKind } | { failed: unknown };

/** Why the layer is not shown, as a sentence: no layer of the kind, or why reading it failed. */
export function tellProblem(problem: LayerProblem, t: Translate): DescribedError {
  if ('missing' in problem) return { message: t('map.layerMissing', { kind: t(`map.layer.${problem.missing}`) }) };
  const described = describeError(problem.failed, t);
  return { ...described, message: t('map.loadFailed', { reason: described.message }) };
}

/**
 * Where the journal's notice stands: at the bottom, so it never covers the header of the app
 * around the map (its language switch, its sign-out), which the top corner would.
 */
export const STORAGE_NOTICE = { key: 'journal', placement: 'bottomRight', duration: 0 } as const;

/**
 * A save kept only in the page (its browser storage is full): the one notice of that storage,
 * in place of the journal's, saying what a reload loses and how to make room.
 */
export function savedUntilCloseNotice(totals: { inserted: number; updated: number; deleted: number }): { title: ReactNode } {
  return { title: createElement(Translated, { id: 'map.savedUntilClose', values: totals }) };
}

/** A failed journal write, told by its kind; the error's own words only as a detail. */
export function journalNotice(error: unknown): { title: ReactNode; description?: ReactNode } {
  if (error instanceof JournalConflictError) return { title: createElement(Translated, { id: 'map.editingElsewhere' }) };
  if (error instanceof BrowserStorageError && error.reason === 'quota') return { title: createElement(Translated, { id: 'map.journalFull' }) };
  return { title: createElement(Translated, { id: 'map.journalFailed' }), description: createElement(ErrorMessage, { tell: tellError(error) }) };
}
