import type { Page } from 'playwright-core';
import { geodesicLength, type EditableFeature } from '@gportal/core';
import { sampleSeed } from '@gportal/core/memory';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, languageShown, screenshot, signIn } from './browser.js';
import { featuresInView } from '../../src/map/layer/feature-stepping.js';
import { clickMap, mapElement, readLength, screenPixel, selectLayer, waitForMapReady, waitForMapStill } from './map-helpers.js';

/** The feature map without a pointer: focus that follows the tools, and drawing by keyboard. */

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const badge = () => page.getByTestId('pending-badge');
const announcement = () => page.getByTestId('map-announcement');

async function openFeatureMap(count = 8) {
  await page.goto(`${baseUrl}/feature-map`);
  await waitForMapReady(page, count);
}

/** What has focus: a control's accessible name, `map` for the map, `popup` inside a feature popup, `dialog` inside a modal. */
function focused(): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    if (active.classList.contains('gportal-map')) return 'map';
    if (active.closest('.gportal-popup-content')) return 'popup';
    if (active.closest('.ant-modal')) return 'dialog';
    return active.getAttribute('aria-label') ?? active.textContent ?? active.tagName;
  });
}

async function expectFocus(expected: string) {
  await expect.poll(focused, { timeout: 3000 }).toBe(expected);
}

/** Opens the popup of the feature at a position, once the map has panned to show it. */
async function openPopup(lng: number, lat: number) {
  await clickMap(page, lng, lat);
  await page.locator('.gportal-popup-content').waitFor();
  await waitForMapStill(page);
}

/** Presses a toolbar button from the keyboard. */
async function activate(name: string) {
  await button(name).focus();
  await page.keyboard.press('Enter');
}

async function press(key: string, times = 1) {
  for (let index = 0; index < times; index += 1) await page.keyboard.press(key);
}

/** The sample multipolygon layer's towns, as the page's memory store holds them (its ids break no tie here: no two towns are equally near a point). */
const TOWNS: EditableFeature[] = (sampleSeed().features?.['store_33:multipolygon'] ?? []).map((feature, index) => ({ id: String(index), geometry: feature.geometry, properties: feature.properties ?? {}, state: 'exist' }));

/** The towns' names in the order `]` steps through them: the order of feature-stepping.ts for the view the map element carries now. */
async function steppingOrder(): Promise<string[]> {
  const [south, west, north, east] = ((await mapElement(page).getAttribute('data-bounds')) ?? '').split(',').map(Number) as [number, number, number, number];
  return featuresInView(TOWNS, [west, south, east, north]).map(({ name }) => name);
}

async function expectAnnounced(text: string | RegExp) {
  await expect.poll(async () => (await announcement().textContent()) ?? '', { timeout: 3000 }).toMatch(text);
}

describe('focus is never lost', () => {
  it('goes to the map while 编辑 or 删除 runs and back to its button after 取消 or 保存', async () => {
    await openFeatureMap();
    await activate('编辑');
    await expectFocus('map');
    await activate('取消');
    await expectFocus('编辑');

    await activate('删除');
    await expectFocus('map');
    await clickMap(page, 119.3, 26.08);
    await activate('完成');
    await expectFocus('删除');
    await expect(badge().textContent()).resolves.toBe('未保存：新增 0 · 修改 0 · 删除 1');
  });

  it('goes into a popup and back to the map when it closes; into the dialog and back to the map when it closes', async () => {
    await openFeatureMap();
    await openPopup(119.3, 26.08);
    await expectFocus('popup');
    await page.keyboard.press('Escape');
    await page.locator('.gportal-popup-content').waitFor({ state: 'detached' });
    await expectFocus('map');

    await openPopup(119.3, 26.08);
    await activate('编辑属性');
    await page.locator('.ant-modal').waitFor();
    await expectFocus('dialog');
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal').waitFor({ state: 'detached' });
    await expectFocus('map');

    await openPopup(119.3, 26.08);
    await page.locator('.leaflet-popup-close-button').click();
    await expectFocus('map');
  });

  it('names Leaflet\'s controls from the message table, in both languages', async () => {
    await openFeatureMap();
    await page.getByRole('button', { name: '放大' }).waitFor();
    await page.getByRole('button', { name: '缩小' }).waitFor();
    await clickMap(page, 119.3, 26.08);
    await page.getByRole('button', { name: '关闭弹窗' }).waitFor();
    await page.getByRole('radio', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).waitFor();
    await expect(page.evaluate(() => document.title)).resolves.toBe('Feature map - gportal web GIS portal');
  });
});

