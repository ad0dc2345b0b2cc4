import { formatScaleLength, scaleBar } from '@gportal/core';
import type { L } from '../leaflet';
import { metresPerPixel } from '../status/use-map-readings';

/** One entry of the image's legend: a layer's name and the colours it is drawn in. */
export interface LegendEntry {
  label: string;
  stroke: string;
  fill: string;
}

/** What goes on the image besides the map: all text, in the active language. */
export interface MapImageOptions {
  /** 1 for the screen's size, 2 for twice it. */
  scale: 1 | 2;
  /** The title at the top: the layer's. */
  title: string;
  legend: readonly LegendEntry[];
  /** The map's attribution line, as text. */
  attribution: string;
  /** Said on the image when tiles of another origin, served without CORS, had to be left out. */
  leftOutNote: string;
  /** The north arrow's letter (`北` / `N`). */
  north: string;
}

export interface MapImage {
  blob: Blob;
  width: number;
  height: number;
  /** Tiles left out: another origin's, served without CORS (a browser would not let the image be read). */
  leftOut: number;
}

const TITLE_BAND_PX = 36;
const MARGIN_PX = 10;
/** As long at most as the status line's, and so the same bar. */
const SCALE_BAR_MAX_PX = 100;
const SEA = '#cfe3f2';
const TEXT = '#1f1f1f';


/** The z-index of the Leaflet pane an element is in: the order the map stacks its layers in. */
function paneOrder(element: Element): number {
  const pane = element.closest('.leaflet-pane');
  return pane ? Number.parseInt(getComputedStyle(pane).zIndex, 10) || 0 : 0;
}

/** Whether `image` can go on a canvas that is read afterwards: same origin, or served with CORS and asked for with it. */
function readable(image: HTMLImageElement): boolean {
  if (!image.complete || image.naturalWidth === 0) return false;
  const probe = document.createElement('canvas');
  probe.width = 1;
  probe.height = 1;
  const context = probe.getContext('2d');
  if (!context) return false;
  context.drawImage(image, 0, 0, 1, 1);
  try {
    context.getImageData(0, 0, 1, 1);
    return true;
  } catch {
    return false;
  }
}

function roundedBox(context: CanvasRenderingContext2D, x: number, y: number, width: number, height: number): void {
  context.fillStyle = 'rgba(255, 255, 255, 0.92)';
  context.strokeStyle = '#737373';
  context.lineWidth = 1;
  context.beginPath();
  context.roundRect(x, y, width, height, 4);
  context.fill();
  context.stroke();
}

/**
 * The map's view as a PNG, drawn from the map's own canvases and tiles in the order the map stacks
 * them (base map, features, point markers, labels), at the screen's size or twice it, with a
 * title band, a north arrow, a scale bar (the status line's: the core's `scaleBar` at the view's centre), the legend
 * and the attribution. Nothing of the page's DOM is copied: a tile of another origin served
 * without CORS cannot be read back from a canvas, so it is left out and the image says so.
 */
