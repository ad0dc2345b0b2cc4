import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAppConfig } from './app/app-config';
import { createAppStorage } from './app/boot';
import { ProblemLog } from './app/problem-log';
import { Root } from './app/root';
import './app/app-fonts.css';

async function start(element: HTMLElement) {
  const problems = new ProblemLog();
  const { config, problems: configProblems } = await loadAppConfig({ env: import.meta.env });
  for (const problem of configProblems) problems.report(problem);
  const storage = createAppStorage(config, problems);
  const session = await storage.session.load();
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
