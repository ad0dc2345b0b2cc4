import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn } from './browser.js';
import { clickMap, selectLayer, waitForFeatures, waitForMapReady } from './map-helpers.js';

const baseUrl = inject('baseUrl');
let page: Page;
/** The scripts the page fetched, by path: the date picker's chunk comes with the first form. */
let scripts: string[];
freshPagePerTest(async (fresh) => {
  page = fresh;
  scripts = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signIn(page, baseUrl);
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const badge = () => page.getByTestId('pending-badge');
const dialog = () => page.getByRole('dialog');
const DATE_CHUNK = /\/date-field-[\w-]+\.js$/;

/** The alias table of config.json for the sample multipolygon layer: name and founding date, in both languages. */
const FIELD_LABELS = { 'store_33:multipolygon': { name: { 'zh-CN': '名称', en: 'Name' }, founded: { 'zh-CN': '建立日期', en: 'Founded' } } };

const TRIANGLE: Array<[number, number]> = [
  [118.1, 25.6],
  [118.6, 25.6],
  [118.6, 26.0],
];

async function drawTriangle() {
  await button('标绘').click();
  for (const [lng, lat] of TRIANGLE) await clickMap(page, lng, lat);
  await clickMap(page, TRIANGLE[0]![0], TRIANGLE[0]![1]);
}

/** The sample multipolygon layer (8 towns) with the alias table served as config.json. */
async function openFeatureMap() {
  await page.route('**/config.json', (route) => route.fulfill({ json: { fieldLabels: FIELD_LABELS } }));
  await page.goto(`${baseUrl}/feature-map`);
  await waitForMapReady(page, 8);
}

describe('attributes of new features (issue 20)', () => {
  it.each([
    { locale: 'zh-CN', title: '新要素的属性', name: '名称', founded: '建立日期', ok: '确定', weekdays: ['一', '二', '三', '四', '五', '六', '日'], placeholder: '年-月-日' },
    { locale: 'en', title: 'Attributes of the new feature', name: 'Name', founded: 'Founded', ok: 'OK', weekdays: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'], placeholder: 'YYYY-MM-DD' },
  ] as const)('in $locale, a finished drawing opens the form, labelled from fieldLabels, with the date picker of the language', async (expected) => {
    await openFeatureMap();
    if (expected.locale === 'en') await page.getByText('English', { exact: true }).click();
    expect(scripts.filter((path) => DATE_CHUNK.test(path))).toEqual([]);
    if (expected.locale === 'en') {
      await page.getByRole('button', { name: 'Draw polygon', exact: true }).click();
      for (const [lng, lat] of TRIANGLE) await clickMap(page, lng, lat);
      await clickMap(page, TRIANGLE[0]![0], TRIANGLE[0]![1]);
    } else {
      await drawTriangle();
    }
    await dialog().getByText(expected.title).waitFor();
    await waitForFeatures(page, 9);

    // The picker is fetched when the form opens, on a chunk of its own.
    await expect.poll(() => scripts.some((path) => DATE_CHUNK.test(path))).toBe(true);
    const date = dialog().getByRole('textbox', { name: expected.founded });
    await date.and(page.locator('.ant-picker-input input')).waitFor();
    await expect(date.getAttribute('placeholder')).resolves.toBe(expected.placeholder);
    await dialog().getByRole('textbox', { name: expected.name }).fill(expected.locale === 'en' ? 'Gulangyu' : '鼓浪屿');

    // The calendar speaks the language: weekday names and week start from dayjs's locale.
    await date.click();
    const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    await panel.waitFor();
    await expect(panel.locator('.ant-picker-content thead th').allTextContents()).resolves.toEqual(expected.weekdays);
    await date.fill('1990-05-04');
    await date.press('Enter');
    await expect.poll(() => date.inputValue()).toBe('1990-05-04');
    await panel.waitFor({ state: 'hidden' });
    await screenshot(page, `new-feature-attributes-${expected.locale}-1280`, { fullPage: false });

    // A five-digit year never becomes the value: the picker does not take it, the form keeps the last date.
    await date.fill('10000-01-01');
    await date.press('Tab');

    await dialog().getByRole('button', { name: expected.ok, exact: true }).click();
    await dialog().waitFor({ state: 'hidden' });
    await clickMap(page, 118.5, 25.7);
    const properties = page.getByTestId('feature-properties');
    await properties.waitFor();
    await expect(properties.textContent()).resolves.toContain(expected.locale === 'en' ? 'Gulangyu' : '鼓浪屿');
    await expect(properties.textContent()).resolves.toContain('1990-05-04');
    // The popup names the fields by their labels too.
    await expect(properties.locator('dt').allTextContents()).resolves.toEqual([expected.name, 'population', 'area_km2', 'is_capital', expected.founded]);
    await expect(properties.textContent()).resolves.not.toContain('10000');
  });

  it('can be skipped: 跳过 keeps the drawing without attributes; a point finished by keyboard opens the form too', async () => {
    await openFeatureMap();
    await selectLayer(page, '点');
    await waitForMapReady(page, 8);
    await button('画点').and(page.locator(':enabled')).waitFor();
    await button('画点').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('draw-crosshair').and(page.locator('.gportal-crosshair-shown')).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await dialog().getByText('新要素的属性').waitFor();
    // No labels for this layer in the table: the fields show their names.
    await dialog().getByRole('textbox', { name: 'name', exact: true }).waitFor();
    await button('跳过').click();
    await dialog().waitFor({ state: 'hidden' });
    await expect(badge().textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    // Focus goes back to the tool, as after a drawing without the form.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent)).toBe('画点');
  });
});
