import { planarArea, type MultiPolygon, type Position } from '@gportal/core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn } from './browser.js';
import { boxRing, clickMap, journal, mapElement, moveCrosshairTo, selectLayer, waitForFeatures, waitForMapReady, waitForMapStill } from './map-helpers.js';

/**
 * 分割 and 合并 on the production build, in the embedded sample's multipolygon layer: what the
 * session holds afterwards is read back from the pending-edit journal (the geometries as saved
 * next), the badge, and undo / redo as one step each.
 */
const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const badge = () => page.getByTestId('pending-badge');
const dialog = () => page.getByRole('dialog');

const box = boxRing;
/** Fuzhou in the sample multipolygon layer (sample-seed.ts): a square of half-size 0.1° and one of 0.04° to its north-east. */
const FUZHOU: MultiPolygon = { type: 'MultiPolygon', coordinates: [[box(119.2, 25.98, 119.4, 26.18)], [box(119.51, 26.09, 119.59, 26.17)]] };
/** Putian's (119.0, 25.45), the nearest town to Fuzhou. */
const PUTIAN: MultiPolygon = { type: 'MultiPolygon', coordinates: [[box(118.9, 25.35, 119.1, 25.55)], [box(119.21, 25.46, 119.29, 25.54)]] };

const relative = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

/** Clicks the line's vertices, then its last one again, which finishes a leaflet-draw line. */
async function drawLine(line: Position[]) {
  await page.locator('.leaflet-draw-tooltip').waitFor({ state: 'attached' });
  for (const [lng, lat] of line) await clickMap(page, lng as number, lat as number);
  const last = line[line.length - 1] as Position;
  await clickMap(page, last[0] as number, last[1] as number);
}

async function openMap() {
  await page.goto(`${baseUrl}/feature-map`);
  await waitForMapReady(page, 8);
}

