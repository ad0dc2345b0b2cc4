import { planarArea, type MultiPolygon, type Position } from '@gportal/core';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPerFile, DEVICES, languageShown, screenshot, signedInOn } from './browser.js';
import { boxRing, clickMap, journal, mapElement, mapPoint, skipAttributes, waitForFeatures, waitForLayerPainted, waitForMapReady, waitForMapStill } from './map-helpers.js';

/**
 * 分割 and 合并 by touch on a phone held upright (390 × 844, `hasTouch`, `isMobile`), where the
 * toolbar folds behind 工具: every tool, map pick, vertex and button is a tap. What the session
 * holds afterwards is read back from the pending-edit journal, as split-merge.browser.test.ts does
 * with a mouse. Then the English screens of 分割, 合并's dialog and 拓扑检查 on a desktop.
 */
const baseUrl = inject('baseUrl');
const held = chromiumPerFile();

type Locale = 'zh-CN' | 'en';

const NAMES = {
  'zh-CN': {
    tools: '工具', split: '分割', merge: '合并', undo: '撤销', finish: '完成', done: '完成', cancel: '取消',
    splitPick: '轻触要分割的要素。',
    splitDraw: '画一条穿过要素的分割线：轻触添加顶点，轻触最后一个点或点“完成”结束。',
    merge0: '轻触要合并的要素（再次轻触取消选择）；选好后点“完成”。已选 0 个。',
    picked: (count: number) => `已选 ${count} 个`,
    pending: (inserts: number, updates: number, deletes: number) => `未保存：新增 ${inserts} · 修改 ${updates} · 删除 ${deletes}`,
    clean: '没有未保存的修改',
    splitDone: '已分割为 2 个要素，尚未保存。',
    mergeTitle: '合并要素', keep: '保留哪个要素的属性', largest: '（面积最大）',
  },
  en: {
    tools: 'Tools', split: 'Split', merge: 'Merge', undo: 'Undo', finish: 'Finish', done: 'Done', cancel: 'Cancel',
    splitPick: 'Tap the feature to split.',
    splitDraw: 'Draw a cutting line across the feature: tap to add vertices, tap the last one or press Finish to finish.',
    merge0: 'Tap the features to merge (tap again to unselect); then press Done. 0 selected.',
    picked: (count: number) => `${count} selected`,
    pending: (inserts: number, updates: number, deletes: number) => `Unsaved: ${inserts} added · ${updates} changed · ${deletes} deleted`,
    clean: 'No unsaved changes',
    splitDone: 'Split into 2 features, not saved yet.',
    mergeTitle: 'Merge features', keep: 'Whose attributes to keep', largest: ' (largest)',
  },
} as const;

const box = boxRing;
/** Fuzhou in the sample multipolygon layer (sample-seed.ts): a square of half-size 0.1° and one of 0.04° to its north-east. */
const FUZHOU: MultiPolygon = { type: 'MultiPolygon', coordinates: [[box(119.2, 25.98, 119.4, 26.18)], [box(119.51, 26.09, 119.59, 26.17)]] };
/** Putian's (119.0, 25.45), the nearest town to Fuzhou. */
const PUTIAN: MultiPolygon = { type: 'MultiPolygon', coordinates: [[box(118.9, 25.35, 119.1, 25.55)], [box(119.21, 25.46, 119.29, 25.54)]] };

/**
 * The cutting line across Fuzhou's big square, north to south, on the phone. The fit to the eight
 * towns gives some 150 px a degree on a 390 px map, so the ends stand 0.2° (about 30 px) off the
 * square: a finger's snapping reaches 16 px and would take a nearer end onto its edge, where the
 * line only touches.
 */
const PHONE_CUT: Position[] = [[119.32, 26.4], [119.32, 25.76]];

const relative = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

/** The ids the map highlights as selected (its selection, 合并's picks), in the order picked. */
async function selectedIds(page: Page): Promise<string[]> {
  return ((await mapElement(page).getAttribute('data-selected')) ?? '').split(' ').filter(Boolean);
}

