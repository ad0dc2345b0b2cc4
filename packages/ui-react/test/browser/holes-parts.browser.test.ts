import { geodesicArea, type Position } from '@gportal/core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn } from './browser.js';
import { boxRing, clickMap, mapElement, mapPoint, moveCrosshairTo, readArea, selectLayer, waitForMapReady, waitForMapStill } from './map-helpers.js';

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const readout = () => page.getByTestId('measure-readout');
const badge = () => page.getByTestId('pending-badge');

const box = boxRing;
const area = (...rings: Position[][]) => geodesicArea({ type: 'Polygon', coordinates: rings });
/** Fuzhou in the sample multipolygon layer (sample-seed.ts): a square of half-size 0.1° and one of 0.04° to its north-east. */
const FUZHOU = box(119.2, 25.98, 119.4, 26.18);
const FUZHOU_SMALL = box(119.51, 26.09, 119.59, 26.17);
const HOLE = box(119.25, 26.03, 119.35, 26.13);
const NEW_PART = box(119.2, 26.24, 119.3, 26.3);

async function waitForHandles(count: number) {
  await page.locator(`.gportal-vertex-handles[data-vertices="${count}"]`).waitFor();
}

async function readoutArea(): Promise<number> {
  return readArea((await readout().textContent()) ?? '');
}

/** The area read-out, within 1 % of `expected` m² (the read-out is rounded to its unit). */
async function expectArea(expected: number) {
  await expect.poll(async () => Math.abs((await readoutArea()) - expected) / expected).toBeLessThan(0.01);
}

/**
 * Clicks the ring's vertices, then its first one again, which finishes a leaflet-draw polygon.
 * It waits for the drawing to have begun (leaflet-draw's tooltip): the tool starts after the
 * button's click has been handled, and a click before that would not be a vertex.
 */
async function drawRing(ring: Position[]) {
  await page.locator('.leaflet-draw-tooltip').waitFor({ state: 'attached' });
  for (const [lng, lat] of ring) await clickMap(page, lng as number, lat as number);
}

/**
 * Opens Fuzhou's shape edit from its popup, then (the popup may have panned the map) drags
 * Fuzhou to the middle of the map and zooms in twice there with Leaflet's zoom button.
 */
async function editFuzhou({ layer, at = [119.3, 26.08], handles = 8, centre = [119.33, 26.1] }: { layer?: string; at?: [number, number]; handles?: number; centre?: [number, number] } = {}) {
  await page.goto(`${baseUrl}/feature-map`);
  await waitForMapReady(page, 8);
  if (layer) {
    await selectLayer(page, layer);
    await waitForMapReady(page, 8);
  }
  await clickMap(page, ...at);
  await button('编辑图形').click();
  await waitForHandles(handles);
  await waitForMapStill(page);
  // Pressed away from every handle, so the drag pans the map.
  const from = await mapPoint(page, ...centre);
  const element = await mapElement(page).boundingBox();
  if (!element) throw new Error('no map');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(element.x + element.width / 2, element.y + element.height / 2, { steps: 8 });
  // Held still before the release: Leaflet's inertia carries a pan on by the speed of the last
  // 50 ms of the drag, which would leave Fuzhou wherever the machine's timing put it.
  await page.waitForTimeout(120);
  await page.mouse.up();
  await waitForMapStill(page);
  const moved = await mapPoint(page, ...centre);
  expect(Math.hypot(moved.x - (element.x + element.width / 2), moved.y - (element.y + element.height / 2))).toBeLessThan(2);
  for (let zoom = 0; zoom < 2; zoom += 1) {
    await page.locator('.leaflet-control-zoom-in').click();
    await waitForMapStill(page);
  }
}

