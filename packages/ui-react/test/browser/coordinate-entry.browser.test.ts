import { destination, fromGaussKruger, toGaussKruger, type Position } from '@gportal/core';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPerFile, screenshot, signedInOn, type Device } from './browser.js';
import { clickMap, skipAttributes, waitForFeatures, waitForMapReady } from './map-helpers.js';

/**
 * 输入坐标 while drawing: vertices typed in degrees (decimal and 度分秒) and by distance and
 * bearing, a polygon pasted as a list of 3° zone x / y with point numbers, wrong input refused
 * with a sentence where it was typed, Escape closing the dialog only; both languages, a desktop
 * and a phone. While editing a shape: its selected vertex moved to typed coordinates and by
 * distance and bearing from the vertex before it, its ring replaced by a pasted list. What was
 * drawn or edited is read back from the pending-edit journal: exactly as typed.
 */

const baseUrl = inject('baseUrl');
const chromium = chromiumPerFile();

const NAMES = {
  'zh-CN': {
    draw: '标绘', open: '输入坐标', finish: '完成', add: '添加顶点', drawList: '绘制图形', position: '坐标', distance: '距离（米）', bearing: '方位角（度，自正北顺时针）',
    bearingMode: '距离和方位角', listMode: '坐标串', list: '坐标串（每行一个点，可带点号）', format: '坐标格式', zones: 'CGCS2000 3°带',
    count: '需要两个坐标值（点号只能写在坐标前面）。', line2: /^第 2 行：有一项既不是数字也不是角度。$/, added: '已添加第 3 个顶点。',
    edit: '编辑', save: '完成', selectedMode: '所选顶点', move: '移动顶点', replace: '替换所在的环或线', handle: /^顶点 1\/4：/, tooFew: '点数不够：面至少需要 3 个点，线至少需要 2 个点',
  },
  en: {
    draw: 'Draw polygon', open: 'Enter coordinates', finish: 'Finish', add: 'Add vertex', drawList: 'Draw shape', position: 'Coordinates', distance: 'Distance (m)', bearing: 'Bearing (degrees clockwise from north)',
    bearingMode: 'Distance and bearing', listMode: 'Coordinate list', list: 'Coordinate list (one point a line, point numbers allowed)', format: 'Coordinate format', zones: 'CGCS2000 3° zone',
    count: 'Two coordinate values are needed (a point number only in front of them).', line2: /^Line 2: A part is neither a number nor an angle\.$/, added: 'Vertex 3 added.',
    edit: 'Edit', save: 'Done', selectedMode: 'Selected vertex', move: 'Move vertex', replace: 'Replace its ring or line', handle: /^Vertex 1 of 4:/, tooFew: 'Too few points: a polygon needs 3, a line 2',
  },
} as const;
type Locale = keyof typeof NAMES;

async function openFeatureMap(device: Device, locale: Locale): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await signedInOn(chromium.browser, baseUrl, device, locale);
  await opened.page.goto(`${baseUrl}/feature-map`);
  await waitForMapReady(opened.page, 8);
  return opened;
}

/**
 * The first outer ring of a journalled edit's geometry (the sample layer is a multipolygon: its
 * first polygon's outer ring): a new drawing's insert (`i:new-1`), or a feature's update (`u:<id>`).
 */
async function journalRingOf(page: Page, entry: 'i:new-1' | `u:${string}`): Promise<Position[]> {
  let ring: Position[] | undefined;
  await expect
    .poll(async () => {
      ring = await page.evaluate((suffix) => {
        const key = Object.keys(localStorage).find((each) => each.includes(':journal-part:') && each.endsWith(`/${suffix}`));
        const part = key ? JSON.parse(localStorage.getItem(key) ?? 'null') : null;
        const edit = suffix.startsWith('i:') ? part?.data?.insert : part?.data?.update;
        return edit?.geometry?.coordinates?.[0]?.[0];
      }, entry);
      return ring !== undefined;
    })
    .toBe(true);
  return ring!;
}

const journalRing = (page: Page) => journalRingOf(page, 'i:new-1');
const journalUpdatedRing = (page: Page, id: string) => journalRingOf(page, `u:${id}`);

function expectRing(actual: readonly Position[], expected: readonly Position[]): void {
  // Closed by the drawing, in the order typed.
  expect(actual).toHaveLength(expected.length + 1);
  expect(actual[0]).toEqual(actual[actual.length - 1]);
  expected.forEach((position, index) => {
    expect(Math.abs(actual[index]![0]! - position[0]!)).toBeLessThan(1e-9);
    expect(Math.abs(actual[index]![1]! - position[1]!)).toBeLessThan(1e-9);
  });
}

