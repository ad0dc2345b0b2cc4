import { JournalConflictError, type SaveFailure } from '@gportal/core';
import { errorDetail, type DescribedError } from './describe-error';
import type { Translate } from './i18n-provider';

function sentence(failure: SaveFailure, t: Translate): string {
  switch (failure.kind) {
    case 'connection-refused':
    case 'outcome-unknown':
    case 'timeout':
    case 'malformed-answer':
      return t(`saveFailure.${failure.kind}`);
    case 'server-error':
      return t(failure.committed === 'unknown' ? 'saveFailure.server-error-unknown' : 'saveFailure.server-error');
    case 'partial':
      return t('saveFailure.partial', { count: failure.failures.length });
    case 'conflict':
      return t('saveFailure.conflict', { count: failure.conflicts?.length ?? failure.failures.length });
    case 'journal':
      return t(failure.error instanceof JournalConflictError ? 'saveFailure.journalConflict' : 'saveFailure.journal');
    case 'invalid':
      return t('saveFailure.invalid');
  }
}

/**
 * What a failed save means for the user, in the active language: whether anything may have been
 * saved, that the changes are kept, and what to do; the server's own words are the detail.
 */
export function saveFailureMessage(failure: SaveFailure, t: Translate): DescribedError {
  const message = sentence(failure, t);
  const raw = failure.kind === 'partial' ? failure.failures.map((action) => action.message).join('\n') : failure.message;
  return { message, detail: errorDetail(raw, message) };
}