export async function exportMapImage(map: L.Map, options: MapImageOptions): Promise<MapImage> {
  const container = map.getContainer();
  // The UI's font, as the map's element inherits it (the app's, or an embedding app's).
  const family = getComputedStyle(container).fontFamily;
  const FONT = (size: number, weight = 400) => `${weight} ${size}px ${family}`;
  const origin = container.getBoundingClientRect();
  const { x: mapWidth, y: mapHeight } = map.getSize();
  const { scale } = options;
  const width = mapWidth;
  const height = mapHeight + TITLE_BAND_PX;
  const canvas = document.createElement('canvas');
  canvas.width = width * scale;
  canvas.height = height * scale;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas to draw the image on');
  context.scale(scale, scale);

  // The title band.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, TITLE_BAND_PX);
  context.fillStyle = TEXT;
  context.font = FONT(16, 600);
  context.textBaseline = 'middle';
  context.fillText(options.title, MARGIN_PX, TITLE_BAND_PX / 2, width - 2 * MARGIN_PX);

  // The map, clipped to its own box under the band.
  context.save();
  context.beginPath();
  context.rect(0, TITLE_BAND_PX, mapWidth, mapHeight);
  context.clip();
  context.fillStyle = SEA;
  context.fillRect(0, TITLE_BAND_PX, mapWidth, mapHeight);
  const drawn = [...container.querySelectorAll<HTMLElement>('.leaflet-pane canvas, .leaflet-pane img.leaflet-tile, .leaflet-marker-pane .gportal-marker')]
    .map((element, index) => ({ element, index, order: paneOrder(element) }))
    .sort((a, b) => a.order - b.order || a.index - b.index);
  let leftOut = 0;
  for (const { element } of drawn) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
    const x = box.left - origin.left;
    const y = box.top - origin.top + TITLE_BAND_PX;
    if (element instanceof HTMLCanvasElement) context.drawImage(element, x, y, box.width, box.height);
    else if (element instanceof HTMLImageElement) {
      if (readable(element)) context.drawImage(element, x, y, box.width, box.height);
      else leftOut += 1;
    } else {
      // A point feature's marker: its disc, in its own colours.
      const style = getComputedStyle(element);
      context.beginPath();
      context.arc(x + box.width / 2, y + box.height / 2, Math.min(box.width, box.height) / 2 - 1, 0, 2 * Math.PI);
      context.fillStyle = style.backgroundColor || '#ffffff';
      context.fill();
      context.lineWidth = Number.parseFloat(style.borderTopWidth) || 2;
      context.strokeStyle = style.borderTopColor || '#0000ff';
      context.stroke();
    }
  }
  context.restore();

  // North arrow, top right of the map (the map's north is up).
  const arrowX = mapWidth - MARGIN_PX - 14;
  const arrowY = TITLE_BAND_PX + MARGIN_PX;
  roundedBox(context, arrowX - 14, arrowY, 28, 44);
  context.fillStyle = TEXT;
  context.beginPath();
  context.moveTo(arrowX, arrowY + 6);
  context.lineTo(arrowX + 7, arrowY + 24);
  context.lineTo(arrowX, arrowY + 20);
  context.lineTo(arrowX - 7, arrowY + 24);
  context.closePath();
  context.fill();
  context.font = FONT(12, 600);
  context.textAlign = 'center';
  context.fillText(options.north, arrowX, arrowY + 34);
  context.textAlign = 'left';

  // Scale bar, bottom left: the status line's (geodesic metres a pixel is across the view's centre).
  const bar = scaleBar(metresPerPixel(map) ?? 1, SCALE_BAR_MAX_PX);
  const barY = height - MARGIN_PX - 8;
  roundedBox(context, MARGIN_PX - 4, barY - 24, bar.pixels + 8 + 60, 32);
  context.fillStyle = TEXT;
  context.fillRect(MARGIN_PX, barY - 2, bar.pixels, 3);
  context.fillRect(MARGIN_PX, barY - 8, 2, 9);
  context.fillRect(MARGIN_PX + bar.pixels - 2, barY - 8, 2, 9);
  context.font = FONT(12);
  context.fillText(formatScaleLength(bar.metres), MARGIN_PX, barY - 15);

  // Legend and attribution, bottom right; the note of what was left out above them.
  context.font = FONT(12);
  const lines = options.legend.length + 1 + (leftOut > 0 ? 1 : 0);
  const legendWidth = Math.min(mapWidth / 2, Math.max(...[options.attribution, ...options.legend.map((entry) => `    ${entry.label}`), leftOut > 0 ? options.leftOutNote : ''].map((text) => context.measureText(text).width)) + 16);
  const legendX = width - MARGIN_PX - legendWidth;
  let lineY = height - MARGIN_PX - lines * 18;
  roundedBox(context, legendX, lineY - 4, legendWidth, lines * 18 + 4);
  for (const entry of options.legend) {
    context.fillStyle = entry.fill;
    context.strokeStyle = entry.stroke;
    context.lineWidth = 2;
    context.fillRect(legendX + 8, lineY + 3, 14, 10);
    context.strokeRect(legendX + 8, lineY + 3, 14, 10);
    context.fillStyle = TEXT;
    context.fillText(entry.label, legendX + 28, lineY + 9, legendWidth - 36);
    lineY += 18;
  }
  if (leftOut > 0) {
    context.fillStyle = '#874d00';
    context.fillText(options.leftOutNote, legendX + 8, lineY + 9, legendWidth - 16);
    lineY += 18;
  }
  context.fillStyle = 'rgba(0, 0, 0, 0.7)';
  context.fillText(options.attribution, legendX + 8, lineY + 9, legendWidth - 16);

  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the browser made no PNG of the view');
  return { blob, width: canvas.width, height: canvas.height, leftOut };
}
