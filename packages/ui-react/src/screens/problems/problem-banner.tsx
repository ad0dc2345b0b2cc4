import { Alert } from 'antd';
import { useSyncExternalStore } from 'react';
import type { AppProblem, ProblemLog } from '../../shell/problem-log';
import { errorDetail, type DescribedError } from '../../i18n/describe-error';
import { useI18n, type Translate } from '../../i18n/i18n-provider';
import { ErrorMessage } from '../../ui/error-detail';

function sentenceOf(problem: AppProblem, t: Translate): string {
  switch (problem.code) {
    case 'unknown-setting':
      return t('problems.unknownSetting', { key: problem.key, source: t(`problems.source.${problem.source}`) });
    case 'invalid-value':
      return t('problems.invalidValue', { ...problem, source: t(`problems.source.${problem.source}`) });
    case 'unreadable-file':
      return t('problems.unreadableFile');
    case 'storage':
      if (problem.reason === 'unavailable') return t('problems.storageUnavailable');
      return t('problems.storage', { key: problem.key, reason: t(`problems.storageReason.${problem.reason}`) });
  }
}

/** A problem as a sentence in the active language, with the browser's or parser's words as the detail. */
export function describeProblem(problem: AppProblem, t: Translate): DescribedError {
  const message = sentenceOf(problem, t);
  return { message, detail: 'detail' in problem ? errorDetail(problem.detail, message) : undefined };
}

/** Every configuration and storage problem found so far, on every screen, until the page is reloaded. */
export function ProblemBanner({ log }: { log: ProblemLog }) {
  const problems = useSyncExternalStore(log.subscribe, log.list);
  const { t } = useI18n();
  if (problems.length === 0) return null;
  // Each problem is told by `ErrorMessage`, so the banner follows a switch of language.
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-testid="problem-banner"
      title={t('problems.title')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {problems.map((problem, index) => (
            <li key={index}>
              <ErrorMessage tell={(translate) => describeProblem(problem, translate)} />
            </li>
          ))}
        </ul>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
