import type { Page } from 'playwright-core';
import { STORAGE_HARNESS } from './paths.js';

/**
 * Loads `@gportal/adapters-storage` (the global setup's one-script build) into the page as a
 * script file of the app's origin: the app's content security policy refuses inline scripts,
 * which is what `addScriptTag({ path })` would insert.
 */
export async function addStorageHarness(page: Page): Promise<void> {
  await page.route('**/test-support/storage-harness.js', (route) => route.fulfill({ path: STORAGE_HARNESS, contentType: 'text/javascript' }));
  await page.addScriptTag({ url: '/test-support/storage-harness.js' });
}