/** The phone's map, its eight towns fitted, in `locale`. */
async function phoneMap(locale: Locale): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await signedInOn(held.browser, baseUrl, 'phone', locale);
  await opened.page.goto(`${baseUrl}/feature-map`);
  await languageShown(opened.page, locale);
  await waitForMapReady(opened.page, 8);
  return opened;
}

/** A desktop window `width` px wide, its map fitted, in English. */
async function desktopMap(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await signedInOn(held.browser, baseUrl, 'desktop', 'en');
  await opened.page.setViewportSize({ width, height });
  await opened.page.goto(`${baseUrl}/feature-map`);
  await languageShown(opened.page, 'en');
  await waitForMapReady(opened.page, 8);
  return opened;
}

/** The toolbar's button that shows the folded tools. */
const toolsButton = (page: Page, locale: Locale) => page.getByRole('toolbar').getByRole('button', { name: NAMES[locale].tools, exact: true });

/** A tool's button in the toolbar, shown or folded behind 工具 (the tools stay in the toolbar, hidden). */
const toolButton = (page: Page, name: string) => page.getByRole('toolbar').getByRole('button', { name, exact: true, includeHidden: true });

/** Taps a tool behind 工具: the folded tools shown first, folded again once the tool is tapped. */
async function tapTool(page: Page, locale: Locale, name: string): Promise<void> {
  await expect(toolsButton(page, locale).getAttribute('aria-expanded')).resolves.toBe('false');
  await toolsButton(page, locale).tap();
  await page.locator('.gportal-tools:not([hidden])').waitFor();
  await page.getByRole('toolbar').getByRole('button', { name, exact: true }).tap();
  await page.locator('.gportal-tools[hidden]').waitFor({ state: 'attached' });
}

/** Taps one of the running tool's own buttons beside 工具 (完成, 取消), the tools left folded. */
async function tapAction(page: Page, locale: Locale, name: string): Promise<void> {
  await expect(toolsButton(page, locale).getAttribute('aria-expanded')).resolves.toBe('false');
  const action = page.locator('.gportal-toolbar-actions').getByRole('button', { name, exact: true });
  await expect(action.isVisible()).resolves.toBe(true);
  await action.tap();
}

/**
 * A tap at a lon/lat position, at a person's pace (as touch.browser.test.ts taps): leaflet-draw
 * ignores a vertex within 50 ms of the last, and a tap is a touchstart/touchend followed by the
 * click the browser makes from it, which lands a moment later.
 */
async function tapMap(page: Page, lng: number, lat: number): Promise<void> {
  const { x, y } = await mapPoint(page, lng, lat);
  await page.touchscreen.tap(x, y);
  await page.waitForTimeout(150);
}

/** The cutting line's vertices leaflet-draw shows. */
const vertices = (page: Page) => page.locator('.leaflet-marker-pane .leaflet-editing-icon');

/** Taps the cutting line's vertices, each one waited for on the map. */
async function tapLine(page: Page, line: Position[]): Promise<void> {
  for (const [index, [lng, lat]] of line.entries()) {
    await tapMap(page, lng as number, lat as number);
    await vertices(page).nth(index).waitFor({ state: 'attached' });
  }
  await expect(vertices(page).count()).resolves.toBe(line.length);
}

/**
 * The phone's layout while a tool runs: no sideways scroll, the page not zoomed out, each of the
 * tool's own buttons inside the map, and every vertex drawn below the whole toolbar (its rows,
 * actions and hint), so the toolbar covers none of the drawing.
 */
