import { DEMO_USER } from '@gportal/core/memory';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
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

/** One Chromium for the test file, launched before its tests and closed after them: `held.browser` once they run. */
export function chromiumPerFile(): { readonly browser: Browser } {
  const held = {} as { browser: Browser };
  beforeAll(async () => {
    held.browser = await launchChromium();
  });
  afterAll(async () => {
    await held.browser?.close();
  });
  return held;
}

/**
 * One Chromium per test file and a fresh page (own context, empty storage) for every test:
 * `onPage` receives each new page before the test runs.
 */
export function freshPagePerTest(onPage: (page: Page) => void | Promise<void>): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('Chromium did not start');
    await onPage(await freshPage(browser));
  });
}

/** How long a screenshot waits for antd's dialogs, notices and drawers to finish moving in or out. */
const MOTION_WAIT_MS = 2_000;

/**
 * The whole page by default; `fullPage: false` keeps what the user sees (sticky panels where they
 * stay). antd moves its dialogs, notices and drawers in over 0.2–0.3 s, driving each step by a
 * class (`ant-zoom-appear`, `ant-move-up-enter` …) that Playwright's `animations: 'disabled'`
 * cannot fast-forward: the picture waits until no element carries one (or `MOTION_WAIT_MS`), so
 * it shows what stands on the screen, not a dialog half zoomed in.
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  await page
    .waitForFunction(() => ![...document.querySelectorAll('[class*="ant-"]')].some((element) => [...element.classList].some((name) => /^ant-[\w-]+-(appear|enter|leave)$/.test(name))), undefined, { timeout: MOTION_WAIT_MS })
    .catch(() => undefined);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage, animations: 'disabled' });
}

/** The embedded mode's demo account, as the login page shows it. */
export const DEMO = DEMO_USER;

/** The account map-server tests sign in with (their `/api/auth/token` answer is routed). */
export const PORTAL_USER = { username: 'alice', password: 'secret' } as const;

/** Signs a user (the demo user unless told) in through the login page; resolves on `/test-index`. */
export async function signIn(page: Page, baseUrl: string, account: { username: string; password: string } = DEMO): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#username').fill(account.username);
  await page.locator('#password').fill(account.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(`${baseUrl}/test-index`);
}

/** Waits until a button is (or is no longer) disabled: React renders after the event that changed it. */
export async function waitUntilDisabled(button: Locator, disabled = true): Promise<void> {
  await button.and(button.page().locator(disabled ? ':disabled' : ':enabled')).waitFor();
}

/** The screens the map's tests hold the app on: a desktop, and a phone held upright that reports itself as one. */
export const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} as const;
export type Device = keyof typeof DEVICES;

/**
 * A new browser context on `device` (its own storage), the demo user signed in and the UI in
 * `locale` (the app starts in Chinese; English is chosen with the language switch). The caller
 * closes the context.
 */
/**
 * Waits until the page speaks `locale`: a switch of language first fetches the language's messages,
 * so a click on the switch is not yet the switch (a page opened right after it would still be in
 * the language before).
 */
export async function languageShown(page: Page, locale: 'zh-CN' | 'en'): Promise<void> {
  await page.locator(`html[lang="${locale}"]`).waitFor({ state: 'attached' });
}

export async function signedInOn(browser: Browser, baseUrl: string, device: Device, locale: 'zh-CN' | 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...DEVICES[device], locale: 'zh-CN' });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await signIn(page, baseUrl);
  if (locale === 'en') {
    await page.getByRole('radio', { name: 'English' }).click();
    await languageShown(page, 'en');
  }
  return { context, page };
}
