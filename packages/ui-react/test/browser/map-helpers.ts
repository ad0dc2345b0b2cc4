import type { MultiPolygon, Position } from '@gportal/core';
import type { Page } from 'playwright-core';
import { inflateSync } from 'node:zlib';

/** The feature map element (Leaflet's container) of the page. */
export const mapElement = (page: Page) => page.locator('.gportal-map');

/**
 * Where a lon/lat position is on screen. The map is in EPSG:4326, where screen position is
 * linear in lat/lng, and its element carries its current bounds (`data-bounds`).
 */
export async function mapPoint(page: Page, lng: number, lat: number): Promise<{ x: number; y: number }> {
  const element = mapElement(page);
  const [bounds, box] = await Promise.all([element.getAttribute('data-bounds'), element.boundingBox()]);
  if (!bounds || !box) throw new Error('the map has no bounds yet');
  const [south, west, north, east] = bounds.split(',').map(Number) as [number, number, number, number];
  return { x: box.x + ((lng - west) / (east - west)) * box.width, y: box.y + ((north - lat) / (north - south)) * box.height };
}

/** The northmost latitude of the sample layers' towns (南平's square, sample-seed.ts): the top of a fit to them. */
export const NORTHMOST_SAMPLE_LAT = 26.74;

/**
 * How far down the screen the map toolbar's rows of buttons reach: its first child, the tools'
 * rows or the folded row (folding-toolbar.tsx), which a fit to the features leaves clear.
 */
export async function toolbarRowsBottom(page: Page): Promise<number> {
  const rows = await page.locator('.gportal-toolbar > :first-child').boundingBox();
  if (!rows) throw new Error('the map has no toolbar');
  return rows.y + rows.height;
}

/**
 * Waits until the map is not busy: the first drawing tool of a page fetches leaflet-draw, and the
 * map is `aria-busy` until the tool runs.
 */
export async function waitForMapIdle(page: Page): Promise<void> {
  await page.locator('.gportal-map[aria-busy="true"]').waitFor({ state: 'detached' });
}

/**
 * A click at a lon/lat position, at a person's pace: leaflet-draw ignores a click within 50 ms of
 * the last vertex. A click that opens a feature's popup returns once the popup stands still. A
 * drawing tool just chosen is waited for first.
 */
export async function clickMap(page: Page, lng: number, lat: number): Promise<void> {
  await waitForMapIdle(page);
  const { x, y } = await mapPoint(page, lng, lat);
  await page.mouse.click(x, y);
  await page.waitForTimeout(120);
  await waitForPopupStill(page);
}

/**
 * Waits until a popup a click or key just opened has finished panning the map to fit it (an
 * animation of Leaflet's, `leaflet-pan-anim` on the map pane): it opens in an effect a frame or
 * two after the event. A click on one of its buttons while it moves fails Playwright's checks, and
 * Playwright's next attempt scrolls the button into view first: that scrolls the map's own
 * container (overflow hidden), which Leaflet scrolls back between the press and the release, so
 * the click lands on the map and closes the popup.
 */
export async function waitForPopupStill(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let frames = 0;
        const next = () => (++frames >= 3 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
  );
  await page.locator('.leaflet-map-pane.leaflet-pan-anim').waitFor({ state: 'detached' });
}

/** Waits until the view has stopped moving (a popup pans the map to fit it, with an animation). */
export async function waitForMapStill(page: Page): Promise<void> {
  let last = await mapElement(page).getAttribute('data-bounds');
  for (;;) {
    await page.waitForTimeout(300);
    const now = await mapElement(page).getAttribute('data-bounds');
    if (now === last) return;
    last = now;
  }
}

/** Waits until the map draws exactly `count` features. */
export async function waitForFeatures(page: Page, count: number): Promise<void> {
  await page.locator(`.gportal-map[data-features="${count}"]`).waitFor();
}

/** Waits until the map has fitted its data: the features are drawn and the view settled. */
export async function waitForMapReady(page: Page, count: number): Promise<void> {
  await waitForFeatures(page, count);
  // The first fit to the features animates nothing, but its moveend comes after the render.
  await page.waitForFunction(() => document.querySelector('.gportal-map')?.getAttribute('data-bounds')?.split(',').length === 4);
  await page.waitForTimeout(300);
  await waitForLayerPainted(page);
}

/** Waits until the layer's canvas shows what the map holds (its repaints are rasterised by workers, a frame or more later). */
export async function waitForLayerPainted(page: Page): Promise<void> {
  await page.locator('.gportal-feature-canvas:not([data-painting])').waitFor({ state: 'attached' });
}

/** Picks a layer type in the dropdown named 图层类型 (or its English name). */
export async function selectLayer(page: Page, label: string, name = '图层类型'): Promise<void> {
  await page.getByRole('combobox', { name }).selectOption({ label });
}

/** The area in m² of a read-out such as `面积：12.34 km²`. */
export function readArea(text: string): number {
  const match = /([\d.]+) (m²|ha|km²)$/.exec(text);
  if (!match) throw new Error(`not an area read-out: ${text}`);
  const factor = { 'm²': 1, ha: 10_000, 'km²': 1_000_000 }[match[2] as 'm²' | 'ha' | 'km²'];
  return Number(match[1]) * factor;
}