async function expectPhoneLayout(page: Page): Promise<void> {
  const layout = await page.evaluate(() => {
    const rect = (element: Element) => element.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number };
    const map = document.querySelector('.gportal-map');
    const toolbar = document.querySelector('.gportal-toolbar');
    if (!map || !toolbar) throw new Error('no map or toolbar');
    return {
      innerWidth,
      scrollWidth: document.scrollingElement?.scrollWidth ?? Infinity,
      map: rect(map),
      toolbar: rect(toolbar),
      actions: [...document.querySelectorAll('.gportal-toolbar-actions .ant-btn')].map(rect),
      vertices: [...document.querySelectorAll('.leaflet-marker-pane .leaflet-editing-icon')].map(rect),
    };
  });
  expect(layout.innerWidth).toBe(DEVICES.phone.viewport.width);
  expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
  for (const action of layout.actions) expect(action.x >= layout.map.x && action.x + action.width <= layout.map.x + layout.map.width, JSON.stringify(action)).toBe(true);
  for (const vertex of layout.vertices) {
    expect(vertex.y, JSON.stringify({ vertex, toolbar: layout.toolbar })).toBeGreaterThan(layout.toolbar.y + layout.toolbar.height);
    expect(vertex.x >= layout.map.x && vertex.x + vertex.width <= layout.map.x + layout.map.width).toBe(true);
  }
}

/** The hint under the tools (the mode's, not the keyboard keys' list). */
const hint = (page: Page) => page.locator('.gportal-hint:not(.gportal-keys)');

