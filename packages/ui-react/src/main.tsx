import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAppConfig } from './shell/app-config';
import { createAppStorage, initialLocaleOf } from './app/boot';
import { loadLocale } from './i18n/i18n-provider';
import { ProblemLog } from './shell/problem-log';
import { Root } from './app/root';
import './app/app-fonts.css';

async function start(element: HTMLElement) {
  const problems = new ProblemLog();
  const { config, problems: configProblems } = await loadAppConfig({ env: import.meta.env });
  for (const problem of configProblems) problems.report(problem);
  const storage = createAppStorage(config, problems);
  // The stored language's messages before the first render (Chinese comes with the page).
  const [session] = await Promise.all([storage.session.load(), loadLocale(initialLocaleOf({ config, storage })).catch(() => undefined)]);
  const root = createRoot(element);
  // The first render as a transition: React renders it in slices of a few milliseconds, so no
  // task of the opening runs long (the whole UI at once is a task of 300 ms on a slow machine).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root boot={{ config, problems, storage }} initialSession={session} />
      </StrictMode>,
    ),
  );
}

const element = document.getElementById('root');
if (element) void start(element);
