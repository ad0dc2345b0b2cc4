import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPerFile, screenshot, signedInOn } from './browser.js';
import { clickMap, mapElement, waitForMapReady, waitForMapStill } from './map-helpers.js';

// The attribute table (属性表) of the sample towns (sample-seed.ts): eight towns, read, searched,
// sorted and counted by the (in-memory) server, one selection with the map, edited in place and
// in a batch, each one undo step, and saved.

const baseUrl = inject('baseUrl');
const chromium = chromiumPerFile();

const TEXTS = {
  'zh-CN': {
    open: '属性表', close: '关闭属性表', search: '搜索', count: (n: number) => `共 ${n} 条`, selected: (n: number) => ` · 已选 ${n} 个`, population: '人口', capital: '是否首府', zoomTo: '缩放至',
    batch: '批量编辑', deleteSelected: '删除所选', field: '字段', value: '值', apply: '应用', preview: '将 2 个要素的 人口 设为 1', changed: '修改', deleted: '删除', undo: '撤销', save: '保存',
    yes: '是', filter: '条件筛选', operator: '条件', addCondition: '添加条件', clearFilter: '清除筛选', ge: '不小于', filterText: '人口 不小于 8000000',
  },
  en: {
    open: 'Attribute table', close: 'Close attribute table', search: 'Search', count: (n: number) => `${n} features`, selected: (n: number) => ` · ${n} selected`, population: 'Population', capital: 'Capital', zoomTo: 'Zoom to',
    batch: 'Edit selected', deleteSelected: 'Delete selected', field: 'Field', value: 'Value', apply: 'Apply', preview: 'Set Population to 1 on 2 selected', changed: 'Changed', deleted: 'Deleted', undo: 'Undo', save: 'Save',
    yes: 'Yes', filter: 'Filter', operator: 'Operator', addCondition: 'Add condition', clearFilter: 'Clear filter', ge: 'is at least', filterText: 'Population is at least 8000000',
  },
} as const;

const table = (page: Page) => page.getByRole('region', { name: /属性表|Attribute table/ });
const names = (page: Page) => table(page).locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.children[1]?.textContent ?? ''));
const row = (page: Page, name: string) => table(page).locator('tbody tr', { has: page.locator('td', { hasText: new RegExp(`^${name}$`) }) });

