import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from 'vite';
import { ensureDebianPackages } from '../../../../scripts/debian-packages.js';
import { sourceConditions } from '../../../../vitest.shared.js';
import { CJK_FONT, DEJAVU_SANS } from './fonts.js';
import { APP_BUILD, CHROMIUM, NGINX, REPO_ROOT, SCREENSHOTS, STORAGE_HARNESS, UI_PACKAGE } from './paths.js';
import { freePort, waitUntilServing } from './serving.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Debian's Chromium and the fonts the tests render with besides the app's own Latin font: the
 * Chinese font the app names (any other CJK font would lay Chinese out differently) and DejaVu
 * Sans, served in place of the app's font by the test that proves the layout holds without it.
 * Never `playwright install`. `npm run bench` installs its Chromium through the same module
 * (`scripts/debian-packages.ts`), so it needs no test run before it on a fresh machine.
 */
function ensureBrowser(): void {
  ensureDebianPackages(
    [
      { name: 'chromium', present: () => existsSync(CHROMIUM) },
      // Debian's nginx, for the deployment test of deploy/nginx.conf.
      { name: 'nginx', present: () => existsSync(NGINX) },
      {
        name: 'fonts-noto-cjk',
        present: () => {
          const chinese = spawnSync('fc-list', [CJK_FONT, 'family'], { encoding: 'utf8' });
          return chinese.status === 0 && chinese.stdout.trim() !== '';
        },
      },
      { name: 'fonts-dejavu-core', present: () => Object.values(DEJAVU_SANS).every((file) => existsSync(file)) },
    ],
    'the browser tests',
  );
}

/**
 * The app's own variables must not leak into the build under test, and vitest's
 * `NODE_ENV=test` would give a development build of React and antd.
 */
function cleanEnvironment(): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_GPORTAL_') && !name.startsWith('GPORTAL_'));
  return { ...Object.fromEntries(kept), NODE_ENV: 'production' };
}

function buildApp(): void {
  const vite = `${REPO_ROOT}node_modules/vite/bin/vite.js`;
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', APP_BUILD, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: UI_PACKAGE,
    env: cleanEnvironment(),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vite build of the app failed (exit ${result.status})`);
}

/** `@gportal/adapters-storage` as one script, for running its contract suites against Chromium's storage. */
async function buildStorageHarness(): Promise<void> {
  await build({
    ...sourceConditions,
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: dirname(STORAGE_HARNESS),
      emptyOutDir: true,
      minify: false,
      lib: {
        entry: `${REPO_ROOT}packages/adapters-storage/src/index.ts`,
        formats: ['iife'],
        name: 'gportalStorage',
        fileName: () => 'storage-harness.js',
      },
    },
  });
}

/** Builds the production bundle, serves it with `vite preview` on 127.0.0.1 and stops that server afterwards. */
export default async function setup(project: TestProject): Promise<() => void> {
  ensureBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
  buildApp();
  await buildStorageHarness();

  const port = await freePort();
  const vite = `${REPO_ROOT}node_modules/vite/bin/vite.js`;
  const server = spawn(process.execPath, [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', APP_BUILD], {
    cwd: UI_PACKAGE,
    env: cleanEnvironment(),
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(`${baseUrl}/`, 30_000);
  } catch (error) {
    if (server.pid) process.kill(server.pid);
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  return () => {
    if (server.pid && server.exitCode === null) process.kill(server.pid);
  };
}
