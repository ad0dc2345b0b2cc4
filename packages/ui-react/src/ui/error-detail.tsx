import type { ReactNode } from 'react';
import type { DescribedError } from '../i18n/describe-error';
import { useI18n, type Translate } from '../i18n/i18n-provider';
import type { MessageKey } from '../i18n/messages';

/** Marks text that is data (a server's or a user's words), not a message of the table: the language checks skip it. */
export const RAW_TEXT_ATTRIBUTE = 'data-raw';

// Darker than antd's secondary text (0.45), which is below 4.5:1 on white for 12 px text.
const DETAIL_STYLE = { color: 'rgba(0, 0, 0, 0.65)', fontSize: 12, marginTop: 4, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** The server's own words beneath an error's sentence: a secondary line, rendered as text. */
export function ErrorDetail({ detail }: { detail: string | undefined }) {
  if (!detail) return null;
  return (
    <div {...{ [RAW_TEXT_ATTRIBUTE]: '' }} data-testid="error-detail" style={DETAIL_STYLE}>
      {detail}
    </div>
  );
}

export interface ErrorMessageProps {
  /** The error in words of the active language: `describeError` of it, or a screen's own wording. */
  tell: (t: Translate) => DescribedError;
  /** A screen's sentence around the error's (`图层加载失败：{reason}`). */
  lead?: (sentence: string, t: Translate) => ReactNode;
}

/**
 * An error as every screen shows it: the sentence in the active language, then the detail
 * beneath. It is told when rendered, so a notice still on screen follows a switch of language.
 */
export function ErrorMessage({ tell, lead }: ErrorMessageProps) {
  const { t } = useI18n();
  const told = tell(t);
  return (
    // A toast grows with its text: a long detail wraps at a readable width instead of running off screen.
    <div data-testid="error-message" style={{ maxWidth: 'min(640px, 90vw)', textAlign: 'start' }}>
      <div>{lead ? lead(told.message, t) : told.message}</div>
      <ErrorDetail detail={told.detail} />
    </div>
  );
}

/** A message of the table in a notice's title: rendered, so it follows a switch of language too. */
export function Translated({ id, values }: { id: MessageKey; values?: Readonly<Record<string, string | number>> }) {
  return useI18n().t(id, values);
}