describe('holes and parts in a shape edit', () => {
  it('挖洞 cuts a hole and the area drops by it; a hole crossing its ring or outside the polygon is refused', async () => {
    await editFuzhou();
    await expectArea(area(FUZHOU) + area(FUZHOU_SMALL));
    await button('挖洞').click();
    await page.getByText('在面内单击画出洞的边界').waitFor();
    await drawRing(HOLE);
    await waitForHandles(12);
    await expectArea(area(FUZHOU, HOLE) + area(FUZHOU_SMALL));
    await screenshot(page, 'feature-map-hole-zh', { fullPage: false });

    // Across the ring: refused, the shape stays.
    await button('挖洞').click();
    await drawRing(box(119.37, 26.0, 119.45, 26.05));
    await page.getByRole('alert').filter({ hasText: '图形边线不能交叉' }).waitFor();
    await waitForHandles(12);
    // Outside every part: refused too.
    await button('挖洞').click();
    await drawRing(box(119.42, 25.9, 119.48, 25.95));
    await page.getByRole('alert').filter({ hasText: '图形边线不能交叉' }).waitFor();
    await waitForHandles(12);
    await expectArea(area(FUZHOU, HOLE) + area(FUZHOU_SMALL));

    await button('完成').click();
    await badge().filter({ hasText: '未保存：新增 0 · 修改 1 · 删除 0' }).waitFor();
    // The kept shape has its hole: edited again, it reads the same area.
    await clickMap(page, 119.22, 26.0);
    await button('编辑图形').click();
    await waitForHandles(12);
    await expectArea(area(FUZHOU, HOLE) + area(FUZHOU_SMALL));
  });

  it('挖洞 draws its hole by keyboard too: the crosshair, Enter for each vertex, Shift+Enter to finish', async () => {
    await editFuzhou();
    const whole = area(FUZHOU) + area(FUZHOU_SMALL);
    await expectArea(whole);
    await button('挖洞').click();
    await page.getByText('在面内单击画出洞的边界').waitFor();
    await mapElement(page).focus();
    // Focus moved by a script after a click: the crosshair shows once a key is pressed on the map.
    await page.keyboard.press('Shift');
    const crosshair = page.getByTestId('draw-crosshair');
    await crosshair.and(page.locator('.gportal-crosshair-shown')).waitFor();
    // The arrow keys bring the crosshair inside Fuzhou's square (10 px a press, 1 px with Shift) …
    await moveCrosshairTo(page, 119.28, 26.06);
    // … then a triangle of 30 px sides: Enter for each vertex, Shift+Enter to finish.
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await page.getByTestId('map-announcement').textContent()) ?? '').toBe('已添加第 1 个顶点。');
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Enter', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter', 'Shift+Enter']) await page.keyboard.press(key);
    await waitForHandles(11);
    await expect.poll(readoutArea).toBeLessThan(whole * 0.999);
  });

  it('删除部分 removes a hole, then a part, and keeps the last part; 添加部分 draws a new part', async () => {
    await editFuzhou();
    await button('挖洞').click();
    await drawRing(HOLE);
    await waitForHandles(12);

    await button('删除部分').click();
    await page.getByText('单击要删除的部分或洞').waitFor();
    await clickMap(page, 119.3, 26.08);
    await waitForHandles(8);
    await expectArea(area(FUZHOU) + area(FUZHOU_SMALL));

    await button('删除部分').click();
    await clickMap(page, 119.55, 26.13);
    await waitForHandles(4);
    await expectArea(area(FUZHOU));

    await button('删除部分').click();
    await clickMap(page, 119.3, 26.08);
    await page.getByRole('alert').filter({ hasText: '不能删除：要素至少保留一个部分' }).waitFor();
    await waitForHandles(4);

    await button('添加部分').click();
    await drawRing(NEW_PART);
    await waitForHandles(8);
    await expectArea(area(FUZHOU) + area(NEW_PART));
    await screenshot(page, 'feature-map-add-part-zh', { fullPage: false });
    // A part drawn over another is refused.
    await button('添加部分').click();
    await drawRing(box(119.35, 26.1, 119.45, 26.16));
    await page.getByRole('alert').filter({ hasText: '图形边线不能交叉' }).waitFor();
    await waitForHandles(8);

    await page.getByText('English', { exact: true }).click();
    for (const name of ['Cut hole', 'Add part', 'Remove part']) await button(name).waitFor();
    await button('Cut hole').click();
    await page.getByText('Click inside the polygon to draw the hole').waitFor();
    await screenshot(page, 'feature-map-part-tools-en', { fullPage: false });
    await page.keyboard.press('Escape');
    await button('Done').click();
    await badge().filter({ hasText: /1/ }).waitFor();
  });

  it('on a multi-line, 添加部分 draws a line part and 删除部分 removes the line clicked, keeping the last', async () => {
    // Fuzhou in the sample multi-line layer: a line along lat 26.08 and one along lng 119.3, 0.15° each way.
    await editFuzhou({ layer: '多线', at: [119.42, 26.08], handles: 4, centre: [119.4, 26.18] });
    await expect(button('挖洞').count()).resolves.toBe(0);
    // The sample's two lines cross, which the core's rules refuse: a new part is refused until one goes.
    await button('添加部分').click();
    await clickMap(page, 119.35, 26.15);
    await clickMap(page, 119.45, 26.2);
    await clickMap(page, 119.45, 26.2);
    await page.getByRole('alert').filter({ hasText: '图形边线不能交叉' }).waitFor();
    await waitForHandles(4);
    await button('删除部分').click();
    await clickMap(page, 119.3, 26.0);
    await waitForHandles(2);
    await button('添加部分').click();
    await clickMap(page, 119.35, 26.15);
    await clickMap(page, 119.45, 26.2);
    await clickMap(page, 119.45, 26.2);
    await waitForHandles(4);
    await button('删除部分').click();
    await clickMap(page, 119.4, 26.08);
    await waitForHandles(2);
    await button('删除部分').click();
    // A quarter along the line: its middle holds the midpoint handle, which a press inserts a vertex at.
    await clickMap(page, 119.375, 26.1625);
    await page.getByRole('alert').filter({ hasText: '不能删除：要素至少保留一个部分' }).waitFor();
    await waitForHandles(2);
    await button('完成').click();
    await badge().filter({ hasText: '未保存：新增 0 · 修改 1 · 删除 0' }).waitFor();
  });

  it('on a multi-point, 添加部分 places a point and 删除部分 removes the point clicked, keeping the last; saved, the points are there after a reload', async () => {
    // Fuzhou in the sample multi-point layer (sample-seed.ts): two stations, west and east of its centre.
    const west: [number, number] = [119.22, 26.05];
    const east: [number, number] = [119.38, 26.11];
    const added: [number, number] = [119.3, 25.98];
    const points = page.locator('.leaflet-marker-pane .gportal-marker-unsaved');
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    await selectLayer(page, '多点');
    await page.waitForURL(/layer=store_33%3Amultipoint$/);
    // Each town's two stations, drawn as markers.
    await expect.poll(() => page.locator('.leaflet-marker-pane .gportal-marker').count()).toBe(16);
    await clickMap(page, ...west);
    await button('编辑图形').click();
    await expect.poll(() => points.count()).toBe(2);
    await expect(button('挖洞').count()).resolves.toBe(0);
    await waitForMapStill(page);

    await button('添加部分').click();
    await page.getByText('单击地图画出新的部分').waitFor();
    await clickMap(page, ...added);
    await expect.poll(() => points.count()).toBe(3);
    await screenshot(page, 'feature-map-multipoint-add-part-zh', { fullPage: false });
    // A click on a point (its marker) removes it.
    await button('删除部分').click();
    await clickMap(page, ...west);
    await expect.poll(() => points.count()).toBe(2);
    await button('删除部分').click();
    await clickMap(page, ...east);
    await expect.poll(() => points.count()).toBe(1);
    // The last point stays.
    await button('删除部分').click();
    await clickMap(page, ...added);
    await page.getByRole('alert').filter({ hasText: '不能删除：要素至少保留一个部分' }).waitFor();
    await expect(points.count()).resolves.toBe(1);
    // One more, then the edit is kept and saved.
    await button('添加部分').click();
    await clickMap(page, ...west);
    await expect.poll(() => points.count()).toBe(2);
    await button('完成').click();
    await badge().filter({ hasText: '未保存：新增 0 · 修改 1 · 删除 0' }).waitFor();
    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 0，修改 1，删除 0' }).waitFor();

    // After a reload: the layer is still chosen (its 16 points are markers), and Fuzhou's two points are the added one and the one added again.
    await page.reload();
    await waitForMapReady(page, 8);
    await expect.poll(() => page.locator('.leaflet-marker-pane .gportal-marker').count()).toBe(16);
    await clickMap(page, ...added);
    await button('编辑图形').click();
    await expect.poll(() => points.count()).toBe(2);
    const shown = await points.evaluateAll((markers) => markers.map((marker) => marker.getBoundingClientRect()).map(({ x, y, width, height }) => ({ x: x + width / 2, y: y + height / 2 })));
    const expected = await Promise.all([mapPoint(page, ...added), mapPoint(page, ...west)]);
    const near = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y) < 2;
    expect(expected.every((point) => shown.some((marker) => near(marker, point)))).toBe(true);
    await button('取消').click();
  });

  it('shows the part tools named in both languages at 1024 px', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await editFuzhou();
    for (const name of ['挖洞', '添加部分', '删除部分', '吸附']) await button(name).waitFor();
    await screenshot(page, 'feature-map-part-tools-zh-1024', { fullPage: false });
    await page.getByText('English', { exact: true }).click();
    for (const name of ['Cut hole', 'Add part', 'Remove part', 'Snap']) await button(name).waitFor();
    await screenshot(page, 'feature-map-part-tools-en-1024', { fullPage: false });
  });
});
