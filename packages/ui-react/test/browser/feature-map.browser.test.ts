/// <reference types="leaflet-draw" />
import { geodesicArea, geodesicLength } from '@gportal/core';
import type Leaflet from 'leaflet';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, languageShown, screenshot, signIn } from './browser.js';
import { clickMap, mapElement, mapPoint, NORTHMOST_SAMPLE_LAT, readArea, readLength, selectLayer, skipAttributes, toolbarRowsBottom, waitForFeatures, waitForLayerPainted, waitForMapReady, waitForMapStill } from './map-helpers.js';

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const badge = () => page.getByTestId('pending-badge');
const readout = () => page.getByTestId('measure-readout');

/** The sample multipolygon layer has 8 towns. */
async function openFeatureMap(count = 8) {
  await page.goto(`${baseUrl}/feature-map`);
  await waitForMapReady(page, count);
}

const XSS = '<img src=x onerror=alert(1)>';

async function waitUntilEnabled(locator: ReturnType<typeof button>) {
  await locator.and(page.locator(':enabled')).waitFor();
}

/** The edited shape's handles: drawn on one canvas, which counts its vertex handles. */
const handles = () => page.locator('.gportal-vertex-handles');

async function waitForHandles(count?: number) {
  await page.locator(count === undefined ? '.gportal-vertex-handles[data-vertices]' : `.gportal-vertex-handles[data-vertices="${count}"]`).waitFor();
}

/** Fuzhou in the sample multipolygon layer: squares of half-size 0.1° and 0.04° (sample-seed.ts). */
const FUZHOU_CORNERS: Array<[number, number]> = [
  [119.2, 25.98], [119.4, 25.98], [119.4, 26.18], [119.2, 26.18],
  [119.51, 26.09], [119.59, 26.09], [119.59, 26.17], [119.51, 26.17],
];

/** Whether the handle canvas has an opaque pixel (a handle's fill) at each screen point. */
async function drawnAt(points: Array<{ x: number; y: number }>) {
  return handles().evaluate((canvas, at) => {
    const box = canvas.getBoundingClientRect();
    const ratio = (canvas as HTMLCanvasElement).width / box.width;
    const context = (canvas as HTMLCanvasElement).getContext('2d');
    return at.map(({ x, y }) => context?.getImageData(Math.floor((x - box.left) * ratio), Math.floor((y - box.top) * ratio), 1, 1).data[3] === 255);
  }, points);
}

/** There are as many vertex handles as Fuzhou has corners, one drawn on every corner, none in between. */
async function expectHandlesOnFuzhouCorners() {
  await expect(handles().getAttribute('data-vertices')).resolves.toBe(String(FUZHOU_CORNERS.length));
  const corners = await Promise.all(FUZHOU_CORNERS.map(([lng, lat]) => mapPoint(page, lng, lat)));
  expect(await drawnAt(corners)).toEqual(corners.map(() => true));
  const inside = await mapPoint(page, 119.3, 26.08);
  expect(await drawnAt([inside])).toEqual([false]);
}

const TRIANGLE: Array<[number, number]> = [
  [118.1, 25.6],
  [118.6, 25.6],
  [118.6, 26.0],
];

async function drawPolygon(points: Array<[number, number]>) {
  await button('标绘').click();
  for (const [lng, lat] of points) await clickMap(page, lng, lat);
  const [firstLng, firstLat] = points[0] as [number, number];
  await clickMap(page, firstLng, firstLat);
  await skipAttributes(page);
}