describe('分割 and 合并 by touch on a phone (390 × 844)', () => {
  it('分割: 工具 → 分割, a tap picks Fuzhou, taps draw the cutting line, a tap on its last point finishes: two pieces, one undo', async () => {
    const locale = 'zh-CN';
    const names = NAMES[locale];
    const { context, page } = await phoneMap(locale);
    const badge = page.getByTestId('pending-badge');
    await expect(toolsButton(page, locale).count()).resolves.toBe(1);

    await tapTool(page, locale, names.split);
    await expect(toolButton(page, names.split).getAttribute('aria-pressed')).resolves.toBe('true');
    // A touch screen's hint: taps, no Esc.
    await hint(page).filter({ hasText: names.splitPick }).waitFor();
    await tapMap(page, 119.3, 26.08);
    await hint(page).filter({ hasText: names.splitDraw }).waitFor();
    // The feature to cut is highlighted meanwhile, and the hint's 完成 is a button beside 工具.
    await expect.poll(() => selectedIds(page).then((ids) => ids.length)).toBe(1);
    const [fuzhou] = await selectedIds(page);
    const finish = page.locator('.gportal-toolbar-actions').getByRole('button', { name: names.finish, exact: true });
    await expect(finish.isDisabled()).resolves.toBe(true);

    await tapLine(page, PHONE_CUT);
    await expect(finish.isDisabled()).resolves.toBe(false);
    await expect(badge.textContent()).resolves.toBe(names.clean);
    await expectPhoneLayout(page);
    await screenshot(page, 'split-touch-zh-CN-390', { fullPage: false });

    // The last point tapped again finishes the line, as a drawn line finishes on a phone.
    const last = PHONE_CUT[PHONE_CUT.length - 1] as Position;
    await tapMap(page, last[0] as number, last[1] as number);
    await waitForFeatures(page, 9);
    await badge.filter({ hasText: names.pending(1, 1, 0) }).waitFor();
    await page.locator('.ant-message-notice', { hasText: names.splitDone }).waitFor();
    await expect(vertices(page).count()).resolves.toBe(0);
    await waitForLayerPainted(page);
    await screenshot(page, 'split-touch-zh-CN-390-done', { fullPage: false });

    const cut = await journal(page);
    expect(cut.inserts).toHaveLength(1);
    expect(Object.keys(cut.updates)).toEqual([fuzhou]);
    const kept = cut.updates[fuzhou as string]?.geometry as MultiPolygon;
    const piece = cut.inserts[0] as MultiPolygon;
    // The pieces cover Fuzhou exactly; the original keeps the larger, with the small square.
    expect(relative(planarArea(kept) + planarArea(piece), planarArea(FUZHOU))).toBeLessThan(1e-9);
    expect(planarArea(kept)).toBeGreaterThan(planarArea(piece));
    expect(kept.coordinates).toHaveLength(2);
    // The new piece is the big square's east strip, about 0.08° × 0.2° (a tap lands to the pixel,
    // some 0.007° at this zoom).
    expect(piece.coordinates).toHaveLength(1);
    expect(relative(planarArea(piece), 0.08 * 0.2)).toBeLessThan(0.25);

    // One undo (behind 工具) takes the split back whole.
    await tapTool(page, locale, names.undo);
    await waitForFeatures(page, 8);
    await badge.filter({ hasText: names.clean }).waitFor();
    await expect(journal(page)).resolves.toEqual({ inserts: [], updates: {}, deletes: [] });
    await context.close();
  });

  it('合并: taps pick Fuzhou and Putian (a second tap unpicks), 完成 beside 工具, Putian\'s attributes chosen by a tap: one feature fewer, one undo', async () => {
    const locale = 'zh-CN';
    const names = NAMES[locale];
    const { context, page } = await phoneMap(locale);
    const badge = page.getByTestId('pending-badge');

    await tapTool(page, locale, names.merge);
    await hint(page).filter({ hasText: names.merge0 }).waitFor();
    // Too few picked: 完成 says so and stays in the tool.
    await tapAction(page, locale, names.done);
    await page.getByRole('alert').filter({ hasText: '至少选择两个要素才能合并。' }).waitFor();

    await tapMap(page, 119.3, 26.08);
    await hint(page).filter({ hasText: names.picked(1) }).waitFor();
    await tapMap(page, 119.0, 25.45);
    await hint(page).filter({ hasText: names.picked(2) }).waitFor();
    const [fuzhou, putian] = await selectedIds(page);
    expect(fuzhou).toBeDefined();
    expect(putian).toBeDefined();
    expect(putian).not.toBe(fuzhou);
    // A second tap unpicks, a third picks again. The unpicking tap comes some 200 ms after the
    // pick, which Leaflet would take as a double tap and zoom in: 合并 keeps the view still.
    const boundsBefore = await mapElement(page).getAttribute('data-bounds');
    await tapMap(page, 119.0, 25.45);
    await hint(page).filter({ hasText: names.picked(1) }).waitFor();
    await waitForMapStill(page);
    await expect(mapElement(page).getAttribute('data-bounds')).resolves.toBe(boundsBefore);
    await expect(selectedIds(page)).resolves.toEqual([fuzhou]);
    await tapMap(page, 119.0, 25.45);
    await hint(page).filter({ hasText: names.picked(2) }).waitFor();
    await expect(selectedIds(page)).resolves.toEqual([fuzhou, putian]);
    await expectPhoneLayout(page);

    await tapAction(page, locale, names.done);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(names.mergeTitle).waitFor();
    const group = dialog.getByRole('group', { name: names.keep });
    await expect(group.getByRole('radio').count()).resolves.toBe(2);
    // The towns are the same size: the first picked, Fuzhou, is chosen first.
    await expect(group.getByRole('radio', { name: `福州 · ${fuzhou}${names.largest}`, exact: true }).isChecked()).resolves.toBe(true);
    await expect(group.getByRole('radio', { name: `莆田 · ${putian}`, exact: true }).isChecked()).resolves.toBe(false);
    await group.getByRole('radio', { name: /莆田/ }).tap();
    await expect(group.getByRole('radio', { name: /莆田/ }).isChecked()).resolves.toBe(true);
    await expect(group.getByRole('radio', { name: /福州/ }).isChecked()).resolves.toBe(false);
    // The dialog fits the phone's width: its buttons on the screen.
    const [dialogBox, mergeBox] = await Promise.all([dialog.boundingBox(), dialog.getByRole('button', { name: names.merge, exact: true }).boundingBox()]);
    expect(dialogBox && dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= DEVICES.phone.viewport.width).toBe(true);
    expect(mergeBox && mergeBox.x >= 0 && mergeBox.x + mergeBox.width <= DEVICES.phone.viewport.width && mergeBox.y + mergeBox.height <= DEVICES.phone.viewport.height).toBe(true);
    await screenshot(page, 'merge-dialog-zh-CN-390', { fullPage: false });

    await dialog.getByRole('button', { name: names.merge, exact: true }).tap();
    await dialog.waitFor({ state: 'hidden' });
    await waitForFeatures(page, 7);
    await badge.filter({ hasText: names.pending(0, 1, 1) }).waitFor();
    const merged = await journal(page);
    // Putian is kept, with both towns' shapes; Fuzhou is removed.
    expect(merged.inserts).toHaveLength(0);
    expect(merged.deletes).toEqual([fuzhou]);
    expect(Object.keys(merged.updates)).toEqual([putian]);
    const union = merged.updates[putian as string]?.geometry as MultiPolygon;
    expect(relative(planarArea(union), planarArea(FUZHOU) + planarArea(PUTIAN))).toBeLessThan(1e-9);
    expect(union.coordinates).toHaveLength(4);
    // The tool is over: a tap on Fuzhou's old place shows the merged feature's popup, Putian's name.
    await expect(toolButton(page, names.merge).getAttribute('aria-pressed')).resolves.toBe('false');
    await tapMap(page, 119.3, 26.08);
    await page.getByTestId('feature-properties').getByText('莆田').waitFor();

    // One undo takes the merge back: both towns again, nothing pending.
    await tapTool(page, locale, names.undo);
    await waitForFeatures(page, 8);
    await badge.filter({ hasText: names.clean }).waitFor();
    await context.close();
  });

  it('in English: Split by taps, the line finished with Finish beside Tools; the hint speaks of taps', async () => {
    const locale = 'en';
    const names = NAMES[locale];
    const { context, page } = await phoneMap(locale);
    const badge = page.getByTestId('pending-badge');

    await tapTool(page, locale, names.split);
    await hint(page).filter({ hasText: names.splitPick }).waitFor();
    await tapMap(page, 119.3, 26.08);
    await hint(page).filter({ hasText: names.splitDraw }).waitFor();
    await expect.poll(() => selectedIds(page).then((ids) => ids.length)).toBe(1);
    const finish = page.locator('.gportal-toolbar-actions').getByRole('button', { name: names.finish, exact: true });
    await expect(finish.isDisabled()).resolves.toBe(true);
    await tapLine(page, PHONE_CUT);
    await expectPhoneLayout(page);
    await screenshot(page, 'split-en-390', { fullPage: false });

    await tapAction(page, locale, names.finish);
    await waitForFeatures(page, 9);
    await badge.filter({ hasText: names.pending(1, 1, 0) }).waitFor();
    await page.locator('.ant-message-notice', { hasText: names.splitDone }).waitFor();
    const { inserts, updates } = await journal(page);
    expect(inserts).toHaveLength(1);
    expect(Object.keys(updates)).toHaveLength(1);
    expect(relative(planarArea(inserts[0] as MultiPolygon), 0.08 * 0.2)).toBeLessThan(0.25);

    // 取消 (Cancel) while picking leaves the tool, nothing cut.
    await tapTool(page, locale, names.split);
    await hint(page).filter({ hasText: names.splitPick }).waitFor();
    await tapAction(page, locale, names.cancel);
    await hint(page).waitFor({ state: 'detached' });
    await expect(toolButton(page, names.split).getAttribute('aria-pressed')).resolves.toBe('false');
    await waitForFeatures(page, 9);
    await context.close();
  });
});