/** The length in m of a read-out such as `长度：12.34 km`. */
export function readLength(text: string): number {
  const match = /([\d.]+) (m|km)$/.exec(text);
  if (!match) throw new Error(`not a length read-out: ${text}`);
  return Number(match[1]) * (match[2] === 'km' ? 1000 : 1);
}

/**
 * Closes the attribute form a finished drawing opens (`跳过`, `Skip`) and waits until it is gone:
 * for tests of something else that draw on.
 */
export async function skipAttributes(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(跳过|Skip)$/ }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

/**
 * The colour (red, green, blue) the page shows at one CSS pixel, read from a screenshot of it: what
 * the user sees there, whatever element, canvas or ring paints it. A 1×1 PNG's one row is its
 * pixel whatever its filter (a filter predicts from pixels it does not have, all 0).
 */
export async function screenPixel(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({ clip: { x: Math.floor(x), y: Math.floor(y), width: 1, height: 1 } });
  const chunks: Buffer[] = [];
  let colourType = 0;
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    if (type === 'IHDR') colourType = png.readUInt8(at + 8 + 9);
    if (type === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  if (colourType !== 2 && colourType !== 6) throw new Error(`a screenshot in PNG colour type ${colourType}`);
  const row = inflateSync(Buffer.concat(chunks));
  return [row[1] as number, row[2] as number, row[3] as number];
}

/** An 8-bit RGB or RGBA PNG decoded: its size and its pixels as RGBA, row by row. */
export function decodePng(png: Buffer): { width: number; height: number; pixel(x: number, y: number): [number, number, number, number] } {
  const chunks: Buffer[] = [];
  let width = 0;
  let height = 0;
  let channels = 4;
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    if (type === 'IHDR') {
      width = png.readUInt32BE(at + 8);
      height = png.readUInt32BE(at + 12);
      const depth = png.readUInt8(at + 16);
      const colour = png.readUInt8(at + 17);
      if (depth !== 8 || (colour !== 2 && colour !== 6)) throw new Error(`a PNG of depth ${depth}, colour type ${colour}`);
      channels = colour === 6 ? 4 : 3;
    }
    if (type === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const data = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? data[y * stride + x - channels]! : 0;
      const up = y > 0 ? data[(y - 1) * stride + x]! : 0;
      const corner = y > 0 && x >= channels ? data[(y - 1) * stride + x - channels]! : 0;
      const paeth = () => {
        const p = left + up - corner;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
        return a <= b && a <= c ? left : b <= c ? up : corner;
      };
      const predicted = [0, left, up, (left + up) >> 1, paeth()][filter] ?? 0;
      data[y * stride + x] = (line[x]! + predicted) & 0xff;
    }
  }
  return {
    width,
    height,
    pixel: (x, y) => {
      const at = y * stride + x * channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!, channels === 4 ? data[at + 3]! : 255];
    },
  };
}

/**
 * Moves the keyboard drawing's crosshair onto (`lng`, `lat`) with the arrow keys (10 px a press,
 * 1 px with Shift), the map focused and the crosshair shown.
 */
export async function moveCrosshairTo(page: Page, lng: number, lat: number): Promise<void> {
  const crosshair = page.getByTestId('draw-crosshair');
  const [target, mark] = await Promise.all([mapPoint(page, lng, lat), crosshair.boundingBox()]);
  if (!mark) throw new Error('no crosshair');
  const moves: Array<[number, string, string]> = [
    [Math.round(target.x - (mark.x + mark.width / 2)), 'ArrowRight', 'ArrowLeft'],
    [Math.round(target.y - (mark.y + mark.height / 2)), 'ArrowDown', 'ArrowUp'],
  ];
  for (const [offset, forward, back] of moves) {
    const key = offset >= 0 ? forward : back;
    for (let step = 0; step < Math.floor(Math.abs(offset) / 10); step += 1) await page.keyboard.press(key);
    for (let step = 0; step < Math.abs(offset) % 10; step += 1) await page.keyboard.press(`Shift+${key}`);
  }
}

/** A closed ring round the box west–east, south–north (lon/lat), from its south-west corner anticlockwise. */
export const boxRing = (west: number, south: number, east: number, north: number): Position[] => [[west, south], [east, south], [east, north], [west, north], [west, south]];

/** The pending edits as the editor's journal holds them: drawings, updates by id, removals. */
export interface Journalled {
  inserts: MultiPolygon[];
  updates: Record<string, { geometry?: MultiPolygon; properties?: Record<string, unknown> }>;
  deletes: string[];
}

/** The pending edits as the journal holds them now. */
export function journal(page: Page): Promise<Journalled> {
  return page.evaluate(() => {
    const found: Journalled = { inserts: [], updates: {}, deletes: [] };
    for (const key of Object.keys(localStorage).filter((each) => each.includes(':journal-part:'))) {
      const part = JSON.parse(localStorage.getItem(key) ?? 'null')?.data;
      if (part?.insert) found.inserts.push(part.insert.geometry);
      if (part?.update) found.updates[part.update.id] = part.update;
      if (part?.delete) found.deletes.push(part.delete);
    }
    return found;
  });
}
