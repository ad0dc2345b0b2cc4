import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { CHROMIUM, SCREENSHOTS } from './paths.js';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A fresh page in its own browser context: its own empty localStorage. */
export async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  // Below the test timeout, so a wait that never ends fails with its own message.
  context.setDefaultTimeout(10_000);
  return context.newPage();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

export const DEMO = { username: 'demo', password: 'gportal-demo' } as const;

/** Signs the demo user in through the login page. */
export async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#username').fill(DEMO.username);
  await page.locator('#password').fill(DEMO.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(`${baseUrl}/test-index`);
}

/** Waits until a button is (or is no longer) disabled: React renders after the event that changed it. */
export async function waitUntilDisabled(button: Locator, disabled = true): Promise<void> {
  await button.and(button.page().locator(disabled ? ':disabled' : ':enabled')).waitFor();
}
