import type { ReactNode } from 'react';
import type { DescribedError } from '../../i18n/describe-error';

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

/**
 * An error as every screen shows it: the sentence in the active language (optionally inside a
 * screen's own wording, `lead`), then the detail beneath.
 */
export function ErrorMessage({ error, lead }: { error: DescribedError; lead?: (sentence: string) => ReactNode }) {
  return (
    <div data-testid="error-message">
      <div>{lead ? lead(error.message) : error.message}</div>
      <ErrorDetail detail={error.detail} />
    </div>
  );
}