describe('drawing by keyboard', () => {
  it('draws a polygon with the crosshair alone, with the crossing and minimum-point rules, saves it and finds it after a reload', async () => {
    await openFeatureMap();
    await activate('标绘');
    await expectFocus('map');
    const crosshair = page.getByTestId('draw-crosshair');
    await crosshair.and(page.locator('.gportal-crosshair-shown')).waitFor();
    // Centred on the centre of the map.
    const [box, mark] = await Promise.all([mapElement(page).boundingBox(), crosshair.boundingBox()]);
    if (!box || !mark) throw new Error('no map or crosshair box');
    expect(Math.abs(mark.x + mark.width / 2 - (box.x + box.width / 2))).toBeLessThanOrEqual(1);
    expect(Math.abs(mark.y + mark.height / 2 - (box.y + box.height / 2))).toBeLessThanOrEqual(1);

    await press('Enter');
    await expectAnnounced('已添加第 1 个顶点。');
    await press('ArrowRight', 10);
    await press('Shift+ArrowRight', 5);
    const moved = await crosshair.boundingBox();
    expect((moved?.x ?? 0) - mark.x).toBe(105);
    await press('Enter');
    await expectAnnounced('已添加第 2 个顶点。');
    // Two vertices do not make a polygon.
    await press('Shift+Enter');
    await page.getByRole('alert').getByText('点数不够：面至少需要 3 个点，线至少需要 2 个点').waitFor();
    await press('ArrowDown', 10);
    await press('Enter');
    await expectAnnounced(/^已添加第 3 个顶点。 面积：[\d.]+ (m²|ha|km²)$/);
    // The README's picture (docs/keyboard-draw.png): once the refusal above has gone.
    await page.locator('.gportal-alert').waitFor({ state: 'detached' });
    await screenshot(page, 'keyboard-draw-crosshair', { fullPage: false });
    // Back across the first edge: leaflet-draw refuses the vertex, with its message.
    await press('ArrowLeft', 5);
    await press('ArrowUp', 15);
    await press('Enter');
    await page.getByRole('alert').getByText('图形边线不能交叉').waitFor();
    await press('Backspace');
    await expectAnnounced(/^已删除上一个顶点，还有 2 个。/);
    await press('ArrowDown', 10);
    await press('ArrowRight', 5);
    await press('Enter');
    await expectAnnounced('已添加第 3 个顶点。');
    await press('Shift+Enter');
    await expectAnnounced('图形已完成，尚未保存。');
    await mapElement(page).and(page.locator('[data-features="9"]')).waitFor();
    // The new feature's attribute form has the focus; Escape skips it, and focus is back on the tool.
    await expectFocus('dialog');
    await press('Escape');
    await expectFocus('标绘');
    await expect(badge().textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');

    await activate('保存');
    await expect.poll(async () => badge().textContent(), { timeout: 10_000 }).toBe('没有未保存的修改');
    await page.reload();
    await waitForMapReady(page, 9);
  });

  // Keys typed as soon as the tool has focus count: leaflet-draw focuses the map as it enables,
  // and the crosshair's keys once listened only a render later (on a busy machine the arrows
  // panned the map and the Enter after them added no vertex).
  it('draws a line, cancels a drawing with Escape, saves the line and finds it after a reload', async () => {
    await openFeatureMap();
    await selectLayer(page, '线');
    await waitForMapReady(page, 7);
    await button('画线').and(page.locator(':enabled')).waitFor();
    await activate('画线');
    await expectFocus('map');
    await press('Enter');
    await press('Escape');
    await expectAnnounced('已取消绘制。');
    await expectFocus('画线');

    await page.keyboard.press('Enter');
    await expectFocus('map');
    await press('ArrowLeft', 20);
    await press('Enter');
    await press('ArrowRight', 30);
    await press('ArrowUp', 10);
    await press('Enter');
    await expectAnnounced(/^已添加第 2 个顶点。 长度：[\d.]+ (m|km)$/);
    await press('Shift+Enter');
    await mapElement(page).and(page.locator('[data-features="8"]')).waitFor();
    await expectFocus('dialog');
    await press('Escape');
    await activate('保存');
    await expect.poll(async () => badge().textContent(), { timeout: 10_000 }).toBe('没有未保存的修改');
    await page.reload();
    await waitForMapReady(page, 8);
    await selectLayer(page, '线');
    await waitForMapReady(page, 8);
  });

  it('places a point with 画点 and Enter at the crosshair', async () => {
    await openFeatureMap();
    await selectLayer(page, '点');
    await waitForMapReady(page, 8);
    await button('画点').and(page.locator(':enabled')).waitFor();
    await activate('画点');
    await expectFocus('map');
    await page.getByTestId('draw-crosshair').and(page.locator('.gportal-crosshair-shown')).waitFor();
    await press('ArrowRight', 5);
    await press('Enter');
    await mapElement(page).and(page.locator('[data-features="9"]')).waitFor();
    await expectAnnounced('图形已完成，尚未保存。');
    await expect(badge().textContent()).resolves.toBe('未保存：新增 1 · 修改 0 · 删除 0');
    await expectFocus('dialog');
    await press('Escape');
    await expectFocus('画点');
  });

  it('测量 by keyboard: a path placed with the crosshair reads its geodesic length, nothing is pending, and Escape clears it', async () => {
    await openFeatureMap();
    // Snapping off: the crosshair's points are taken as placed.
    await activate('吸附');
    await expect(button('吸附').getAttribute('aria-pressed')).resolves.toBe('false');
    const bounds = (await mapElement(page).getAttribute('data-bounds'))!.split(',').map(Number) as [number, number, number, number];
    const size = (await mapElement(page).boundingBox())!;
    const [south, west, north, east] = bounds;
    // The crosshair starts at the map's centre and an arrow moves it 10 px (EPSG:4326: degrees are linear on screen).
    const at = (dx: number, dy: number): [number, number] => {
      const x = Math.round(size.width / 2) + dx;
      const y = Math.round(size.height / 2) + dy;
      return [west + (x / size.width) * (east - west), north - (y / size.height) * (north - south)];
    };
    await activate('测量');
    await expectFocus('map');
    await page.getByTestId('draw-crosshair').and(page.locator('.gportal-crosshair-shown')).waitFor();
    await press('Enter');
    await press('ArrowRight', 20);
    await press('Enter');
    await press('ArrowDown', 10);
    await press('Enter');
    await press('Shift+Enter');
    const readout = page.getByTestId('measure-readout');
    await expect.poll(async () => readLength((await readout.textContent()) ?? '')).toBeGreaterThan(0);
    const expected = geodesicLength({ type: 'LineString', coordinates: [at(0, 0), at(200, 0), at(200, 100)] });
    expect(Math.abs(readLength((await readout.textContent()) ?? '') - expected) / expected).toBeLessThan(0.01);
    await expect(badge().textContent()).resolves.toBe('没有未保存的修改');
    await press('Escape');
    await readout.waitFor({ state: 'detached' });
    await expectFocus('测量');
  });

  it('draws on the map test (/test-map) too, and saves with 提交地图数据', async () => {
    await page.goto(`${baseUrl}/test-map`);
    await waitForMapReady(page, 8);
    await activate('标绘');
    await expectFocus('map');
    await page.getByTestId('draw-crosshair').and(page.locator('.gportal-crosshair-shown')).waitFor();
    await press('Enter');
    await press('ArrowRight', 6);
    await press('Enter');
    await press('ArrowDown', 6);
    await press('Enter');
    await press('Shift+Enter');
    await expectAnnounced('图形已完成，尚未保存。');
    await mapElement(page).and(page.locator('[data-features="9"]')).waitFor();
    await expectFocus('dialog');
    await press('Escape');
    await expectFocus('标绘');
    await activate('提交地图数据');
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();
    await page.reload();
    await waitForMapReady(page, 9);
  });

  it.each([
    { locale: 'zh-CN', draw: '标绘', name: '名称', added: '未保存：新增 1 · 修改 0 · 删除 0' },
    { locale: 'en', draw: 'Draw polygon', name: 'Name', added: 'Unsaved: 1 added · 0 changed · 0 deleted' },
  ] as const)('in $locale, a drawing finished by keyboard opens its form with the focus on the first field: typing fills it, Enter takes it', async (expected) => {
    await openFeatureMap();
    if (expected.locale === 'en') {
      await page.getByRole('radio', { name: 'English' }).click();
      await languageShown(page, 'en');
    }
    await activate(expected.draw);
    await page.getByTestId('draw-crosshair').and(page.locator('.gportal-crosshair-shown')).waitFor();
    await press('Enter');
    await press('ArrowRight', 10);
    await press('Enter');
    await press('ArrowDown', 10);
    await press('Enter');
    await press('Shift+Enter');
    await mapElement(page).and(page.locator('[data-features="9"]')).waitFor();
    const name = page.getByRole('dialog').getByRole('textbox', { name: expected.name, exact: true });
    await name.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('attribute-name');
    await page.keyboard.type('Gushan');
    await expect(name.inputValue()).resolves.toBe('Gushan');
    await press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect(badge().textContent()).resolves.toBe(expected.added);
    await expectFocus(expected.draw);
  });

  it('pans the map when the crosshair reaches the edge', async () => {
    await openFeatureMap();
    const before = await mapElement(page).getAttribute('data-bounds');
    await activate('标绘');
    const box = await mapElement(page).boundingBox();
    await press('ArrowRight', Math.ceil((box?.width ?? 0) / 20) + 3);
    await expect.poll(() => mapElement(page).getAttribute('data-bounds')).not.toBe(before);
    const [south, west, north, east] = (before ?? '').split(',').map(Number) as [number, number, number, number];
    const [south2, west2, north2, east2] = ((await mapElement(page).getAttribute('data-bounds')) ?? '').split(',').map(Number) as [number, number, number, number];
    expect(west2).toBeGreaterThan(west);
    expect(east2).toBeGreaterThan(east);
    expect(south2).toBeCloseTo(south, 6);
    expect(north2).toBeCloseTo(north, 6);
  });
});

describe('features by keyboard', () => {
  it('steps through the features in view with ] and [, opens one with Enter and closes it with Escape; picks one in 编辑 and 删除', async () => {
    await openFeatureMap();
    await mapElement(page).focus();
    // Its focus ring shows all round it, over the land and the map's controls.
    const box = await mapElement(page).boundingBox();
    if (!box) throw new Error('no map');
    for (const [x, y] of [
      [box.x + 1, box.y + box.height / 2],
      [box.x + box.width / 2, box.y + 1],
      [box.x + box.width - 2, box.y + box.height / 2],
      [box.x + box.width / 2, box.y + box.height - 2],
      [box.x + 1, box.y + 1],
    ]) {
      expect(await screenPixel(page, x as number, y as number), `the ring at ${x}, ${y}`).toEqual([9, 88, 217]);
    }
    // The fitted view holds all eight towns.
    const fitted = await steppingOrder();
    expect(fitted).toHaveLength(8);
    const [first, second] = fitted as [string, string];
    await press(']');
    await expectAnnounced(`要素 1/8：${first}`);
    await press(']');
    await expectAnnounced(`要素 2/8：${second}`);
    await press('[');
    await expectAnnounced(`要素 1/8：${first}`);
    await press('Enter');
    await page.getByTestId('feature-properties').getByText(first, { exact: true }).waitFor();
    await expectFocus('popup');
    await screenshot(page, 'keyboard-feature-popup', { fullPage: false });
    await press('Escape');
    await page.locator('.gportal-popup-content').waitFor({ state: 'detached' });
    await expectFocus('map');

    // A new mode starts again from the feature nearest the centre of the view as the popup's pan left it.
    await waitForMapStill(page);
    const panned = await steppingOrder();
    await activate('编辑');
    await expectFocus('map');
    await press(']');
    await expectAnnounced(`要素 1/${panned.length}：${panned[0]}`);
    await press('Enter');
    await page.locator('.gportal-vertex-handles[data-vertices]').waitFor();
    await activate('取消');
    await expectFocus('编辑');

    await activate('删除');
    await press(']');
    await press('Enter');
    await page.getByText('已选 1 个').waitFor();
    await activate('完成');
    await expect(badge().textContent()).resolves.toBe('未保存：新增 0 · 修改 0 · 删除 1');
    await waitForMapReady(page, 7);
  });
});

describe('the keys help and the crosshair at every width', () => {
  it('shows the keys and the crosshair inside the map in both languages at 1024, 1280 and 390 px', async () => {
    for (const language of ['zh-CN', 'en'] as const) {
      if (language === 'en') {
        await page.goto(`${baseUrl}/test-index`);
        await page.getByRole('radio', { name: 'English' }).click();
        await languageShown(page, 'en');
      }
      const names = language === 'en' ? { help: 'Keyboard keys', draw: 'Draw polygon', tools: 'Tools' } : { help: '键盘操作', draw: '标绘', tools: '工具' };
      for (const width of [1024, 1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await openFeatureMap();
        // On a phone the tools are folded behind one button (folding-toolbar.tsx).
        if (width === 390) await activate(names.tools);
        await button(names.help).click();
        const keys = page.locator('.gportal-keys');
        await keys.waitFor();
        const box = await keys.boundingBox();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true);
        // A tap on a folded tool folds them again; the keys stay shown under them.
        if (width === 390) await activate(names.tools);
        await activate(names.draw);
        await press('Enter');
        await press('ArrowRight', 5);
        await press('Enter');
        await page.getByTestId('draw-crosshair').and(page.locator('.gportal-crosshair-shown')).waitFor();
        // The keys stay open while drawing, and the editor's parts stay inside the map.
        await keys.waitFor();
        const [map, toolbar, opened] = await Promise.all([mapElement(page).boundingBox(), page.locator('.gportal-toolbar').boundingBox(), keys.boundingBox()]);
        for (const part of [toolbar, opened]) expect((part?.x ?? -1) >= (map?.x ?? 0) && (part?.x ?? 0) + (part?.width ?? 0) <= (map?.x ?? 0) + (map?.width ?? 0)).toBe(true);
        await screenshot(page, `keyboard-help-${language}-${width}`, { fullPage: false });
        await press('Escape');
      }
    }
  }, 120_000);
});