describe('feature map (embedded default)', () => {
  it('draws a polygon by clicking points with the area read out, saves it, and finds it after a reload', async () => {
    await openFeatureMap();
    await screenshot(page, 'feature-map');
    await button('标绘').click();
    for (const [lng, lat] of TRIANGLE) await clickMap(page, lng, lat);
    const text = (await readout().textContent()) ?? '';
    expect(text).toMatch(/^面积：[\d.]+ (m²|ha|km²)$/);
    const expected = geodesicArea({ type: 'Polygon', coordinates: [[...TRIANGLE, TRIANGLE[0] as [number, number]]] });
    // The clicks land on whole pixels, a few hundred metres from the exact positions.
    expect(Math.abs(readArea(text) - expected) / expected).toBeLessThan(0.03);
    await page.locator('.leaflet-draw-tooltip', { hasText: '单击第一个点完成标绘' }).waitFor({ state: 'attached' });
    await screenshot(page, 'feature-map-drawing-polygon');

    await clickMap(page, ...(TRIANGLE[0] as [number, number]));
    await waitForFeatures(page, 9);
    await expect(badge().textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    await skipAttributes(page);
    await screenshot(page, 'feature-map-drawn-unsaved');

    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
    await screenshot(page, 'feature-map-saved');

    await page.reload();
    await waitForMapReady(page, 9);
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
  });

  it('draws a line on the line layer and reads out its length', async () => {
    await openFeatureMap();
    await selectLayer(page, '线');
    await waitForMapReady(page, 7);
    await waitUntilEnabled(button('画线'));
    await button('画线').click();
    await clickMap(page, 117.0, 25.2);
    await clickMap(page, 117.5, 25.6);
    const text = (await readout().textContent()) ?? '';
    expect(text).toMatch(/^长度：[\d.]+ (m|km)$/);
    const expected = geodesicLength({ type: 'LineString', coordinates: [[117.0, 25.2], [117.5, 25.6]] });
    expect(Math.abs(readLength(text) - expected) / expected).toBeLessThan(0.03);
    await screenshot(page, 'feature-map-drawing-line');
    // A line is finished on its last point.
    await clickMap(page, 117.5, 25.6);
    await waitForFeatures(page, 8);
    await expect(badge().textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
  });

  it('refuses a self-intersecting polygon with the message and adds nothing', async () => {
    await openFeatureMap();
    await button('标绘').click();
    await clickMap(page, 117.0, 25.0);
    await clickMap(page, 118.0, 26.0);
    await clickMap(page, 118.0, 25.0);
    // This edge crosses the first one: leaflet-draw refuses the vertex, the editor says why.
    await clickMap(page, 117.0, 26.0);
    await page.getByRole('alert').filter({ hasText: '图形边线不能交叉' }).waitFor();
    await screenshot(page, 'feature-map-self-intersection');
    await expect(page.locator('.leaflet-marker-pane .leaflet-editing-icon').count()).resolves.toBe(3);
    await page.keyboard.press('Escape');
    await waitUntilEnabled(button('标绘'));
    await waitForFeatures(page, 8);
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
  });

  it('Escape cancels a drawing', async () => {
    await openFeatureMap();
    await button('标绘').click();
    await clickMap(page, 117.0, 25.0);
    await clickMap(page, 118.0, 25.0);
    await expect(page.locator('.leaflet-marker-pane .leaflet-editing-icon').count()).resolves.toBe(2);
    await page.keyboard.press('Escape');
    await waitUntilEnabled(button('标绘'));
    await expect(page.locator('.leaflet-marker-pane .leaflet-editing-icon').count()).resolves.toBe(0);
    await expect(readout().count()).resolves.toBe(0);
    await waitForFeatures(page, 8);
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
  });

  it('edits a vertex then cancels: the shape is back exactly; an edit that is kept is pending', async () => {
    await openFeatureMap();
    // Fuzhou's larger square spans 119.2–119.4 × 25.98–26.18.
    await clickMap(page, 119.3, 26.08);
    await button('编辑图形').click();
    await waitForHandles();
    await waitForMapStill(page);
    // Dragged outwards, away from the smaller square: the parts must not cross.
    const corner = await mapPoint(page, 119.2, 25.98);
    await expectHandlesOnFuzhouCorners();
    const areaBefore = await readout().textContent();

    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move(corner.x - 40, corner.y + 30, { steps: 5 });
    await page.mouse.up();
    await page.waitForFunction((text) => document.querySelector('[data-testid="measure-readout"]')?.textContent !== text, areaBefore);
    await screenshot(page, 'feature-map-editing');
    await button('取消').click();
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
    await expect(handles().count()).resolves.toBe(0);

    await clickMap(page, 119.3, 26.08);
    await button('编辑图形').click();
    await waitForHandles();
    await waitForMapStill(page);
    await expectHandlesOnFuzhouCorners();
    const again = await mapPoint(page, 119.2, 25.98);
    await page.mouse.move(again.x, again.y);
    await page.mouse.down();
    await page.mouse.move(again.x - 40, again.y + 30, { steps: 5 });
    await page.mouse.up();
    await button('完成').click();
    await expect(badge().textContent()).resolves.toBe('未保存：新增 0 · 修改 1 · 删除 0');
  });

  it('repaints only around a dragged vertex, and leaves the handle canvas as a whole repaint draws it', async () => {
    await openFeatureMap();
    // Two zooms in, towards Fuzhou: its dashed outline is a few hundred pixels long.
    const fuzhou = await mapPoint(page, 119.3, 26.08);
    await page.mouse.dblclick(fuzhou.x, fuzhou.y);
    await waitForMapStill(page);
    const closer = await mapPoint(page, 119.3, 26.08);
    await page.mouse.dblclick(closer.x, closer.y);
    await waitForMapStill(page);
    await clickMap(page, 119.3, 26.08);
    await button('编辑图形').click();
    await waitForHandles(8);
    await waitForMapStill(page);
    // The canvas's pixels, kept in the page under a name (3 million values stay out of the test's process).
    const keepPixels = (name: string) =>
      handles().evaluate((canvas, key) => {
        const element = canvas as HTMLCanvasElement;
        const data = element.getContext('2d')?.getImageData(0, 0, element.width, element.height).data;
        (window as unknown as Record<string, unknown>)[key] = data;
        return Array.from(data?.slice(0, 4) ?? []);
      }, name);
    const frames = () => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    // A pixel far from the corner, drawn by the test: a partial repaint keeps it, a whole one clears it.
    await handles().evaluate((canvas) => {
      const context = (canvas as HTMLCanvasElement).getContext('2d') as CanvasRenderingContext2D;
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.fillStyle = '#ff00ff';
      context.fillRect(0, 0, 1, 1);
    });
    const corner = await mapPoint(page, 119.2, 25.98);
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move(corner.x - 30, corner.y + 20, { steps: 6 });
    await page.mouse.up();
    await frames();
    await expect(keepPixels('afterDrag')).resolves.toEqual([255, 0, 255, 255]);
    await screenshot(page, 'feature-map-editing-drag');
    expect(await drawnAt([{ x: corner.x - 30, y: corner.y + 20 }, corner])).toEqual([true, false]);

    // Focus and blur the keyboard's handle (on the dragged vertex): two whole repaints, the second unfocused as before.
    const keyboardHandle = page.getByRole('button', { name: /^顶点 1\/4：/ });
    await keyboardHandle.focus();
    await frames();
    await keyboardHandle.blur();
    await frames();
    await expect(keepPixels('whole')).resolves.toEqual([0, 0, 0, 0]);
    // Every other pixel as the partial repaints left it (channels within 8 of 255).
    const differing = await page.evaluate(() => {
      const { afterDrag, whole } = window as unknown as Record<string, Uint8ClampedArray | undefined>;
      if (!afterDrag || !whole) return -1;
      let count = 0;
      for (let at = 4; at < whole.length; at += 1) if (Math.abs((whole[at] ?? 0) - (afterDrag[at] ?? 0)) > 8) count += 1;
      return count;
    });
    expect(differing).toBe(0);
    await button('取消').click();
  });

  it('refuses an edit whose edges cross, with the message, and keeps editing', async () => {
    await openFeatureMap();
    await clickMap(page, 119.3, 26.08);
    await button('编辑图形').click();
    await waitForHandles();
    await waitForMapStill(page);
    // The larger square's north-east corner dragged over the smaller square: the parts cross.
    const corner = await mapPoint(page, 119.4, 26.18);
    const across = await mapPoint(page, 119.62, 26.2);
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move(across.x, across.y, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('alert').filter({ hasText: '图形边线不能交叉' }).waitFor();
    await page.getByRole('alert').waitFor({ state: 'detached' });
    await button('完成').click();
    await page.getByRole('alert').filter({ hasText: '图形边线不能交叉' }).waitFor();
    await screenshot(page, 'feature-map-edit-crossing');
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
    await button('取消').click();
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
  });

  it('adds a vertex by dragging a midpoint, removes one by a click, refuses the last one, and edits from the keyboard', async () => {
    await openFeatureMap();
    await clickMap(page, 119.3, 26.08);
    await button('编辑图形').click();
    await waitForHandles(8);
    await waitForMapStill(page);
    const before = await readout().textContent();
    // The midpoint of the larger square's south edge, dragged south: a ninth vertex.
    const midpoint = await mapPoint(page, 119.3, 25.98);
    await page.mouse.move(midpoint.x, midpoint.y);
    await page.mouse.down();
    await page.mouse.move(midpoint.x, midpoint.y + 30, { steps: 5 });
    await page.mouse.up();
    await waitForHandles(9);
    expect(await drawnAt([{ x: midpoint.x, y: midpoint.y + 30 }])).toEqual([true]);
    await expect(readout().textContent()).resolves.not.toBe(before);
    await screenshot(page, 'feature-map-editing-midpoint');

    // The smaller square loses a corner (4 → 3 vertices), then keeps its last three.
    for (const [lng, lat] of [[119.51, 26.09], [119.59, 26.09]] as const) {
      const corner = await mapPoint(page, lng, lat);
      await page.mouse.click(corner.x, corner.y);
      await page.waitForTimeout(150);
    }
    await waitForHandles(8);
    await page.getByRole('alert').filter({ hasText: '不能再删除顶点' }).waitFor();

    // The keyboard: one handle, named from the message table, on the vertex added last (the
    // second of the larger square's five).
    await page.getByRole('button', { name: /^顶点 2\/5：方向键移动/ }).focus();
    const moved = await readout().textContent();
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(readout().textContent()).resolves.not.toBe(moved);
    await page.keyboard.press(']');
    await page.getByRole('button', { name: /^顶点 3\/5：/ }).waitFor();
    await page.keyboard.press('Delete');
    await waitForHandles(7);
    await screenshot(page, 'feature-map-editing-keyboard');
    await button('完成').click();
    await expect(badge().textContent()).resolves.toBe('未保存：新增 0 · 修改 1 · 删除 0');
  });

  it('deletes a feature and saves: it is gone after a reload', async () => {
    await openFeatureMap();
    // Xiamen's larger square is centred on 118.09, 24.48.
    await clickMap(page, 118.09, 24.48);
    await page.getByTestId('feature-properties').getByText('厦门').waitFor();
    await screenshot(page, 'feature-map-popup');
    await button('删除要素').click();
    await waitForFeatures(page, 7);
    await expect(badge().textContent()).resolves.toBe('未保存：新增 0 · 修改 0 · 删除 1');
    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 0，修改 0，删除 1' }).waitFor();
    await page.reload();
    await waitForMapReady(page, 7);
  });

  it('delete mode marks features by clicking; cancel puts them all back, save removes them', async () => {
    await openFeatureMap();
    await button('删除').click();
    await clickMap(page, 118.09, 24.48);
    await clickMap(page, 119.3, 26.08);
    await waitForFeatures(page, 8);
    await page.getByText('已选 2 个').waitFor();
    await button('取消').click();
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
    await button('删除').click();
    await clickMap(page, 118.09, 24.48);
    await button('完成').click();
    await expect(badge().textContent()).resolves.toBe('未保存：新增 0 · 修改 0 · 删除 1');
    await waitForFeatures(page, 7);
  });

  it('keeps unsaved edits across a reload and offers them back; discarding reloads the server copy', async () => {
    await openFeatureMap();
    await drawPolygon(TRIANGLE);
    await waitForFeatures(page, 9);
    await page.reload();
    await waitForMapReady(page, 9);
    await page.getByTestId('restored-notice').getByText('已恢复 1 处未保存的修改').waitFor();
    await expect(badge().textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    await screenshot(page, 'feature-map-restored');
    await button('保留').click();
    await expect(page.getByTestId('restored-notice').count()).resolves.toBe(0);

    await page.reload();
    await page.getByTestId('restored-notice').waitFor();
    await button('放弃').click();
    await waitForFeatures(page, 8);
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
    await page.reload();
    await waitForMapReady(page, 8);
    await expect(page.getByTestId('restored-notice').count()).resolves.toBe(0);
  });

  it('redraw asks first when edits are unsaved, then drops them and reloads', async () => {
    await openFeatureMap();
    await drawPolygon(TRIANGLE);
    await waitForFeatures(page, 9);
    await button('重绘').click();
    await page.locator('.ant-modal-confirm-title', { hasText: '放弃未保存的修改并重新加载？' }).waitFor();
    await button('取消').last().click();
    await expect(badge().textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    await button('重绘').click();
    await button('放弃并重绘').click();
    await waitForFeatures(page, 8);
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
  });

  it('shows a property holding HTML as text in the popup, and nothing runs', async () => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openFeatureMap();
    await clickMap(page, 119.3, 26.08);
    await button('编辑属性').click();
    const name = page.getByRole('textbox', { name: '名称' });
    await name.fill('');
    await name.fill(XSS);
    await screenshot(page, 'feature-map-attributes');
    await button('确定').click();
    await expect(badge().textContent()).resolves.toBe('未保存：新增 0 · 修改 1 · 删除 0');

    await clickMap(page, 119.3, 26.08);
    const properties = page.getByTestId('feature-properties');
    await properties.getByText(XSS, { exact: true }).waitFor();
    await expect(properties.locator('img').count()).resolves.toBe(0);
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    await screenshot(page, 'feature-map-popup-html-as-text');
  });

  it('types the attribute inputs from the schema and keeps a cleared number as empty', async () => {
    await openFeatureMap();
    await clickMap(page, 119.3, 26.08);
    // The popup is titled by the town's name, its id beneath; the sample's fields by their Chinese labels.
    await expect(page.getByTestId('popup-title').textContent()).resolves.toBe('福州 ');
    await expect(page.getByTestId('popup-id').textContent()).resolves.toMatch(/^要素 store_33:multipolygon\.\d+$/);
    await expect(page.getByRole('dialog', { name: '福州', exact: true }).count()).resolves.toBe(1);
    await expect(page.getByTestId('feature-properties').locator('dt').allTextContents()).resolves.toEqual(['名称', '人口', '面积 (km²)', '是否首府', '建立日期']);
    await button('编辑属性').click();
    await expect(page.getByRole('spinbutton', { name: '人口' }).inputValue()).resolves.toBe('8290000');
    await expect(page.getByRole('checkbox', { name: '是否首府' }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('textbox', { name: '建立日期' }).inputValue()).resolves.toBe('1949-08-17');
    await page.getByRole('spinbutton', { name: '人口' }).fill('8300000');
    await button('确定').click();
    await clickMap(page, 119.3, 26.08);
    await page.getByTestId('feature-properties').getByText('8300000', { exact: true }).waitFor();
  });

  it('refuses to remove a vertex that would leave a line with fewer than 2 points', async () => {
    await openFeatureMap();
    await selectLayer(page, '线');
    await waitForMapReady(page, 7);
    // The sample lines join neighbouring towns: 福州 (119.3, 26.08) — 厦门 (118.09, 24.48).
    await button('编辑').click();
    await clickMap(page, (119.3 + 118.09) / 2, (26.08 + 24.48) / 2);
    const end = await mapPoint(page, 118.09, 24.48);
    await page.mouse.click(end.x, end.y);
    await page.getByRole('alert').filter({ hasText: '不能再删除顶点' }).waitFor();
    await button('取消').click();
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
  });

  it('asks before leaving with unsaved edits: in the app and when the tab closes', async () => {
    await openFeatureMap();
    await drawPolygon(TRIANGLE);
    await waitForFeatures(page, 9);
    await page.getByRole('link', { name: '首页演示' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: '有未保存的修改，确定离开？' }).waitFor();
    await screenshot(page, 'feature-map-leave-confirm');
    await button('留下').click();
    expect(new URL(page.url()).pathname).toBe('/feature-map');

    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }));
    await page.close({ runBeforeUnload: true });
    await expect(asked).resolves.toBe('beforeunload');
  });

  it.each([
    {
      locale: 'zh-CN',
      draw: '标绘',
      save: '保存',
      added: '未保存：新增 1 · 修改 0 · 删除 0',
      nothing: '没有未保存的修改',
      journalFull: '浏览器存储空间已满：修改仍可保存到服务器，但在腾出空间之前，未保存的修改不受保护，刷新页面就会丢失。',
      untilClose: '修改只保留到页面关闭：浏览器存储空间已满，新增 1、修改 0、删除 0 在刷新或关闭页面后都会丢失。请在浏览器设置中清除本网站不再需要的存储数据以腾出空间',
    },
    {
      locale: 'en',
      draw: 'Draw polygon',
      save: 'Save',
      added: 'Unsaved: 1 added · 0 changed · 0 deleted',
      nothing: 'No unsaved changes',
      journalFull: 'Browser storage is full: saving to the server still works, but until space is freed, unsaved changes are not protected against a reload.',
      untilClose: 'Changes are kept only until the page closes: browser storage is full, so 1 added, 0 changed and 0 deleted are lost on a reload or when the page closes. Free space by clearing',
    },
  ] as const)('in $locale, warns at once when the journal cannot be written, keeps the edit, and a save the full storage cannot keep says so in one notice clear of the header', async (expected) => {
    await openFeatureMap();
    if (expected.locale === 'en') {
      await page.getByRole('radio', { name: 'English' }).click();
      await languageShown(page, 'en');
    }
    // Fill the origin's storage so the next journal write does not fit.
    await page.evaluate(() => {
      let index = 0;
      for (let size = 1024 * 1024; size >= 1; size = Math.floor(size / 2)) {
        const chunk = 'x'.repeat(size);
        for (;;) {
          try {
            localStorage.setItem(`filler-${index++}`, chunk);
          } catch {
            break;
          }
        }
      }
    });
    await button(expected.draw).click();
    for (const [lng, lat] of [...TRIANGLE, TRIANGLE[0]!]) await clickMap(page, lng, lat);
    await skipAttributes(page);
    await page.locator('.ant-notification-notice', { hasText: expected.journalFull }).waitFor();
    await waitForFeatures(page, 9);
    await expect(badge().textContent()).resolves.toBe(expected.added);
    if (expected.locale === 'zh-CN') await screenshot(page, 'feature-map-journal-failed');
    // Full storage never blocks a save; but the embedded mode keeps what it saved in that storage,
    // so the save lasts only until the page closes, and one notice says so instead of a success.
    await button(expected.save).click();
    const notice = page.locator('.ant-notification-notice', { hasText: expected.untilClose });
    await notice.waitFor();
    await expect.poll(() => badge().textContent()).toBe(expected.nothing);
    await page.waitForTimeout(500);
    await expect(page.locator('.ant-notification-notice').count()).resolves.toBe(1);
    await expect(page.locator('.ant-message-notice').count()).resolves.toBe(0);
    await expect(page.getByTestId('problem-banner').count()).resolves.toBe(0);
    const [box, header] = await Promise.all([notice.boundingBox(), page.locator('.gportal-header').boundingBox()]);
    if (!box || !header) throw new Error('no notice or header box');
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    await screenshot(page, `feature-map-saved-until-close-${expected.locale}-1280`, { fullPage: false });
    // What the notice said: the reload loses the save.
    await page.reload();
    await waitForMapReady(page, 8);
  });
});

/** The layer canvas's pixels, one FNV-1a hash per row, and how many pixels are painted at all. */
async function layerPixels(on: Page): Promise<{ rows: number[]; painted: number; width: number; height: number }> {
  await waitForLayerPainted(on);
  return on.locator('.gportal-feature-canvas').evaluate((canvas) => {
    const { width, height } = canvas as HTMLCanvasElement;
    const data = (canvas as HTMLCanvasElement).getContext('2d')?.getImageData(0, 0, width, height).data ?? new Uint8ClampedArray();
    const rows: number[] = [];
    let painted = 0;
    for (let y = 0; y < height; y += 1) {
      let hash = 0x811c9dc5;
      for (let at = y * width * 4; at < (y + 1) * width * 4; at += 1) hash = Math.imul(hash ^ (data[at] as number), 16777619) >>> 0;
      for (let at = y * width * 4 + 3; at < (y + 1) * width * 4; at += 4) if (data[at] !== 0) painted += 1;
      rows.push(hash);
    }
    return { rows, painted, width, height };
  });
}

describe('the layer painted off the main thread', () => {
  it('is painted by the raster workers in the production build, pixel for pixel as the main thread paints it without them', async () => {
    await openFeatureMap();
    const withWorkers = await layerPixels(page);
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(scripts.some((name) => /feature-raster\.worker/.test(name))).toBe(true);
    // Fuzhou's outline is opaque blue (spec section 9: 'blue', weight 3), its inside the 15 % fill, the land between towns empty.
    const pixelAt = async (lng: number, lat: number) => {
      const { x, y } = await mapPoint(page, lng, lat);
      return page.locator('.gportal-feature-canvas').evaluate((canvas, at) => {
        const box = canvas.getBoundingClientRect();
        const ratio = (canvas as HTMLCanvasElement).width / box.width;
        return [...((canvas as HTMLCanvasElement).getContext('2d')?.getImageData(Math.floor((at.x - box.left) * ratio), Math.floor((at.y - box.top) * ratio), 1, 1).data ?? [])];
      }, { x, y });
    };
    expect(await pixelAt(119.3, 25.98)).toEqual([0, 0, 255, 255]);
    expect((await pixelAt(119.3, 26.08))[3]).toBe(38);
    expect((await pixelAt(118.5, 25.5))[3]).toBe(0);

    // The same map where the page has no Worker: painted on the main thread.
    const without = await page.context().newPage();
    try {
      await without.addInitScript(() => {
        delete (globalThis as { Worker?: unknown }).Worker;
      });
      // The same browser context: the sign-in is remembered.
      await without.goto(`${baseUrl}/feature-map`);
      await waitForFeatures(without, 8);
      const onMain = await layerPixels(without);
      expect(await without.evaluate(() => typeof Worker)).toBe('undefined');
      expect([onMain.width, onMain.height]).toEqual([withWorkers.width, withWorkers.height]);
      expect(onMain.painted).toBeGreaterThan(1000);
      const differing = withWorkers.rows.filter((hash, row) => hash !== onMain.rows[row]).length;
      expect(differing).toBe(0);
    } finally {
      await without.close();
    }
  });

  it('paints a feature added on top over what the canvas shows, pixel for pixel as a whole repaint paints it', async () => {
    await openFeatureMap();
    const before = await layerPixels(page);
    await button('标绘').click();
    for (const [lng, lat] of [...TRIANGLE, TRIANGLE[0] as [number, number]]) await clickMap(page, lng, lat);
    await waitForFeatures(page, 9);
    await skipAttributes(page);
    // The drawing is the last feature: painted over the canvas as it was.
    const over = await layerPixels(page);
    expect(over.rows.filter((hash, row) => hash !== before.rows[row]).length).toBeGreaterThan(10);
    expect(over.painted).toBeGreaterThan(before.painted);
    await expectSameAsWholeRepaint(over);
  });
});

/**
 * Repaints the layer whole for the same view (a town marked in delete mode is hidden, then shown
 * again on 取消; the drawing makes 9 features) and expects exactly the pixels `over` held.
 */
async function expectSameAsWholeRepaint(over: Awaited<ReturnType<typeof layerPixels>>): Promise<void> {
  await button('删除').click();
  await clickMap(page, 118.09, 24.48);
  await page.getByText('已选 1 个').waitFor();
  await button('取消').click();
  await waitForFeatures(page, 9);
  const whole = await layerPixels(page);
  expect([whole.width, whole.height]).toEqual([over.width, over.height]);
  expect(whole.painted).toBe(over.painted);
  expect(whole.rows.filter((hash, row) => hash !== over.rows[row]).length).toBe(0);
}

/** The layer canvas's top left pixel: as it is, or once the test marks it (opaque magenta) or clears it. */
function cornerPixel(on: Page, change?: 'mark' | 'clear'): Promise<number[]> {
  return on.locator('.gportal-feature-canvas').evaluate((canvas, how) => {
    const context = (canvas as HTMLCanvasElement).getContext('2d') as CanvasRenderingContext2D;
    if (how) {
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, 1, 1);
    }
    if (how === 'mark') {
      context.globalAlpha = 1;
      context.fillStyle = '#ff00ff';
      context.fillRect(0, 0, 1, 1);
    }
    return [...context.getImageData(0, 0, 1, 1).data];
  }, change);
}

describe('the map as its element changes size', () => {
  /** The map element's box, its view's width in degrees (`data-bounds`), and the boxes of the land's and the features' canvases. */
  const measure = () =>
    page.evaluate(() => {
      const element = document.querySelector('.gportal-map') as HTMLElement;
      const [, west, , east] = (element.dataset.bounds ?? '').split(',').map(Number) as [number, number, number, number];
      const box = (selector: string) => {
        const { left, right, top, bottom } = (document.querySelector(selector) as HTMLElement).getBoundingClientRect();
        return { left, right, top, bottom };
      };
      return { map: box('.gportal-map'), degrees: east - west, land: box('.gportal-base-canvas'), features: box('.gportal-feature-canvas') };
    });

  it('follows its element when the side menu folds and unfolds: the view widens and narrows with it, and the land and the features cover it', async () => {
    await openFeatureMap();
    await page.locator('.gportal-base-canvas').waitFor({ state: 'attached' });
    const before = await measure();
    await page.getByRole('button', { name: '收起菜单' }).click();
    await page.getByRole('button', { name: '展开菜单' }).waitFor();
    for (const expectedWider of [true, false]) {
      // The element changes size with the menu's transition; the map follows it, not the window (which keeps its size).
      await expect
        .poll(async () => {
          const now = await measure();
          return Math.abs(now.degrees / before.degrees - (now.map.right - now.map.left) / (before.map.right - before.map.left)) < 0.01;
        })
        .toBe(true);
      await waitForMapStill(page);
      await waitForLayerPainted(page);
      const now = await measure();
      expect(now.map.right - now.map.left > before.map.right - before.map.left + 100).toBe(expectedWider);
      for (const canvas of [now.land, now.features]) {
        expect(canvas.left).toBeLessThanOrEqual(now.map.left);
        expect(canvas.right).toBeGreaterThanOrEqual(now.map.right);
        expect(canvas.top).toBeLessThanOrEqual(now.map.top);
        expect(canvas.bottom).toBeGreaterThanOrEqual(now.map.bottom);
      }
      await screenshot(page, expectedWider ? 'feature-map-menu-folded' : 'feature-map-menu-unfolded');
      if (expectedWider) await page.getByRole('button', { name: '展开菜单' }).click();
    }
  });
});

describe('the layer painted on the main thread', () => {
  it('paints a feature added on top over what the canvas shows where the page has no Worker, pixel for pixel as a whole repaint paints it', async () => {
    await page.addInitScript(() => {
      delete (globalThis as { Worker?: unknown }).Worker;
    });
    await openFeatureMap();
    expect(await page.evaluate(() => typeof Worker)).toBe('undefined');
    const before = await layerPixels(page);
    // A pixel in the canvas's corner (off the view, past every town), drawn by the test: painting over keeps it, a whole repaint clears it.
    expect(await cornerPixel(page)).toEqual([0, 0, 0, 0]);
    expect(await cornerPixel(page, 'mark')).toEqual([255, 0, 255, 255]);
    await button('标绘').click();
    for (const [lng, lat] of [...TRIANGLE, TRIANGLE[0] as [number, number]]) await clickMap(page, lng, lat);
    await waitForFeatures(page, 9);
    await skipAttributes(page);
    await waitForLayerPainted(page);
    // The drawing is the last feature: painted over the canvas as it was, the mark kept.
    expect(await cornerPixel(page)).toEqual([255, 0, 255, 255]);
    expect(await cornerPixel(page, 'clear')).toEqual([0, 0, 0, 0]);
    const over = await layerPixels(page);
    expect(over.rows.filter((hash, row) => hash !== before.rows[row]).length).toBeGreaterThan(10);
    expect(over.painted).toBeGreaterThan(before.painted);
    await expectSameAsWholeRepaint(over);
  });
});

describe('feature map in both languages, 1024 and 1280 px wide', () => {
  it('names every control from the message table in English too, and fits a 1024 px screen', async () => {
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 768 });
      await openFeatureMap();
      // The fit leaves the toolbar's rows clear (two of them at 1024 px): the northmost town lies below them.
      expect((await mapPoint(page, 119.3, NORTHMOST_SAMPLE_LAT)).y).toBeGreaterThan(await toolbarRowsBottom(page));
      await screenshot(page, `feature-map-zh-${width}`);
      await page.getByText('English', { exact: true }).click();
      for (const name of ['Draw polygon', 'Draw line', 'Edit', 'Delete', 'Save', 'Redraw']) await button(name).waitFor();
      // leaflet-draw's own tooltip speaks the same language (L.drawLocal from the message table).
      await button('Draw polygon').click();
      const start = await mapPoint(page, 118.0, 25.0);
      await page.mouse.move(start.x, start.y);
      await page.locator('.leaflet-draw-tooltip', { hasText: 'Click the map to start the polygon' }).waitFor();
      await page.keyboard.press('Escape');
      await waitUntilEnabled(button('Draw polygon'));
      await page.getByRole('combobox', { name: 'Layer type' }).waitFor();
      await clickMap(page, 119.3, 26.08);
      await button('Edit attributes').waitFor();
      // The popup's pan keeps the whole popup below the toolbar's rows (two of them at 1024 px).
      await waitForMapStill(page);
      const popupTop = (await page.locator('.gportal-popup').boundingBox())?.y ?? 0;
      expect(popupTop).toBeGreaterThanOrEqual(await toolbarRowsBottom(page));
      await screenshot(page, `feature-map-en-${width}`);
      // The edited shape's handles, and the keyboard's handle named in English.
      await button('Edit geometry').click();
      await waitForHandles(8);
      await page.getByRole('button', { name: /^Vertex 1 of 4: arrow keys move it/ }).focus();
      await screenshot(page, `feature-map-editing-en-${width}`);
      await page.getByText('中文', { exact: true }).click();
      await page.getByRole('button', { name: /^顶点 1\/4：/ }).focus();
      await screenshot(page, `feature-map-editing-zh-${width}`);
      await button('取消').click();
    }
  });

  it('reaches the toolbar with the keyboard', async () => {
    await openFeatureMap();
    await page.getByRole('combobox', { name: '图层类型' }).focus();
    const names: string[] = [];
    for (let step = 0; step < 20; step++) {
      await page.keyboard.press('Tab');
      names.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''));
    }
    for (const name of ['标绘', '编辑', '删除', '重绘']) expect(names).toContain(name);
  });
});