/** In the sea south-east of Quanzhou, clear of the sample towns (sample-seed.ts). */
const TYPED: Position[] = [
  [118.95, 24.35],
  [119.35, 24.35],
];

describe.each(['zh-CN', 'en'] as const)('输入坐标 in %s', (locale) => {
  const names = NAMES[locale];

  it('types vertices in degrees and by distance and bearing, refusing what it cannot read where it was typed', async () => {
    const { context, page } = await openFeatureMap('desktop', locale);
    try {
      await page.getByRole('button', { name: names.draw, exact: true }).click();
      await page.getByRole('button', { name: names.open, exact: true }).click();
      const dialog = page.getByRole('dialog');
      const position = dialog.getByRole('textbox', { name: names.position, exact: true });
      await position.fill('119.2');
      await dialog.getByRole('button', { name: names.add, exact: true }).click();
      await expect(dialog.getByRole('alert').textContent()).resolves.toBe(names.count);
      await expect(position.getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(position.inputValue()).resolves.toBe('119.2');
      await screenshot(page, `coordinate-entry-refused-${locale}`, { fullPage: false });

      await position.fill('118.95 24.35');
      await position.press('Enter');
      await expect.poll(() => position.inputValue()).toBe('');
      await position.fill(`119°21'E 24°21'N`);
      await dialog.getByRole('button', { name: names.add, exact: true }).click();
      await expect.poll(() => page.locator('.leaflet-marker-pane .leaflet-editing-icon').count()).toBe(2);

      await dialog.getByRole('radio', { name: names.bearingMode, exact: true }).check();
      await dialog.getByRole('textbox', { name: names.distance, exact: true }).fill('44000');
      await dialog.getByRole('textbox', { name: names.bearing, exact: true }).fill('315°30′');
      await dialog.getByRole('button', { name: names.add, exact: true }).click();
      await dialog.getByText(names.added, { exact: true }).waitFor();
      await screenshot(page, `coordinate-entry-bearing-${locale}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: names.finish, exact: true }).click();
      await waitForFeatures(page, 9);
      await skipAttributes(page);

      const third = destination(TYPED[1]!, 44_000, 315.5, 'ellipsoid');
      expectRing(await journalRing(page), [...TYPED, third]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('draws a whole polygon from a pasted list of 3° zone x / y, naming the wrong line and drawing nothing until it is right', async () => {
    const { context, page } = await openFeatureMap('desktop', locale);
    try {
      const corners: Position[] = [...TYPED, [119.35, 24.75], [118.95, 24.75]];
      const lines = corners.map((corner, index) => {
        const { x, y } = toGaussKruger(corner, { width: 3, zonePrefix: true });
        return `J${index + 1},${x.toFixed(3)},${y.toFixed(3)}`;
      });
      // Closed on J1, as 界址点 lists are.
      const list = [...lines, lines[0]!.replace(/^J1/, 'J5')].join('\n');
      const expected = lines.map((line) => {
        const [, x, y] = line.split(',').map(Number);
        return fromGaussKruger({ x: x!, y: y! }, { width: 3, zonePrefix: true });
      });

      await page.getByRole('button', { name: names.draw, exact: true }).click();
      await page.getByRole('button', { name: names.open, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: names.listMode, exact: true }).check();
      await dialog.getByRole('combobox', { name: names.format, exact: true }).selectOption({ label: names.zones });
      const field = dialog.getByRole('textbox', { name: names.list, exact: true });
      await field.fill([lines[0], 'J2,2694x,40400000', ...lines.slice(2)].join('\n'));
      await dialog.getByRole('button', { name: names.drawList, exact: true }).click();
      await expect(dialog.getByRole('alert').textContent()).resolves.toMatch(names.line2);
      await expect(page.locator('.leaflet-marker-pane .leaflet-editing-icon').count()).resolves.toBe(0);

      await field.fill(list);
      await dialog.getByRole('button', { name: names.drawList, exact: true }).click();
      await waitForFeatures(page, 9);
      await skipAttributes(page);
      expectRing(await journalRing(page), expected);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('fits a phone: the dialog inside the screen, a pasted list drawn by tap', async () => {
    const { context, page } = await openFeatureMap('phone', locale);
    try {
      await page.getByRole('button', { name: locale === 'en' ? 'Tools' : '工具', exact: true }).tap();
      await page.getByRole('button', { name: names.draw, exact: true }).tap();
      await page.getByRole('button', { name: names.open, exact: true }).tap();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: names.listMode, exact: true }).tap();
      await dialog.getByRole('textbox', { name: names.list, exact: true }).fill('118.95 24.35\n119.35 24.35\n119.35 24.75');
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await expect(page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).resolves.toBe(true);
      await screenshot(page, `phone-coordinate-entry-${locale}`, { fullPage: false });
      await dialog.getByRole('button', { name: names.drawList, exact: true }).tap();
      await waitForFeatures(page, 9);
      await skipAttributes(page);
      expectRing(await journalRing(page), [...TYPED, [119.35, 24.75]]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

/** 福州's first square in the sample multipolygon layer (sample-seed.ts): centred on 119.3, 26.08, half 0.1°, from its south-west corner anticlockwise. */
const FUZHOU = { id: 'store_33:multipolygon.1', centre: [119.3, 26.08] as Position, ring: [[119.2, 25.98], [119.4, 25.98], [119.4, 26.18], [119.2, 26.18]] as Position[] };

describe.each(['zh-CN', 'en'] as const)('输入坐标 while editing a shape, in %s', (locale) => {
  const names = NAMES[locale];
  const editFuzhou = async (page: Page) => {
    await page.getByRole('button', { name: names.edit, exact: true }).click();
    await clickMap(page, FUZHOU.centre[0]!, FUZHOU.centre[1]!);
    await page.locator('.gportal-vertex-handles[data-vertices]').waitFor();
  };

  it('moves the selected vertex to typed coordinates, then the next by distance and bearing from the one before it', async () => {
    const { context, page } = await openFeatureMap('desktop', locale);
    try {
      await editFuzhou(page);
      // The first vertex is selected: its south-west corner.
      await page.getByRole('button', { name: names.open, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('radio', { name: names.selectedMode, exact: true }).isChecked()).resolves.toBe(true);
      const position = dialog.getByRole('textbox', { name: names.position, exact: true });
      await position.fill('119.15');
      await dialog.getByRole('button', { name: names.move, exact: true }).click();
      await expect(dialog.getByRole('alert').textContent()).resolves.toBe(names.count);
      await position.fill(`119°09'E 25°57'N`);
      await dialog.getByRole('button', { name: names.move, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      // ] picks the second vertex; it goes 5 km east of the first, where the first now is.
      await page.getByRole('button', { name: names.handle }).focus();
      await page.keyboard.press(']');
      await page.getByRole('button', { name: new RegExp(names.handle.source.replace('1', '2')) }).waitFor();
      await page.getByRole('button', { name: names.open, exact: true }).click();
      await dialog.getByRole('radio', { name: names.bearingMode, exact: true }).check();
      await dialog.getByRole('textbox', { name: names.distance, exact: true }).fill('5000');
      await dialog.getByRole('textbox', { name: names.bearing, exact: true }).fill('90');
      await screenshot(page, `coordinate-entry-editing-${locale}`, { fullPage: false });
      await dialog.getByRole('button', { name: names.move, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: names.save, exact: true }).click();

      const first: Position = [119.15, 25.95];
      const ring = await journalUpdatedRing(page, FUZHOU.id);
      expectRing(ring, [first, destination(first, 5000, 90, 'ellipsoid'), FUZHOU.ring[2]!, FUZHOU.ring[3]!]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('replaces the ring with a pasted list, refusing a wrong line and too few points where they were typed', async () => {
    const { context, page } = await openFeatureMap('desktop', locale);
    try {
      await editFuzhou(page);
      await page.getByRole('button', { name: names.open, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: names.listMode, exact: true }).check();
      const field = dialog.getByRole('textbox', { name: names.list, exact: true });
      await field.fill('J1 119.25 26.00\nJ2 119.3x 26.00');
      await dialog.getByRole('button', { name: names.replace, exact: true }).click();
      await expect(dialog.getByRole('alert').textContent()).resolves.toMatch(names.line2);
      await field.fill('J1 119.25 26.00\nJ2 119.35 26.00\nJ3 119.25 26.00');
      await dialog.getByRole('button', { name: names.replace, exact: true }).click();
      await expect(dialog.getByRole('alert').textContent()).resolves.toBe(names.tooFew);
      await field.fill('J1 119.25 26.00\nJ2 119.35 26.00\nJ3 119.30 26.10\nJ4 119.25 26.00');
      await dialog.getByRole('button', { name: names.replace, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: names.save, exact: true }).click();
      expectRing(await journalUpdatedRing(page, FUZHOU.id), [
        [119.25, 26.0],
        [119.35, 26.0],
        [119.3, 26.1],
      ]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
