import { JournalConflictError, type SaveFailure } from '@gportal/core';
import type { Translate } from '../i18n/i18n-provider';

/** Longest server text quoted in a message: an error page can be a whole stack trace. */
const MAX_DETAIL_LENGTH = 200;

function detail(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > MAX_DETAIL_LENGTH ? `${trimmed.slice(0, MAX_DETAIL_LENGTH)}…` : trimmed;
}

/**
 * What a failed save means for the user, in the active language: whether anything may have been
 * saved, that the changes are kept, and what to do. The server's own words are quoted as text.
 */
export function saveFailureMessage(failure: SaveFailure, t: Translate): string {
  switch (failure.kind) {
    case 'connection-refused':
    case 'outcome-unknown':
    case 'timeout':
    case 'malformed-answer':
      return t(`saveFailure.${failure.kind}`);
    case 'server-error':
      return t(failure.committed === 'unknown' ? 'saveFailure.server-error-unknown' : 'saveFailure.server-error', { detail: detail(failure.message) });
    case 'partial':
      return t('saveFailure.partial', { count: failure.failures.length, detail: detail(failure.failures.map((action) => action.message).join('; ')) });
    case 'conflict':
      return t('saveFailure.conflict', { count: failure.conflicts?.length ?? failure.failures.length });
    case 'journal':
      return t(failure.error instanceof JournalConflictError ? 'saveFailure.journalConflict' : 'saveFailure.journal');
  }
}