describe('a reload right after save was pressed', () => {
  it('loses no pending edit and saves it once', async () => {
    // The reload below cuts a save off: the restored page waits the window a lost save may still
    // commit in (a second here) before it sends the drawing again.
    await page.route('**/config.json', (route) => route.fulfill({ json: { embeddedLatencyMs: 1500, unknownOutcomeWindowMs: 1000 } }));
    await page.goto(`${baseUrl}/feature-map`);
    // Before the data arrives: the sample region (lat 20.56–28.32, lng 115.85–120.72) padded 10 %.
    await page.locator('.gportal-map[data-features="0"][data-bounds]').waitFor();
    const [south, west, north, east] = ((await mapElement(page).getAttribute('data-bounds')) ?? '').split(',').map(Number);
    expect([south! <= 20.56 - 0.776, west! <= 115.85 - 0.487, north! >= 28.32 + 0.776, east! >= 120.72 + 0.487]).toEqual([true, true, true, true]);
    await waitForMapReady(page, 8);
    // Then the features' bounds, padded 10 %: the eight towns span lat 24.38–26.74.
    const fitted = ((await mapElement(page).getAttribute('data-bounds')) ?? '').split(',').map(Number);
    expect(fitted[0]).toBeGreaterThan(22);
    expect(fitted[2]).toBeLessThan(28);
    await drawPolygon(TRIANGLE);
    await waitForFeatures(page, 9);
    await button('保存').click();
    await page.getByText('正在保存…').waitFor();
    await screenshot(page, 'feature-map-saving');
    await page.reload();
    await waitForMapReady(page, 9);
    await page.getByTestId('restored-notice').getByText('已恢复 1 处未保存的修改').waitFor();
    await button('保留').click();
    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();
    await waitForFeatures(page, 9);
    await page.reload();
    await waitForMapReady(page, 9);
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
  });
});

