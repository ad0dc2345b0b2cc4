/**
 * The map's scale for a status line: its ratio (`1:50 000`) and a scale bar of a round length.
 * Screen distances are CSS pixels, 1/96 inch, as browsers lay them out.
 */

/** Metres one CSS pixel is on the screen (1/96 inch). */
export const CSS_PIXEL_METRES = 0.0254 / 96;

function assertPositive(value: number, what: string): void {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${what} must be a finite, positive number, not ${value}.`);
}

/** The scale's denominator for a map showing `metresPerPixel` ground metres in a CSS pixel. */
export function scaleDenominator(metresPerPixel: number): number {
  assertPositive(metresPerPixel, 'Metres per pixel');
  return metresPerPixel / CSS_PIXEL_METRES;
}

/** `1:50 000`: the denominator rounded to a whole number, its thousands set apart by spaces. */
export function formatScale(denominator: number): string {
  assertPositive(denominator, 'A scale denominator');
  const digits = String(Math.max(1, Math.round(denominator)));
  return `1:${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}`;
}

/** Round lengths a scale bar takes: 1, 2 or 5 times a power of ten metres. */
const ROUND_STEPS = [1, 2, 5] as const;

/**
 * The longest round length (1, 2 or 5 × 10ⁿ m) whose bar fits in `maxPixels`, and its width in
 * pixels; like Leaflet's own scale control, which the status line stands in for.
 */
export function scaleBar(metresPerPixel: number, maxPixels: number): { metres: number; pixels: number } {
  assertPositive(metresPerPixel, 'Metres per pixel');
  assertPositive(maxPixels, 'The bar’s room in pixels');
  const most = metresPerPixel * maxPixels;
  let power = 10 ** Math.floor(Math.log10(most));
  // log10 of a power of ten may land a hair below it.
  if (power * 10 <= most) power *= 10;
  const step = [...ROUND_STEPS].reverse().find((candidate) => candidate * power <= most) ?? 1;
  const metres = step * power;
  return { metres, pixels: metres / metresPerPixel };
}

/** A scale bar's length: `500 m`, `2 km`, `0.5 m` (whole units, the fewest digits a round length needs). */
export function formatScaleLength(metres: number): string {
  assertPositive(metres, 'A length');
  const [value, unit] = metres >= 1000 ? [metres / 1000, 'km'] : [metres, 'm'];
  return `${Number(value.toPrecision(12))} ${unit}`;
}
