import { HECTARE_THRESHOLD_M2, KILOMETRE_THRESHOLD_M, SQUARE_KILOMETRE_THRESHOLD_M2 } from '../domain/constants.js';

function assertMeasure(value: number, what: string): void {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${what} must be a finite, non-negative number, got ${value}`);
}

/** `'N m²'` below 10 000 m², `'N.NN ha'` from there, `'N.NN km²'` from 1 000 000 m² (spec section 9). */
export function formatArea(squareMetres: number): string {
  assertMeasure(squareMetres, 'area');
  if (squareMetres >= SQUARE_KILOMETRE_THRESHOLD_M2) return `${(squareMetres / 1_000_000).toFixed(2)} km²`;
  if (squareMetres >= HECTARE_THRESHOLD_M2) return `${(squareMetres / 10_000).toFixed(2)} ha`;
  return `${squareMetres.toFixed(0)} m²`;
}

/** `'N m'` up to 1000 m, `'N.NN km'` above (spec section 9). */
export function formatLength(metres: number): string {
  assertMeasure(metres, 'length');
  if (metres > KILOMETRE_THRESHOLD_M) return `${(metres / 1000).toFixed(2)} km`;
  return `${metres.toFixed(0)} m`;
}

/** The units an area can be read in when the user picks one: m², 公顷 (ha), km² and 亩 (mu). */
export const AREA_UNITS = ['m2', 'ha', 'km2', 'mu'] as const;
/** One of {@link AREA_UNITS}: `m2`, `ha`, `km2` or `mu`. */
export type AreaUnit = (typeof AREA_UNITS)[number];

/** One 亩 (mu), the Chinese land measure: 10 000 / 15 m², a fifteenth of a hectare. */
export const SQUARE_METRES_PER_MU = 10_000 / 15;

const SQUARE_METRES_PER: Readonly<Record<AreaUnit, number>> = { m2: 1, ha: 10_000, km2: 1_000_000, mu: SQUARE_METRES_PER_MU };
const AREA_DECIMALS: Readonly<Record<AreaUnit, number>> = { m2: 0, ha: 2, km2: 2, mu: 2 };

/** Each unit's symbol: the same in every language but 亩, which the UI names in its own (`亩`, `mu`). */
export const AREA_UNIT_SYMBOLS: Readonly<Record<AreaUnit, string>> = { m2: 'm²', ha: 'ha', km2: 'km²', mu: 'mu' };

/** An area in the unit given, `symbol` after the figure: `'12.35 mu'`, `'1234 m²'`. */
export function formatAreaIn(squareMetres: number, unit: AreaUnit, symbol: string = AREA_UNIT_SYMBOLS[unit]): string {
  assertMeasure(squareMetres, 'area');
  return `${(squareMetres / SQUARE_METRES_PER[unit]).toFixed(AREA_DECIMALS[unit])} ${symbol}`;
}
