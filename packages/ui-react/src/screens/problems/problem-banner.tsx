import { Alert } from 'antd';
import { useSyncExternalStore } from 'react';
import type { AppProblem, ProblemLog } from '../../app/problem-log';
import { useI18n, type Translate } from '../../i18n/i18n-provider';

export function describeProblem(problem: AppProblem, t: Translate): string {
  switch (problem.code) {
    case 'unknown-setting':
      return t('problems.unknownSetting', { key: problem.key, source: t(`problems.source.${problem.source}`) });
    case 'invalid-value':
      return t('problems.invalidValue', { ...problem, source: t(`problems.source.${problem.source}`) });
    case 'unreadable-file':
      return t('problems.unreadableFile', { detail: problem.detail });
    case 'storage':
      if (problem.reason === 'unavailable') return t('problems.storageUnavailable', { detail: problem.detail });
      return t('problems.storage', { key: problem.key, reason: t(`problems.storageReason.${problem.reason}`) });
    case 'storage-write':
      return t('problems.storageWrite', { key: problem.key, detail: problem.detail });
  }
}

/** Every configuration and storage problem found so far, on every screen, until the page is reloaded. */
export function ProblemBanner({ log }: { log: ProblemLog }) {
  const problems = useSyncExternalStore(log.subscribe, log.list);
  const { t } = useI18n();
  if (problems.length === 0) return null;
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
            <li key={index}>{describeProblem(problem, t)}</li>
          ))}
        </ul>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
