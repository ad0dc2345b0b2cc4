import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn } from './browser.js';
import { clickMap, mapElement, mapPoint, skipAttributes, waitForFeatures, waitForMapReady, waitForMapStill } from './map-helpers.js';

/**
 * 拓扑检查 on the production build, in the embedded sample's multipolygon layer (eight towns apart
 * from each other): the list of problems follows the edits, 缩放至 goes to one, and a save whose
 * new shape overlaps a town asks first.
 */
const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
});

const TEXTS = {
  'zh-CN': {
    open: '拓扑检查', region: '拓扑问题', close: '关闭拓扑检查', draw: '标绘', save: '保存', undo: '撤销', zoomTo: '缩放至',
    none: (count: number) => `已加载的 ${count} 个要素中没有拓扑问题。`,
    found: (features: number, count: number) => `已加载的 ${features} 个要素中有 ${count} 个拓扑问题。`,
    overlap: /^重叠：福州 \([^)]+\)、new-1，重叠面积 [\d.]+ km²$/,
    askTitle: '要保存的修改与相邻要素重叠', anyway: '仍然保存', back: '返回修改', saved: '没有未保存的修改',
  },
  en: {
    open: 'Check topology', region: 'Topology problems', close: 'Close topology check', draw: 'Draw polygon', save: 'Save', undo: 'Undo', zoomTo: 'Zoom to',
    none: (count: number) => `No topology problems among the ${count} features loaded.`,
    found: (features: number, count: number) => `${count} topology problem${count === 1 ? '' : 's'} among the ${features} features loaded.`,
    overlap: /^Overlap: 福州 \([^)]+\), new-1, [\d.]+ km² overlapping$/,
    askTitle: 'The changes to save overlap their neighbours', anyway: 'Save anyway', back: 'Back to editing', saved: 'No unsaved changes',
  },
} as const;

const button = (name: string) => page.getByRole('button', { name, exact: true });
const badge = () => page.getByTestId('pending-badge');

/** A triangle from inside Fuzhou's big square (119.2–119.4, 25.98–26.18) out across its north edge: an overlap. */
const ACROSS_FUZHOU: Array<[number, number]> = [[119.3, 26.08], [119.3, 26.4], [119.0, 26.4]];

async function drawAcrossFuzhou(draw: string) {
  await button(draw).click();
  await page.locator('.leaflet-draw-tooltip').waitFor({ state: 'attached' });
  for (const [lng, lat] of ACROSS_FUZHOU) await clickMap(page, lng, lat);
  await clickMap(page, ...ACROSS_FUZHOU[0]!);
  await skipAttributes(page);
  await waitForFeatures(page, 9);
}

