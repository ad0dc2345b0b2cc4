import { AREA_UNITS, formatArea, formatAreaIn, type AreaUnit } from '@gportal/core';
import type { Translate } from '../../i18n/i18n-provider';

/** The unit the read-out gives areas in: the one that reads best (`auto`: m², ha or km² by size), or the one the user picked. */
export type AreaUnitChoice = 'auto' | AreaUnit;
export const AREA_UNIT_CHOICES: readonly AreaUnitChoice[] = ['auto', ...AREA_UNITS];

export function isAreaUnitChoice(value: unknown): value is AreaUnitChoice {
  return (AREA_UNIT_CHOICES as readonly unknown[]).includes(value);
}

/** An area as the read-out and the attribute table give it; 亩 in the active language's word. */
export function areaText(squareMetres: number, unit: AreaUnitChoice, t: Translate): string {
  if (unit === 'auto') return formatArea(squareMetres);
  return unit === 'mu' ? formatAreaIn(squareMetres, unit, t('map.measure.unit.mu')) : formatAreaIn(squareMetres, unit);
}
