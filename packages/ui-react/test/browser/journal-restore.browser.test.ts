import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn } from './browser.js';
import { clickMap, skipAttributes, waitForFeatures, waitForMapReady } from './map-helpers.js';

/**
 * A journal written against an older schema of the layer: the
 * restore drops a property the layer no longer has and names it, keeps a drawing whose geometry
 * no longer fits aside and says so, and the other edits save.
 */
const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
});

const TRIANGLE: Array<[number, number]> = [
  [118.1, 25.6],
  [118.6, 25.6],
  [118.6, 26.0],
];

it('restores a journal from an older schema: names the dropped property, sets the unfit drawing aside, and saves the rest', async () => {
  await page.goto(`${baseUrl}/feature-map`);
  await waitForMapReady(page, 8);
  await page.getByRole('button', { name: '标绘', exact: true }).click();
  for (const [lng, lat] of TRIANGLE) await clickMap(page, lng, lat);
  await clickMap(page, ...(TRIANGLE[0] as [number, number]));
  await waitForFeatures(page, 9);
  await skipAttributes(page);
  await page.waitForTimeout(500);

  // What an older version of the layer left in the journal: a column since dropped, and a point drawn when the layer took points.
  await page.evaluate(() => {
    const keys = Object.keys(localStorage);
    const partKey = keys.find((key) => key.includes(':journal-part:') && key.endsWith('/i:new-1'));
    const indexKey = keys.find((key) => key.includes(':journal:'));
    if (!partKey || !indexKey) throw new Error(`no journal in ${keys.join(', ')}`);
    const part = JSON.parse(localStorage.getItem(partKey) as string);
    part.data.insert.properties.district = '鼓楼';
    localStorage.setItem(partKey, JSON.stringify(part));
    const point = { ...part, data: { insert: { handle: 'new-2', geometry: { type: 'Point', coordinates: [118, 25] }, properties: { name: '点' } } } };
    localStorage.setItem(partKey.replace(/new-1$/, 'new-2'), JSON.stringify(point));
    const index = JSON.parse(localStorage.getItem(indexKey) as string);
    index.data.parts.push('i:new-2');
    localStorage.setItem(indexKey, JSON.stringify(index));
  });

  await page.reload();
  await waitForMapReady(page, 9);
  const notice = page.getByTestId('restored-notice');
  await notice.getByText('已恢复 1 处未保存的修改').waitFor();
  await expect(notice.textContent()).resolves.toContain('图层已没有以下属性，已从恢复的修改中去掉：district。');
  await expect(notice.textContent()).resolves.toContain('不再符合图层几何类型的恢复图形：1 个。它们已单独保留，不会随保存发送；重绘会丢弃它们。');
  await screenshot(page, 'feature-map-restored-older-schema');

  await page.getByRole('button', { name: '保留', exact: true }).click();
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();
  await expect(page.getByTestId('pending-badge').textContent()).resolves.toBe('没有未保存的修改');

  // The drawing set aside is kept, and told again, until a redraw discards it.
  await page.reload();
  await waitForMapReady(page, 9);
  await expect(notice.textContent()).resolves.toContain('不再符合图层几何类型的恢复图形：1 个。');
  await page.getByRole('button', { name: '放弃', exact: true }).click();
  await expect(notice.count()).resolves.toBe(0);
  await page.reload();
  await waitForMapReady(page, 9);
  await expect(notice.count()).resolves.toBe(0);
});
