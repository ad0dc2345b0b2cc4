import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, languageShown, screenshot, signIn } from './browser.js';
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

describe('attributes of new features', () => {
  it.each([
    { locale: 'zh-CN', title: '新要素的属性', name: '名称', founded: '建立日期', ok: '确定', weekdays: ['一', '二', '三', '四', '五', '六', '日'], placeholder: '年-月-日' },
    { locale: 'en', title: 'Attributes of the new feature', name: 'Name', founded: 'Founded', ok: 'OK', weekdays: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'], placeholder: 'YYYY-MM-DD' },
  ] as const)('in $locale, a finished drawing opens the form, labelled from fieldLabels, with the date picker of the language', async (expected) => {
    await openFeatureMap();
    if (expected.locale === 'en') {
      await page.getByText('English', { exact: true }).click();
      await languageShown(page, 'en');
    }
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

    // A five-digit year never becomes the value: the picker does not take it, and the form refuses it
    // at the field rather than closing over it with the last date.
    await date.fill('10000-01-01');
    await date.press('Tab');
    await dialog().getByRole('button', { name: expected.ok, exact: true }).click();
    await dialog().locator('#attribute-founded-error').getByText(expected.locale === 'en' ? '10000-01-01 is not one' : '“10000-01-01”不是这样的日期').waitFor();
    await date.fill('1990-05-04');
    await date.press('Enter');
    await expect.poll(() => date.inputValue()).toBe('1990-05-04');

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
    // No labels for this layer in the settings: the embedded sample's own.
    await dialog().getByRole('textbox', { name: '名称', exact: true }).waitFor();
    await button('跳过').click();
    await dialog().waitFor({ state: 'hidden' });
    await expect(badge().textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    // Focus goes back to the tool, as after a drawing without the form.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent)).toBe('画点');
  });
  it.each([
    { locale: 'zh-CN', draw: '标绘', name: '名称', ok: '确定', undo: '撤销', redo: '重做', added: '未保存：新增 1 · 修改 0 · 删除 0', nothing: '没有未保存的修改', fraction: '“population”必须是整数，不能带小数' },
    { locale: 'en', draw: 'Draw polygon', name: 'Name', ok: 'OK', undo: 'Undo', redo: 'Redo', added: 'Unsaved: 1 added · 0 changed · 0 deleted', nothing: 'No unsaved changes', fraction: '"population" must be a whole number, without decimals' },
  ] as const)('in $locale, the form opens on its first field, refuses a fraction in a whole-number field, and a drawing with its values is one undo step', async (expected) => {
    await openFeatureMap();
    if (expected.locale === 'en') {
      await page.getByText('English', { exact: true }).click();
      await languageShown(page, 'en');
    }
    await button(expected.draw).click();
    for (const [lng, lat] of TRIANGLE) await clickMap(page, lng, lat);
    await clickMap(page, TRIANGLE[0]![0], TRIANGLE[0]![1]);
    const name = dialog().getByRole('textbox', { name: expected.name });
    await name.waitFor();
    // The focus is on the first field: what is typed goes into it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(expected.name);
    await page.keyboard.type('Gulangyu');
    await expect(name.inputValue()).resolves.toBe('Gulangyu');
    await dialog().getByRole('spinbutton', { name: 'population' }).fill('12.5');
    await page.keyboard.press('Enter');
    await dialog().locator('#attribute-population-error').getByText(expected.fraction, { exact: true }).waitFor();
    await screenshot(page, `new-feature-attributes-fraction-${expected.locale}-1280`, { fullPage: false });
    await expect(dialog().isVisible()).resolves.toBe(true);
    await dialog().getByRole('spinbutton', { name: 'population' }).fill('12');
    await dialog().getByRole('button', { name: expected.ok, exact: true }).click();
    await dialog().waitFor({ state: 'hidden' });
    await expect(badge().textContent()).resolves.toBe(expected.added);

    // One undo takes back the drawing and its values; one redo brings both back.
    await button(expected.undo).click();
    await waitForFeatures(page, 8);
    await expect.poll(() => badge().textContent()).toBe(expected.nothing);
    await button(expected.redo).click();
    await waitForFeatures(page, 9);
    await expect.poll(() => badge().textContent()).toBe(expected.added);
    await clickMap(page, 118.5, 25.7);
    const properties = page.getByTestId('feature-properties');
    await properties.waitFor();
    await expect(properties.textContent()).resolves.toContain('Gulangyu');
    await expect(properties.textContent()).resolves.toContain('12');
  });

  it.each([
    { locale: 'zh-CN', edit: '编辑属性', ok: '确定', cancel: '取消', fraction: '“population”必须是整数，不能带小数', control: '“名称”含有无法保存的不可见字符', date: '“建立日期”须为“年-月-日”格式的日期，例如 1949-08-17；“2024-13-45”不是这样的日期' },
    { locale: 'en', edit: 'Edit attributes', ok: 'OK', cancel: 'Cancel', fraction: '"population" must be a whole number, without decimals', control: '"Name" contains an invisible character that cannot be saved', date: '"Founded" must be a date written year-month-day, e.g. 1949-08-17; 2024-13-45 is not one' },
  ] as const)('in $locale, editing 厦门 refuses a fraction, a pasted control character and an impossible date, each at its field, and stays open', async (expected) => {
    await openFeatureMap();
    if (expected.locale === 'en') {
      await page.getByText('English', { exact: true }).click();
      await languageShown(page, 'en');
    }
    await clickMap(page, 118.09, 24.48);
    await button(expected.edit).click();
    const population = dialog().getByRole('spinbutton', { name: 'population' });
    await population.fill('3.7');
    await dialog().getByRole('textbox', { name: expected.locale === 'en' ? 'Name' : '名称' }).fill('厦\u000B门');
    const founded = dialog().getByRole('textbox', { name: expected.locale === 'en' ? 'Founded' : '建立日期' });
    await founded.and(page.locator('.ant-picker-input input')).waitFor();
    await founded.fill('2024-13-45');
    await founded.press('Tab');
    await dialog().getByRole('button', { name: expected.ok, exact: true }).click();
    await dialog().locator('#attribute-population-error').getByText(expected.fraction, { exact: true }).waitFor();
    await dialog().locator('#attribute-name-error').getByText(expected.control).waitFor();
    await dialog().locator('#attribute-founded-error').getByText(expected.date, { exact: true }).waitFor();
    await screenshot(page, `edit-attributes-refused-${expected.locale}-1280`, { fullPage: false });
    await expect(dialog().isVisible()).resolves.toBe(true);
    await dialog().getByRole('button', { name: expected.cancel, exact: true }).click();
    await dialog().waitFor({ state: 'hidden' });
    await expect.poll(() => badge().textContent()).toBe(expected.locale === 'en' ? 'No unsaved changes' : '没有未保存的修改');
  });
});
