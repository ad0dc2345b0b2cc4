import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, languageShown, screenshot, signIn } from './browser.js';
import { clickMap, selectLayer, waitForFeatures, waitForMapReady } from './map-helpers.js';

const baseUrl = inject('baseUrl');
let page: Page;
/** The scripts the page fetched, by path: the date field's chunk comes with the first form. */
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
    {
      locale: 'zh-CN',
      title: '新要素的属性',
      name: '名称',
      founded: '建立日期',
      ok: '确定',
      chooseDate: '选择日期',
      nextMonth: '下个月',
      previousMonth: '上个月',
      weekdays: ['一', '二', '三', '四', '五', '六', '日'],
      placeholder: '年-月-日',
      months: { april: '1990年4月', may: '1990年5月', june: '1990年6月' },
      days: { fifteenth: '1990年5月15日星期二', june4: '1990年6月4日星期一', may7: '1990年5月7日星期一' },
      refused: '“10000-01-0”不是这样的日期',
    },
    {
      locale: 'en',
      title: 'Attributes of the new feature',
      name: 'Name',
      founded: 'Founded',
      ok: 'OK',
      chooseDate: 'Choose a date',
      nextMonth: 'Next month',
      previousMonth: 'Previous month',
      weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
      placeholder: 'YYYY-MM-DD',
      months: { april: 'April 1990', may: 'May 1990', june: 'June 1990' },
      days: { fifteenth: 'Tuesday, May 15, 1990', june4: 'Monday, June 4, 1990', may7: 'Monday, May 7, 1990' },
      refused: '10000-01-0 is not one',
    },
  ] as const)('in $locale, a finished drawing opens the form, labelled from fieldLabels, with the date field and its calendar in the language', async (expected) => {
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
    const form = page.getByRole('dialog', { name: expected.title });
    await form.waitFor();
    await waitForFeatures(page, 9);

    // The calendar is fetched when the form opens, on a chunk of its own.
    await expect.poll(() => scripts.some((path) => DATE_CHUNK.test(path))).toBe(true);
    const date = form.getByRole('textbox', { name: expected.founded });
    const chooseDate = form.getByRole('button', { name: expected.chooseDate, exact: true });
    await chooseDate.waitFor();
    await expect(date.getAttribute('placeholder')).resolves.toBe(expected.placeholder);
    await form.getByRole('textbox', { name: expected.name }).fill(expected.locale === 'en' ? 'Gulangyu' : '鼓浪屿');

    // The calendar opens on the field's month and speaks the language: month heading, weekdays from Monday.
    await date.fill('1990-05-15');
    await chooseDate.click();
    const calendar = page.getByRole('dialog', { name: expected.chooseDate });
    const grid = calendar.getByRole('grid');
    await calendar.getByRole('grid', { name: expected.months.may }).waitFor();
    await expect(grid.getByRole('columnheader').allTextContents()).resolves.toEqual(expected.weekdays);
    await expect(grid.getByRole('gridcell', { selected: true }).getAttribute('aria-label')).resolves.toBe(expected.days.fifteenth);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(expected.days.fifteenth);
    await screenshot(page, `date-calendar-${expected.locale}-1280`, { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `date-calendar-${expected.locale}-390`, { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    // A click on a day of the next month writes it and closes the calendar.
    await calendar.getByRole('button', { name: expected.nextMonth, exact: true }).click();
    await calendar.getByRole('grid', { name: expected.months.june }).waitFor();
    await calendar.getByRole('gridcell', { name: expected.days.june4, exact: true }).click();
    await calendar.waitFor({ state: 'hidden' });
    await expect(date.inputValue()).resolves.toBe('1990-06-04');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(expected.chooseDate);

    // By keyboard: the button opens it on the field's day; right, down, PageUp, Home, then Enter.
    await page.keyboard.press('Enter');
    await calendar.getByRole('grid', { name: expected.months.june }).waitFor();
    for (const key of ['ArrowRight', 'ArrowDown', 'PageUp', 'Home']) await page.keyboard.press(key);
    await calendar.getByRole('grid', { name: expected.months.may }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(expected.days.may7);
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'hidden' });
    await expect(date.inputValue()).resolves.toBe('1990-05-07');
    await expect(form.isVisible()).resolves.toBe(true);

    // Space opens it and picks a day as well (the key's release on the button it returns to opens nothing).
    await page.keyboard.press('Space');
    await calendar.getByRole('grid', { name: expected.months.may }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await calendar.waitFor({ state: 'hidden' });
    await expect(date.inputValue()).resolves.toBe('1990-05-08');
    await expect(chooseDate.getAttribute('aria-expanded')).resolves.toBe('false');

    // Escape closes the calendar only: the form stays, the field keeps its date, the focus is back on the button.
    await chooseDate.click();
    await calendar.getByRole('button', { name: expected.previousMonth, exact: true }).click();
    await calendar.getByRole('grid', { name: expected.months.april }).waitFor();
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    await expect(form.isVisible()).resolves.toBe(true);
    await expect(date.inputValue()).resolves.toBe('1990-05-08');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(expected.chooseDate);
    await screenshot(page, `new-feature-attributes-${expected.locale}-1280`, { fullPage: false });

    // A five-digit year never becomes a date: the field holds ten characters as typed, Enter there
    // submits what it shows, and the form refuses it at the field and stays open.
    await date.fill('');
    await date.pressSequentially('10000-01-01');
    await expect(date.inputValue()).resolves.toBe('10000-01-0');
    await date.press('Enter');
    await form.locator('#attribute-founded-error').getByText(expected.refused).waitFor();
    await expect(form.isVisible()).resolves.toBe(true);
    await expect(date.inputValue()).resolves.toBe('10000-01-0');
    await date.fill('1990-05-04');

    await form.getByRole('button', { name: expected.ok, exact: true }).click();
    await form.waitFor({ state: 'hidden' });
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
    // The date field's chunk is there: its calendar button.
    await dialog().getByRole('button', { name: expected.locale === 'en' ? 'Choose a date' : '选择日期', exact: true }).waitFor();
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
