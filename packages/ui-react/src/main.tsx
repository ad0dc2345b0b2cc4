import { SESSION_STORE, type SessionStore } from '@gportal/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadAppConfig } from './app/app-config';
import { createAppContainer, ModeUnavailableError } from './app/container';
import { ProblemLog } from './app/problem-log';
import { I18nProvider } from './i18n/i18n-provider';

async function start(element: HTMLElement) {
  const root = createRoot(element);
  const problems = new ProblemLog();
  const { config, problems: configProblems } = await loadAppConfig({ env: import.meta.env });
  for (const problem of configProblems) problems.report(problem);
  try {
    const container = await createAppContainer({ config, problems });
    const session = await container.get<SessionStore>(SESSION_STORE).load();
    root.render(
      <StrictMode>
        <App container={container} initialSession={session} />
      </StrictMode>,
    );
  } catch (error) {
    if (!(error instanceof ModeUnavailableError)) throw error;
    // Only a misconfigured deployment sees this page: it stays out of the first screen's JavaScript.
    const { ModeUnavailablePage } = await import('./screens/problems/mode-unavailable-page');
    root.render(
      <I18nProvider initialLocale={config.locale}>
        <ModeUnavailablePage detail={error.detail} />
      </I18nProvider>,
    );
  }
}

const element = document.getElementById('root');
if (element) void start(element);
