import { createBrowserStorage, type BrowserStorage, type StorageLike, type StorageProblem } from '@gportal/adapters-storage';
import { isLocale, type Locale } from '../i18n/messages';
import type { AppConfig } from '../shell/app-config';
import type { ProblemLog } from '../shell/problem-log';

/**
 * What the sign-in page needs before the container exists (the first screen's JavaScript holds
 * no inversify and no adapters): the settings, the problem log and browser storage, which holds
 * the session, the language choice and their problems. The container binds the same objects.
 */
export interface AppBoot {
  config: AppConfig;
  problems: ProblemLog;
  storage: BrowserStorage;
}

/** The configured mode cannot run in this build; the app shows why instead of starting. */
export class ModeUnavailableError extends Error {
  constructor(readonly mode: AppConfig['mode'], readonly detail: string) {
    super(`${mode} mode is not available: ${detail}`);
    this.name = 'ModeUnavailableError';
  }
}

/** The map server a journal belongs to: its mode, and in map-server mode the WFS URL the edits are saved to. */
export function journalServerOf(config: Pick<AppConfig, 'mode' | 'wfsUrl'>): string {
  return config.mode === 'embedded' ? 'embedded' : `map-server ${config.wfsUrl}`;
}

/** Browser storage of the app; `storage` defaults to `localStorage` (tests pass a `MemoryStorage`). */
export function createAppStorage(config: AppConfig, problems: ProblemLog, storage?: StorageLike): BrowserStorage {
  return createBrowserStorage({
    namespace: config.storageNamespace,
    // Pending edits are kept per map server, user and layer: drafts made against the embedded
    // sample are never restored onto a real server, nor one user's onto another's.
    mapServer: journalServerOf(config),
    onProblem: (problem: StorageProblem) => problems.report({ code: 'storage', ...problem }),
    ...(storage ? { storage } : {}),
  });
}

/** The user's language choice is kept beside the other browser-storage records. */
const LOCALE_RECORD = ['settings', 'locale'] as const;

/** The language to start in: the user's last choice, else the configured one. */
export function initialLocaleOf({ config, storage }: Pick<AppBoot, 'config' | 'storage'>): Locale {
  return storage.records.read(...LOCALE_RECORD, isLocale) ?? config.locale;
}

export function rememberLocale(storage: BrowserStorage, locale: Locale): void {
  storage.records.write(...LOCALE_RECORD, locale);
}