describe('leaflet-draw patched for strict mode (production bundle)', () => {
  it('readableArea and the circle resize run without undeclared variables', async () => {
    await openFeatureMap();
    // leaflet-draw comes with the first drawing tool.
    await button('标绘').click();
    await page.locator('.leaflet-draw-tooltip').waitFor({ state: 'attached' });
    await page.keyboard.press('Escape');
    const result = await page.evaluate(() => {
      // The app sets the global Leaflet that leaflet-draw extends (src/map/leaflet/leaflet-global.ts).
      const L = (window as unknown as { L: typeof Leaflet }).L;
      const attempt = <T,>(work: () => T): T | string => {
        try {
          return work();
        } catch (error) {
          return String(error);
        }
      };
      const area = attempt(() => L.GeometryUtil.readableArea(20_000, true));
      const radius = attempt(() => {
        const element = document.createElement('div');
        element.style.cssText = 'width:200px;height:200px';
        document.body.append(element);
        const map = L.map(element).setView([26, 119], 12);
        try {
          const circle = L.circle([26, 119], { radius: 100 }).addTo(map);
          const editing = (circle as unknown as { editing: { enable(): void; _resize(latlng: unknown): void } }).editing;
          editing.enable();
          editing._resize(L.latLng(26.01, 119));
          return circle.getRadius();
        } finally {
          map.remove();
          element.remove();
        }
      });
      return { area, radius };
    });
    expect(result.area).toBe('2.00 ha');
    expect(result.radius).toBeGreaterThan(1000);
  });
});
