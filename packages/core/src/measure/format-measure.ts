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
