import type * as StorageAdapters from '@gportal/adapters-storage';
import type { EditJournal, SessionStore, UserCache } from '@gportal/core';
import { editJournalContract, sessionStoreContract, userCacheContract } from '@gportal/core/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { freshPage, launchChromium } from './browser.js';
import { addStorageHarness } from './storage-harness.js';

/**
 * The shared port contracts against Chromium's real localStorage: every call runs in the page,
 * on a new `createBrowserStorage` over the same namespace, so each read comes from storage.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await freshPage(browser);
  await page.goto(`${baseUrl}/login`);
  await addStorageHarness(page);
});
afterAll(async () => {
  await browser?.close();
});

type Port = 'userCache' | 'session' | 'journal';
let namespaces = 0;

function inChromium(port: Port, methods: string[]): Record<string, (...args: unknown[]) => Promise<unknown>> {
  const namespace = `chromium${(namespaces += 1)}`;
  return Object.fromEntries(
    methods.map((method) => [
      method,
      (...args: unknown[]) =>
        page.evaluate(
          ([namespace, port, method, args]) => {
            const storage = (window as unknown as { gportalStorage: typeof StorageAdapters }).gportalStorage.createBrowserStorage({ namespace });
            const target = storage[port] as unknown as Record<string, (...parameters: unknown[]) => Promise<unknown>>;
            return target[method]?.(...args);
          },
          [namespace, port, method, args] as const,
        ),
    ]),
  );
}

userCacheContract('browser storage (Chromium localStorage)', () => inChromium('userCache', ['setUserItem', 'getUserItem', 'clearUser']) as unknown as UserCache);
sessionStoreContract('browser storage (Chromium localStorage)', () => inChromium('session', ['save', 'load', 'clear']) as unknown as SessionStore);
editJournalContract('browser storage (Chromium localStorage)', () => inChromium('journal', ['save', 'load', 'clear']) as unknown as EditJournal);
