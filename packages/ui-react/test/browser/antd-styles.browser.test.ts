import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { isClassOf, UNUSED_ANTD_COMPONENTS } from '../../antd-sheet.js';
import { freshPagePerTest, signIn } from './browser.js';
import { waitForMapReady } from './map-helpers.js';

/*
 * antd's component styles come from its prebuilt sheet, not from styles generated in the page
 * (`THEME.zeroRuntime`, `ui/theme.ts`), and the app's theme still applies: antd writes only the
 * theme's CSS variables at run time, and the prebuilt rules read them. The build serves the sheet
 * cut to the components the app uses (`antd-sheet.ts` of this package), and no element on the screens
 * carries a class of a component cut out. On the production build.
 */

/** The class prefixes of the components cut out of the sheet (`table`: `ant-table`, `ant-table-…`). */
const CUT_PREFIXES = UNUSED_ANTD_COMPONENTS.flatMap((component) => component.prefixes);

/** The `ant-*` classes on the page now. */
function antdClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => [...new Set([...document.querySelectorAll('[class]')].flatMap((element) => [...element.classList].filter((name) => name.startsWith('ant-'))))]);
}

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest((fresh) => {
  page = fresh;
});

/** What antd put in `<style>` elements: each element's text with its blocks of custom properties taken out (empty when it holds nothing else), and how many it wrote. */
async function runtimeStyles(page: Page): Promise<{ count: number; rulesBesideVariables: string[] }> {
  return page.evaluate(() => {
    const styles = [...document.querySelectorAll('style')].filter((style) => style.textContent?.includes('--ant-'));
    // A block of custom properties only: `selector{--name:value;--name:value}`.
    const variablesOnly = /[^{}]+\{(?:\s*--[\w-]+:[^;{}]*;?)*\s*\}/g;
    return { count: styles.length, rulesBesideVariables: styles.map((style) => (style.textContent ?? '').replace(variablesOnly, '').trim()).filter((rest) => rest !== '') };
  });
}

/** The computed value of `property` on the first element `selector` matches. */
function computed(page: Page, selector: string, property: string): Promise<string> {
  return page.locator(selector).first().evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
}

describe("antd's styles, prebuilt", () => {
  it('the login page, the screens and the feature map generate no component style in the page: only the theme’s variables', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.locator('#username').waitFor();
    await signIn(page, baseUrl);
    const classes = new Set(await antdClasses(page));
    for (const path of ['/test-index', '/manage/1', '/geoserver/upload', '/geoserver/api', '/geoserver/map']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('navigation').first().waitFor();
      for (const name of await antdClasses(page)) classes.add(name);
    }
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    for (const name of await antdClasses(page)) classes.add(name);
    // The screens show antd's components (buttons, the layout), none of those cut out of the sheet.
    expect([...classes]).toEqual(expect.arrayContaining(['ant-btn', 'ant-layout']));
    expect([...classes].filter((name) => isClassOf(name, CUT_PREFIXES))).toEqual([]);
    const { count, rulesBesideVariables } = await runtimeStyles(page);
    // The theme's variables are written (the global tokens and a component's own, e.g. the button's).
    expect(count).toBeGreaterThan(0);
    expect(rulesBesideVariables).toEqual([]);
    // The rules come from the prebuilt sheet, linked from the build, and cut: no table's rule is in it.
    const selectors = await page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href !== null).flatMap((sheet) => [...sheet.cssRules].flatMap((rule) => (rule instanceof CSSStyleRule ? [rule.selectorText] : []))));
    expect(selectors).toContain('.ant-btn');
    expect(selectors.filter((selector) => selector.includes('.ant-table'))).toEqual([]);
  });

  it("the app's theme applies: the primary blue, the secondary grey and the disabled button's background", async () => {
    await page.goto(`${baseUrl}/login`);
    // The sign-in button is primary, and enabled once both fields are filled: antd blue-7 (COLORS.primary), not antd's default #1677ff.
    await page.locator('#username').fill('demo');
    await page.locator('#password').fill('any password');
    const signInButton = '.ant-btn-primary';
    await page.locator(`${signInButton}:enabled`).waitFor();
    // Polled: antd's buttons take 0.2 s to change colour.
    await expect.poll(() => computed(page, signInButton, 'background-color')).toBe('rgb(9, 88, 217)');
    await signIn(page, baseUrl);
    await page.goto(`${baseUrl}/manage/1`);
    await page.getByRole('navigation').nth(1).waitFor();
    // The side menu's group titles: COLORS.secondaryText.
    await expect.poll(() => computed(page, '.gportal-nav-group-title', 'color')).toBe('rgba(0, 0, 0, 0.6)');
    // The first module's "previous" button is disabled: opaque #f5f5f5 (the Button component token), not antd's 4 % black.
    const previous = page.getByRole('button', { name: '上一个模块' });
    await expect.poll(() => previous.isDisabled()).toBe(true);
    await expect.poll(() => previous.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(245, 245, 245)');
  });
});
