import type * as StorageAdapters from '@gportal/adapters-storage';
import type { JournalEntry } from '@gportal/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.js';
import { addStorageHarness } from './storage-harness.js';

/**
 * Two tabs of one Chromium profile (one context: shared localStorage and Web Locks) editing the
 * same layer: the pending-edit journal of the first is never overwritten by the second.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function tab(context: Awaited<ReturnType<Browser['newContext']>>): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await addStorageHarness(page);
  return page;
}

/** Runs one journal call in the tab, with a journal made there; a rejection comes back as its error kind. */
function journalCall(page: Page, method: 'save' | 'load', argument: unknown): Promise<unknown> {
  return page.evaluate(
    async ([method, argument]) => {
      const { createBrowserStorage } = (window as unknown as { gportalStorage: typeof StorageAdapters }).gportalStorage;
      const journal = createBrowserStorage({ namespace: 'tabs', mapServer: 'embedded' }).journal;
      try {
        return method === 'save' ? await journal.save(argument as JournalEntry) : await journal.load(argument as string);
      } catch (error) {
        return { rejected: (error as { kind?: string }).kind };
      }
    },
    [method, argument] as const,
  );
}

const entry = (deletes: string[]): JournalEntry => ({ version: 1, typeName: 'store_33:polygon', savedAt: '2026-11-20T10:00:00.000Z', inserts: [], updates: [], deletes });

it('a second tab cannot write or read the journal of a layer the first tab is editing', async () => {
  const context = await browser.newContext();
  const first = await tab(context);
  const second = await tab(context);
  expect(await journalCall(first, 'save', entry(['store_33:polygon.1']))).toBeUndefined();
  expect(await journalCall(second, 'save', entry(['store_33:polygon.2']))).toEqual({ rejected: 'journal-conflict' });
  expect(await journalCall(second, 'load', 'store_33:polygon')).toEqual({ rejected: 'journal-conflict' });
  expect(await journalCall(first, 'load', 'store_33:polygon')).toEqual(entry(['store_33:polygon.1']));

  // Once the first tab is gone its lock is released, and the journal is the second tab's to restore.
  await first.close();
  await expect.poll(() => journalCall(second, 'load', 'store_33:polygon'), { timeout: 5_000 }).toEqual(entry(['store_33:polygon.1']));
  await context.close();
});