describe('the attribute table on the desktop', () => {
  it.each(['zh-CN', 'en'] as const)('in %s lists, searches, filters and sorts by the server; selects with the map; edits a cell and a batch, each one undo step; deletes and saves', async (locale) => {
    const texts = TEXTS[locale];
    const { context, page } = await signedInOn(chromium.browser, baseUrl, 'desktop', locale);
    try {
      await page.goto(`${baseUrl}/feature-map`);
      await waitForMapReady(page, 8);
      const button = (name: string) => page.getByRole('button', { name, exact: true });
      await button(texts.open).click();
      await expect.poll(() => table(page).getByTestId('table-count').textContent()).toBe(texts.count(8));
      expect(await names(page)).toEqual(['福州', '厦门', '泉州', '漳州', '莆田', '龙岩', '三明', '南平']);
      await screenshot(page, `attribute-table-1280-${locale}`);

      // 搜索: the towns whose name contains 州, counted by the server.
      const search = table(page).getByRole('searchbox', { name: texts.search });
      await search.fill('州');
      await search.press('Enter');
      await expect.poll(() => names(page)).toEqual(['福州', '泉州', '漳州']);
      await expect(table(page).getByTestId('table-count').textContent()).resolves.toBe(texts.count(3));
      await search.fill('');
      await expect.poll(() => names(page)).toHaveLength(8);

      // 条件筛选: a number refused where it is typed, then population ≥ 8 000 000.
      await button(texts.filter).click();
      await table(page).getByRole('combobox', { name: texts.field }).selectOption({ label: texts.population });
      await table(page).getByRole('combobox', { name: texts.operator }).selectOption({ label: texts.ge });
      const value = table(page).getByRole('textbox', { name: texts.value });
      await value.fill('八百万');
      await button(texts.addCondition).click();
      await expect(table(page).getByRole('alert').textContent()).resolves.toMatch(locale === 'zh-CN' ? /人口/ : /Population/);
      await value.fill('8000000');
      await button(texts.addCondition).click();
      await expect.poll(() => names(page)).toEqual(['福州', '泉州']);
      await expect(table(page).getByTestId('table-filter').textContent()).resolves.toContain(texts.filterText);
      await button(texts.clearFilter).click();
      await expect.poll(() => names(page)).toHaveLength(8);
      await button(texts.filter).click();

      // A header's click sorts by the server: ascending, then descending.
      const header = table(page).getByRole('button', { name: texts.population });
      await header.click();
      await expect.poll(async () => (await names(page))[0]).toBe('三明');
      await header.click();
      await expect.poll(() => names(page)).toEqual(['泉州', '福州', '厦门', '漳州', '莆田', '龙岩', '南平', '三明']);
      await expect(table(page).getByRole('columnheader', { name: new RegExp(texts.population) }).getAttribute('aria-sort')).resolves.toBe('descending');

      // One selection: a row's click outlines its town on the map; Ctrl adds another.
      const xiamen = await row(page, '厦门').getAttribute('data-id');
      const fuzhou = await row(page, '福州').getAttribute('data-id');
      await row(page, '厦门').click();
      await expect.poll(() => mapElement(page).getAttribute('data-selected')).toBe(xiamen);
      await row(page, '福州').click({ modifiers: ['Control'] });
      await expect.poll(async () => (await mapElement(page).getAttribute('data-selected'))?.split(' ').sort()).toEqual([xiamen, fuzhou].sort());
      await expect(table(page).getByTestId('table-count').textContent()).resolves.toBe(`${texts.count(8)}${texts.selected(2)}`);
      await screenshot(page, `attribute-table-selected-1280-${locale}`);
      // A town clicked on the map with Ctrl joins the selection, and leaves it again.
      const quanzhou = await row(page, '泉州').getAttribute('data-id');
      const selectedOnMap = async () => (await mapElement(page).getAttribute('data-selected'))?.split(' ').sort();
      for (const expected of [[xiamen, fuzhou, quanzhou], [xiamen, fuzhou]]) {
        await page.keyboard.down('Control');
        await clickMap(page, 118.68, 24.87);
        await page.keyboard.up('Control');
        await expect.poll(selectedOnMap).toEqual(expected.sort());
        await page.keyboard.press('Escape');
      }
      // 缩放至 fits the map to them.
      const before = await mapElement(page).getAttribute('data-bounds');
      await button(texts.zoomTo).click();
      await waitForMapStill(page);
      expect(await mapElement(page).getAttribute('data-bounds')).not.toBe(before);

      // A cell edited in place: pending like any edit.
      const populationCell = row(page, '厦门').locator('td').nth(2);
      await populationCell.dblclick();
      const input = row(page, '厦门').getByRole('spinbutton', { name: texts.population });
      await input.fill('5200000');
      await input.press('Enter');
      await expect.poll(() => populationCell.textContent()).toBe((5_200_000).toLocaleString(locale));
      await expect(row(page, '厦门').locator('td').first().textContent()).resolves.toBe(texts.changed);

      // 批量编辑: both towns' population set to 1, said before it is applied, one undo step. (The
      // double-click on a cell selected its row alone, as a click does.)
      await row(page, '厦门').click();
      await row(page, '福州').click({ modifiers: ['Control'] });
      await button(texts.batch).click();
      const batch = table(page).getByRole('group', { name: texts.batch });
      await batch.getByRole('combobox', { name: texts.field }).selectOption({ label: texts.population });
      await batch.getByRole('spinbutton', { name: texts.value }).fill('1');
      await expect(batch.getByTestId('batch-preview').textContent()).resolves.toBe(texts.preview);
      await button(texts.apply).click();
      await expect.poll(() => populationCell.textContent()).toBe('1');
      await expect(row(page, '福州').locator('td').nth(2).textContent()).resolves.toBe('1');
      await button(texts.undo).click();
      await expect.poll(() => populationCell.textContent()).toBe((5_200_000).toLocaleString(locale));
      await expect(row(page, '福州').locator('td').nth(2).textContent()).resolves.toBe((8_290_000).toLocaleString(locale));

      // 删除所选: both marked removed, then saved: the server lists six.
      await button(texts.deleteSelected).click();
      await expect.poll(() => table(page).locator('tbody tr[data-state="remove"]').count()).toBe(2);
      await button(texts.save).click();
      await expect.poll(() => table(page).getByTestId('table-count').textContent(), { timeout: 10_000 }).toBe(texts.count(6));
      expect(await names(page)).not.toContain('厦门');

      await button(texts.close).click();
      await expect(table(page).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the attribute table at 1024 × 768 px', () => {
  it.each(['zh-CN', 'en'] as const)('in %s opens into view, every control of its bar and its pages on the screen beside the map, the page never scrolled sideways', async (locale) => {
    const texts = TEXTS[locale];
    const { context, page } = await signedInOn(chromium.browser, baseUrl, 'desktop', locale);
    try {
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(`${baseUrl}/feature-map`);
      await waitForMapReady(page, 8);
      await page.getByRole('button', { name: texts.open, exact: true }).click();
      await expect.poll(() => table(page).getByTestId('table-count').textContent()).toBe(texts.count(8));
      await screenshot(page, `attribute-table-1024-${locale}`, { fullPage: false });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1024);
      const controls = await table(page)
        .locator('.gportal-table-bar :is(button, input, select), .gportal-table-pages button')
        .evaluateAll((elements) => elements.map((element) => ({ name: element.getAttribute('aria-label') ?? element.textContent ?? '', ...element.getBoundingClientRect().toJSON() as DOMRect })));
      // The search, the filter, in view only, the count's tools, close, and both page buttons.
      expect(controls.length).toBeGreaterThanOrEqual(8);
      for (const control of controls) {
        expect(control.width, control.name).toBeGreaterThan(0);
        expect(control.left, control.name).toBeGreaterThanOrEqual(0);
        expect(control.right, control.name).toBeLessThanOrEqual(1024);
        expect(control.top, control.name).toBeGreaterThanOrEqual(0);
        expect(control.bottom, control.name).toBeLessThanOrEqual(768);
      }
      // Brought into view as little as it takes: the map stays on the screen beside it.
      const map = (await mapElement(page).boundingBox())!;
      expect(Math.min(map.y + map.height, 768) - Math.max(map.y, 0)).toBeGreaterThanOrEqual(150);
    } finally {
      await context.close();
    }
  });
});

describe('the attribute table on a phone', () => {
  it.each(['zh-CN', 'en'] as const)('in %s is a sheet over the whole screen, closed by its own button', async (locale) => {
    const texts = TEXTS[locale];
    const { context, page } = await signedInOn(chromium.browser, baseUrl, 'phone', locale);
    try {
      await page.goto(`${baseUrl}/feature-map`);
      await waitForMapReady(page, 8);
      await page.getByRole('button', { name: texts.open, exact: true }).tap();
      await expect.poll(() => table(page).getByTestId('table-count').textContent()).toBe(texts.count(8));
      const box = await table(page).boundingBox();
      expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      await screenshot(page, `attribute-table-390-${locale}`, { fullPage: false });
      await page.getByRole('button', { name: texts.close, exact: true }).tap();
      await expect(table(page).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});