describe('拓扑检查', () => {
  it.each(['zh-CN', 'en'] as const)('lists what the edits make in %s, zooms to it, and a save of an overlap asks first', async (locale) => {
    const texts = TEXTS[locale];
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    if (locale === 'en') await page.getByText('English', { exact: true }).click();
    await button(texts.open).click();
    const region = page.getByRole('region', { name: texts.region });
    await region.getByRole('status').filter({ hasText: texts.none(8) }).waitFor();

    await drawAcrossFuzhou(texts.draw);
    // The list follows the session: the new drawing overlaps Fuzhou.
    await region.getByRole('status').filter({ hasText: texts.found(9, 1) }).waitFor();
    const rows = region.getByRole('listitem');
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().locator('span').first().textContent()).resolves.toMatch(texts.overlap);
    await expect(rows.first().getAttribute('data-kind')).resolves.toBe('overlap');

    // 缩放至: the overlap in the middle of the map, its two features selected.
    await rows.first().getByRole('button', { name: texts.zoomTo, exact: true }).click();
    await waitForMapStill(page);
    await expect.poll(async () => (await mapElement(page).getAttribute('data-selected'))?.split(' ').length).toBe(2);
    const [middle, map] = await Promise.all([mapPoint(page, 119.25, 26.13), mapElement(page).boundingBox()]);
    if (!map) throw new Error('no map');
    // The overlap is the triangle's part inside the square: its box centre is near (119.25, 26.13).
    expect(Math.abs(middle.x - (map.x + map.width / 2))).toBeLessThan(map.width * 0.15);
    expect(Math.abs(middle.y - (map.y + map.height / 2))).toBeLessThan(map.height * 0.15);
    await screenshot(page, `topology-check-${locale}-1280`, { fullPage: false });

    // The save asks; 返回修改 sends nothing.
    await button(texts.save).click();
    const ask = page.getByRole('dialog').filter({ hasText: texts.askTitle });
    await ask.waitFor();
    await expect(ask.getByTestId('save-overlaps').locator('li').count()).resolves.toBe(1);
    await screenshot(page, `topology-save-ask-${locale}-1280`, { fullPage: false });
    await ask.getByRole('button', { name: texts.back, exact: true }).click();
    await ask.waitFor({ state: 'hidden' });
    await expect(badge().textContent()).resolves.not.toBe(texts.saved);
    // 仍然保存 saves it all the same.
    await button(texts.save).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: texts.anyway, exact: true }).click();
    await badge().filter({ hasText: texts.saved }).waitFor();
    await waitForFeatures(page, 9);

    // Closed with its own button.
    await region.getByRole('button', { name: texts.close, exact: true }).click();
    await region.waitFor({ state: 'detached' });
    await expect(button(texts.open).getAttribute('aria-pressed')).resolves.toBe('false');
  });

  it('避免重叠 cuts a drawing back from Fuzhou before it is pending, and is remembered', async () => {
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    await button('拓扑检查').click();
    const region = page.getByRole('region', { name: '拓扑问题' });
    await button('标绘').click();
    const avoid = page.getByRole('group', { name: '当前工具' }).getByRole('button', { name: '避免重叠', exact: true });
    await expect(avoid.getAttribute('aria-pressed')).resolves.toBe('false');
    await avoid.click();
    await expect(avoid.getAttribute('aria-pressed')).resolves.toBe('true');
    await page.locator('.leaflet-draw-tooltip').waitFor({ state: 'attached' });
    for (const [lng, lat] of ACROSS_FUZHOU) await clickMap(page, lng, lat);
    await clickMap(page, ...ACROSS_FUZHOU[0]!);
    await skipAttributes(page);
    await waitForFeatures(page, 9);
    // The drawing kept is the triangle less Fuzhou: no overlap left, and its area smaller than drawn.
    await region.getByRole('status').filter({ hasText: TEXTS['zh-CN'].none(9) }).waitFor();
    const ring = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((each) => each.includes(':journal-part:') && each.endsWith('/i:new-1'));
      return JSON.parse(localStorage.getItem(key ?? '') ?? 'null')?.data?.insert?.geometry?.coordinates?.[0]?.[0] as Array<[number, number]> | undefined;
    });
    // The cut follows Fuzhou's north edge: vertices on lat 26.18 where the triangle crossed it, none inside the square.
    expect(ring?.some(([, lat]) => Math.abs(lat - 26.18) < 1e-9)).toBe(true);
    expect(ring?.some(([lng, lat]) => lng > 119.2 + 1e-9 && lng < 119.4 - 1e-9 && lat > 25.98 + 1e-9 && lat < 26.18 - 1e-9)).toBe(false);
    await screenshot(page, 'avoid-overlaps-zh-CN-1280', { fullPage: false });

    // Remembered for the user: pressed again after a reload.
    await page.reload();
    await waitForMapReady(page, 9);
    await button('标绘').click();
    await expect(avoid.getAttribute('aria-pressed')).resolves.toBe('true');
    await page.keyboard.press('Escape');
  });

  it('拓扑编辑: a vertex shared with a neighbour, dragged, moves in both (the neighbour follows during the drag), one undo step; one inserted on the shared edge, or removed, is so in both', async () => {
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    // Two new towns sharing the edge x = 118.1 (the second's corners snapped onto the first's), where the sample has none.
    for (const [index, ring] of [
      [[117.9, 25.6], [118.1, 25.6], [118.1, 25.8], [117.9, 25.8]],
      [[118.1, 25.6], [118.3, 25.6], [118.3, 25.8], [118.1, 25.8]],
    ].entries()) {
      await button('标绘').click();
      await page.locator('.leaflet-draw-tooltip').waitFor({ state: 'attached' });
      for (const [lng, lat] of ring) await clickMap(page, lng as number, lat as number);
      await clickMap(page, ...(ring[0] as [number, number]));
      await skipAttributes(page);
      await waitForFeatures(page, 9 + index);
    }
    const ringOf = (handle: string) =>
      page.evaluate((suffix) => {
        const key = Object.keys(localStorage).find((each) => each.includes(':journal-part:') && each.endsWith(`/i:${suffix}`));
        return JSON.parse(localStorage.getItem(key ?? '') ?? 'null')?.data?.insert?.geometry?.coordinates?.[0]?.[0] as Array<[number, number]>;
      }, handle);
    const shared = (await ringOf('new-1')).filter(([lng, lat]) => (Math.abs(lng - 118.1) < 0.01 && Math.abs(lat - 25.8) < 0.01));
    expect((await ringOf('new-2')).some(([lng, lat]) => lng === shared[0]?.[0] && lat === shared[0]?.[1])).toBe(true);

    // Snapping off, so the drag goes where the pointer does; the first town edited with 拓扑编辑 on.
    await button('吸附').click();
    await button('编辑').click();
    await clickMap(page, 117.95, 25.7);
    await page.locator('.gportal-vertex-handles[data-vertices]').waitFor();
    const toggle = page.getByRole('group', { name: '当前工具' }).getByRole('button', { name: '拓扑编辑', exact: true });
    await toggle.click();
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    await waitForMapStill(page);
    const [from, to] = await Promise.all([mapPoint(page, 118.1, 25.8), mapPoint(page, 118.2, 25.95)]);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    // Mid-drag, the neighbour's outline follows.
    await expect.poll(() => mapElement(page).getAttribute('data-following')).toBe('new-2');
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await screenshot(page, 'topological-editing-zh-CN-1280', { fullPage: false });
    await button('完成').click();
    await expect.poll(() => mapElement(page).getAttribute('data-following')).toBe(null);

    // Both towns have the moved vertex at exactly the same position, and the old one is gone from both.
    const [first, second] = [await ringOf('new-1'), await ringOf('new-2')];
    const moved = first.find(([lng, lat]) => Math.abs(lng - 118.2) < 0.01 && Math.abs(lat - 25.95) < 0.01);
    expect(moved).toBeDefined();
    expect(second.some(([lng, lat]) => lng === moved?.[0] && lat === moved?.[1])).toBe(true);
    for (const ring of [first, second]) expect(ring.some(([lng, lat]) => lng === shared[0]?.[0] && lat === shared[0]?.[1])).toBe(false);
    // One undo takes both back.
    await button('撤销').click();
    await expect.poll(async () => (await ringOf('new-2')).some(([lng, lat]) => lng === shared[0]?.[0] && lat === shared[0]?.[1])).toBe(true);
    expect((await ringOf('new-1')).some(([lng, lat]) => lng === shared[0]?.[0] && lat === shared[0]?.[1])).toBe(true);

    // A vertex inserted on the shared edge (its midpoint handle clicked) goes into both towns; removed
    // (the vertex clicked) in a later edit, it leaves both, and one undo brings it back to both.
    const hasMiddle = (ring: Array<[number, number]>) => ring.some(([lng, lat]) => lng === shared[0]?.[0] && Math.abs(lat - 25.7) < 0.01);
    const editFirstAndClick = async (lng: number, lat: number) => {
      await button('编辑').click();
      await clickMap(page, 117.95, 25.7);
      await page.locator('.gportal-vertex-handles[data-vertices]').waitFor();
      await waitForMapStill(page);
      await clickMap(page, lng, lat);
      await button('完成').click();
    };
    await editFirstAndClick(118.1, 25.7);
    await expect.poll(async () => hasMiddle(await ringOf('new-2'))).toBe(true);
    expect(hasMiddle(await ringOf('new-1'))).toBe(true);
    await editFirstAndClick(118.1, 25.7);
    await expect.poll(async () => hasMiddle(await ringOf('new-2'))).toBe(false);
    expect(hasMiddle(await ringOf('new-1'))).toBe(false);
    expect((await ringOf('new-2')).some(([lng, lat]) => lng === shared[0]?.[0] && lat === shared[0]?.[1])).toBe(true);
    await button('撤销').click();
    await expect.poll(async () => hasMiddle(await ringOf('new-2'))).toBe(true);
    expect(hasMiddle(await ringOf('new-1'))).toBe(true);
  });

  it('tracing: two corners of Putian clicked in turn (snapping on) bring the corner between them, the shorter way or with Shift the longer', async () => {
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    // Putian's big square (sample-seed.ts): (119.0, 25.45) ± 0.1, computed as the seed does (25.45 - 0.1
    // is 25.349999999999998): the traced corner is the neighbour's own position, to the last bit.
    const [west, east, south, north] = [119.0 - 0.1, 119.0 + 0.1, 25.45 - 0.1, 25.45 + 0.1];
    const [SW, SE, NE, NW] = [[west, south], [east, south], [east, north], [west, north]] as const;
    const start: [number, number] = [118.8, 25.7];
    const drawnRing = () =>
      page.evaluate(() => {
        const key = Object.keys(localStorage).find((each) => each.includes(':journal-part:') && each.includes('/i:new-'));
        return JSON.parse(localStorage.getItem(key ?? '') ?? 'null')?.data?.insert?.geometry?.coordinates?.[0]?.[0] as Array<[number, number]>;
      });
    const has = (ring: Array<[number, number]>, [lng, lat]: readonly [number, number]) => ring.some(([x, y]) => x === lng && y === lat);
    for (const longer of [false, true]) {
      await button('标绘').click();
      await page.locator('.leaflet-draw-tooltip').waitFor({ state: 'attached' });
      await clickMap(page, ...start);
      await clickMap(page, ...SW);
      if (longer) await page.keyboard.down('Shift');
      await clickMap(page, ...NE);
      if (longer) await page.keyboard.up('Shift');
      await clickMap(page, ...start);
      await skipAttributes(page);
      await waitForFeatures(page, 9);
      const ring = await drawnRing();
      // Five vertices and the closing one: the start, SW, the corner traced, NE; exactly Putian's.
      expect(ring).toHaveLength(5);
      for (const corner of [SW, NE, longer ? NW : SE]) expect(has(ring, corner), `${corner}`).toBe(true);
      expect(has(ring, longer ? SE : NW)).toBe(false);
      if (longer) await screenshot(page, 'tracing-zh-CN-1280', { fullPage: false });
      await button('撤销').click();
      await waitForFeatures(page, 8);
    }
  });

  it('never asks before a save that makes no overlap, and an undone overlap leaves the list', async () => {
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    await button('拓扑检查').click();
    const region = page.getByRole('region', { name: '拓扑问题' });
    await drawAcrossFuzhou('标绘');
    await region.getByRole('status').filter({ hasText: TEXTS['zh-CN'].found(9, 1) }).waitFor();
    await button('撤销').click();
    await waitForFeatures(page, 8);
    await region.getByRole('status').filter({ hasText: TEXTS['zh-CN'].none(8) }).waitFor();

    // A town's attribute edited: saved at once, nothing asked.
    await clickMap(page, 119.0, 25.45);
    await page.getByRole('button', { name: '编辑属性', exact: true }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: '名称' }).fill('莆田市');
    await page.getByRole('dialog').getByRole('button', { name: '确定', exact: true }).click();
    await badge().filter({ hasText: /修改 1/ }).waitFor();
    await button('保存').click();
    await badge().filter({ hasText: '没有未保存的修改' }).waitFor();
    await expect(page.getByRole('dialog').filter({ hasText: '要保存的修改与相邻要素重叠' }).count()).resolves.toBe(0);
  });
});