describe('分割 and 合并', () => {
  it('分割 cuts Fuzhou in two along the drawn line, one step; a line that misses it is refused and another is drawn; 合并 gives it back', async () => {
    await openMap();
    await button('分割').click();
    await page.getByText('单击要分割的要素。').waitFor();
    await clickMap(page, 119.3, 26.08);
    await page.getByText('画一条穿过要素的分割线').waitFor();
    // The feature to cut is highlighted meanwhile.
    await expect.poll(async () => (await mapElement(page).getAttribute('data-selected'))?.split(' ').length).toBe(1);
    const fuzhou = (await mapElement(page).getAttribute('data-selected')) as string;

    // A line below it: refused with its sentence, the tool still drawing for another line.
    // (Well clear of it: snapping would take an end within 10 px onto its edge, which only touches.)
    await drawLine([[119.15, 25.85], [119.45, 25.85]]);
    await page.getByRole('alert').filter({ hasText: '分割线没有穿过该要素' }).waitFor();
    await page.getByText('画一条穿过要素的分割线').waitFor();
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');

    // Across the big square, north to south: two pieces, the original keeping the larger.
    await drawLine([[119.32, 26.25], [119.32, 25.9]]);
    await waitForFeatures(page, 9);
    await badge().filter({ hasText: '未保存：新增 1 · 修改 1 · 删除 0' }).waitFor();
    await screenshot(page, 'split-zh-CN-1280', { fullPage: false });
    const cut = await journal(page);
    expect(cut.inserts).toHaveLength(1);
    const kept = cut.updates[fuzhou]?.geometry as MultiPolygon;
    const piece = cut.inserts[0] as MultiPolygon;
    // The pieces cover Fuzhou exactly: their planar areas add up to its area.
    expect(relative(planarArea(kept) + planarArea(piece), planarArea(FUZHOU))).toBeLessThan(1e-9);
    expect(planarArea(kept)).toBeGreaterThan(planarArea(piece));
    // The new piece is the east strip of the big square, about 0.08° wide (the line was clicked to
    // the pixel, about 0.01° here); the small square stays with the original.
    expect(piece.coordinates).toHaveLength(1);
    expect(relative(planarArea(piece), 0.08 * 0.2)).toBeLessThan(0.2);

    // One undo takes the split back whole; one redo makes it again.
    await button('撤销').click();
    await waitForFeatures(page, 8);
    await badge().filter({ hasText: '没有未保存的修改' }).waitFor();
    await button('重做').click();
    await waitForFeatures(page, 9);
    await badge().filter({ hasText: '未保存：新增 1 · 修改 1 · 删除 0' }).waitFor();

    // 合并: the two pieces picked on the map, then whose attributes to keep.
    await button('合并').click();
    await page.getByText('已选 0 个').waitFor();
    await clickMap(page, 119.25, 26.08);
    await clickMap(page, 119.37, 26.08);
    await page.getByText('已选 2 个').waitFor();
    await button('完成').click();
    await dialog().getByText('合并要素').waitFor();
    const group = dialog().getByRole('group', { name: '保留哪个要素的属性' });
    // The larger piece (the original, with the small square) is chosen first.
    const choices = group.getByRole('radio');
    await expect(choices.count()).resolves.toBe(2);
    await expect(group.getByRole('radio', { checked: true }).count()).resolves.toBe(1);
    await expect(group.textContent()).resolves.toContain('（面积最大）');
    await screenshot(page, 'merge-dialog-zh-CN-1280', { fullPage: false });
    await dialog().getByRole('button', { name: '合并', exact: true }).click();
    await dialog().waitFor({ state: 'hidden' });
    await waitForFeatures(page, 8);
    // The piece drawn by the split is gone; Fuzhou holds the union, its area as before.
    await badge().filter({ hasText: '未保存：新增 0 · 修改 1 · 删除 0' }).waitFor();
    const merged = await journal(page);
    expect(merged.inserts).toHaveLength(0);
    expect(relative(planarArea(merged.updates[fuzhou]?.geometry as MultiPolygon), planarArea(FUZHOU))).toBeLessThan(1e-9);
    // No sliver left along the cut: the big square is one polygon again, beside the small one.
    expect(merged.updates[fuzhou]?.geometry?.coordinates).toHaveLength(2);

    // One undo takes the merge back: the two pieces again.
    await button('撤销').click();
    await waitForFeatures(page, 9);
    await badge().filter({ hasText: '未保存：新增 1 · 修改 1 · 删除 0' }).waitFor();
  });

  it('合并 takes towns picked with Ctrl, keeps the attributes chosen, and cancels without a change', async () => {
    await openMap();
    for (const [lng, lat] of [[119.3, 26.08], [119.0, 25.45]] as const) {
      await page.keyboard.down('Control');
      await clickMap(page, lng, lat);
      await page.keyboard.up('Control');
    }
    await expect.poll(async () => (await mapElement(page).getAttribute('data-selected'))?.split(' ').length).toBe(2);
    // No popup over a selection made with Ctrl.
    await expect(page.getByTestId('feature-properties').count()).resolves.toBe(0);
    await button('合并').click();
    await page.getByText('已选 2 个').waitFor();
    await button('完成').click();
    // 取消 in the dialog changes nothing and leaves the picks.
    await dialog().getByRole('button', { name: '取消', exact: true }).click();
    await dialog().waitFor({ state: 'hidden' });
    await page.getByText('已选 2 个').waitFor();
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');

    await button('完成').click();
    // Putian's attributes, though Fuzhou is larger (the same size: the first picked of equals).
    await dialog().getByRole('radio', { name: /莆田/ }).check();
    await dialog().getByRole('button', { name: '合并', exact: true }).click();
    await dialog().waitFor({ state: 'hidden' });
    await waitForFeatures(page, 7);
    await badge().filter({ hasText: '未保存：新增 0 · 修改 1 · 删除 1' }).waitFor();
    const { updates, deletes } = await journal(page);
    const [keptId] = Object.keys(updates);
    expect(deletes).toHaveLength(1);
    // The kept feature is Putian (its name unchanged, so not in the update); its shape is both towns'.
    await clickMap(page, 119.0, 25.45);
    await page.getByTestId('feature-properties').getByText('莆田').waitFor();
    expect(relative(planarArea(updates[keptId as string]?.geometry as MultiPolygon), planarArea(FUZHOU) + planarArea(PUTIAN))).toBeLessThan(1e-9);
    // Clicking Fuzhou's old place shows the same merged feature.
    await page.keyboard.press('Escape');
    await clickMap(page, 119.3, 26.08);
    await page.getByTestId('feature-properties').getByText('莆田').waitFor();
  });

  it('in English, and by keyboard: ] steps to the feature, Enter picks it, the crosshair draws the cutting line', async () => {
    await openMap();
    await page.getByText('English', { exact: true }).click();
    await button('Split').click();
    await page.getByText('Click the feature to split.').waitFor();
    await waitForMapStill(page);
    await mapElement(page).focus();
    // Stepped from the centre outwards until Fuzhou is read out, then picked.
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press(']');
      const text = (await page.getByTestId('map-announcement').textContent()) ?? '';
      if (text.includes('福州')) break;
    }
    await expect(page.getByTestId('map-announcement').textContent()).resolves.toContain('福州');
    await page.keyboard.press('Enter');
    await page.getByText('Draw a cutting line across the feature').waitFor();
    await mapElement(page).focus();
    await page.keyboard.press('Shift');
    const crosshair = page.getByTestId('draw-crosshair');
    await crosshair.and(page.locator('.gportal-crosshair-shown')).waitFor();
    // The crosshair to just north of Fuzhou's big square, then straight down across it.
    await moveCrosshairTo(page, 119.3, 26.25);
    await page.keyboard.press('Enter');
    await moveCrosshairTo(page, 119.3, 25.9);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Enter');
    await waitForFeatures(page, 9);
    await badge().filter({ hasText: /1.*1.*0/ }).waitFor();
    await page.getByText('Split into 2 features, not saved yet.').first().waitFor();
    const { inserts } = await journal(page);
    // Cut near the middle: each half about 0.1° × 0.2°, the crosshair's pixel steps aside.
    expect(relative(planarArea(inserts[0] as MultiPolygon), 0.1 * 0.2)).toBeLessThan(0.05);

    await button('Merge').click();
    await page.getByText('0 selected').waitFor();
    await button('Done').click();
    await page.getByRole('alert').filter({ hasText: 'Select two features or more to merge.' }).waitFor();
    await page.keyboard.press('Escape');
    await expect(button('Merge').getAttribute('aria-pressed')).resolves.toBe('false');
  });

  it('分割 and 合并 are off for a point layer', async () => {
    await openMap();
    await selectLayer(page, '点');
    await waitForMapReady(page, 8);
    await expect(button('分割').isDisabled()).resolves.toBe(true);
    await expect(button('合并').isDisabled()).resolves.toBe(true);
  });
});