describe('分割, 合并 and 拓扑检查 on a desktop, in English', () => {
  it('Split cuts Fuzhou by clicks, Merge\'s dialog joins the pieces again (1280 × 800)', async () => {
    const names = NAMES.en;
    const { context, page } = await desktopMap(1280, 800);
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    const badge = page.getByTestId('pending-badge');

    await button(names.split).click();
    await page.getByText('Click the feature to split.').waitFor();
    await clickMap(page, 119.3, 26.08);
    await page.getByText('Draw a cutting line across the feature: click to add vertices').waitFor();
    await expect.poll(() => selectedIds(page).then((ids) => ids.length)).toBe(1);
    const [fuzhou] = await selectedIds(page);
    await page.locator('.leaflet-draw-tooltip').waitFor({ state: 'attached' });
    for (const [lng, lat] of [[119.32, 26.25], [119.32, 25.9], [119.32, 25.9]] as const) await clickMap(page, lng, lat);
    await waitForFeatures(page, 9);
    await badge.filter({ hasText: names.pending(1, 1, 0) }).waitFor();
    await page.locator('.ant-message-notice', { hasText: names.splitDone }).waitFor();
    await waitForLayerPainted(page);
    await screenshot(page, 'split-en-1280', { fullPage: false });
    const cut = await journal(page);
    expect(cut.inserts).toHaveLength(1);
    expect(relative(planarArea(cut.updates[fuzhou as string]?.geometry as MultiPolygon) + planarArea(cut.inserts[0] as MultiPolygon), planarArea(FUZHOU))).toBeLessThan(1e-9);

    await button(names.merge).click();
    await page.getByText(names.picked(0)).waitFor();
    await clickMap(page, 119.25, 26.08);
    await clickMap(page, 119.37, 26.08);
    await page.getByText(names.picked(2)).waitFor();
    await button(names.done).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(names.mergeTitle).waitFor();
    const group = dialog.getByRole('group', { name: names.keep });
    await expect(group.getByRole('radio').count()).resolves.toBe(2);
    // The larger piece, the original, is chosen first and named the largest.
    await expect(group.getByRole('radio', { name: `福州 · ${fuzhou}${names.largest}`, exact: true }).isChecked()).resolves.toBe(true);
    await expect(group.getByRole('radio', { checked: true }).count()).resolves.toBe(1);
    await expect(dialog.getByRole('button', { name: names.cancel, exact: true }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'merge-dialog-en-1280', { fullPage: false });
    await dialog.getByRole('button', { name: names.merge, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitForFeatures(page, 8);
    await badge.filter({ hasText: names.pending(0, 1, 0) }).waitFor();
    const merged = await journal(page);
    expect(merged.inserts).toHaveLength(0);
    expect(relative(planarArea(merged.updates[fuzhou as string]?.geometry as MultiPolygon), planarArea(FUZHOU))).toBeLessThan(1e-9);
    await context.close();
  });

  it('Check topology lists the overlap a drawing across Putian makes (1024 × 768)', async () => {
    const { context, page } = await desktopMap(1024, 768);
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    await button('Check topology').click();
    const region = page.getByRole('region', { name: 'Topology problems' });
    await region.getByRole('status').filter({ hasText: 'No topology problems among the 8 features loaded.' }).waitFor();

    // A triangle from inside Putian's big square (118.9–119.1, 25.35–25.55) out across its south
    // edge. (Not Fuzhou, as at 1280: on this map the drawing's own bar and its three-line English
    // hint lie over the map's top right, where the fit puts Fuzhou.)
    await button('Draw polygon').click();
    await page.locator('.leaflet-draw-tooltip').waitFor({ state: 'attached' });
    for (const [lng, lat] of [[119.0, 25.45], [119.0, 25.1], [118.7, 25.1], [119.0, 25.45]] as const) await clickMap(page, lng, lat);
    await skipAttributes(page);
    await waitForFeatures(page, 9);
    await region.getByRole('status').filter({ hasText: '1 topology problem among the 9 features loaded.' }).waitFor();
    const rows = region.getByRole('listitem');
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().locator('span').first().textContent()).resolves.toMatch(/^Overlap: 莆田 \([^)]+\), new-1, [\d.]+ km² overlapping$/);
    // The panel stands inside the window, its 缩放至 button too.
    const [panel, zoomTo] = await Promise.all([region.boundingBox(), rows.first().getByRole('button', { name: 'Zoom to', exact: true }).boundingBox()]);
    expect(panel && panel.x >= 0 && panel.x + panel.width <= 1024 && panel.y + panel.height <= 768).toBe(true);
    expect(zoomTo && zoomTo.x + zoomTo.width <= 1024 && zoomTo.y + zoomTo.height <= 768).toBe(true);
    await waitForLayerPainted(page);
    await screenshot(page, 'topology-check-en-1024', { fullPage: false });
    await context.close();
  });
});
