import { AREA_UNITS, type AreaUnit } from '@gportal/core';

/** The unit the read-out gives areas in: the one that reads best (`auto`: m², ha or km² by size), or the one the user picked. */
export type AreaUnitChoice = 'auto' | AreaUnit;
export const AREA_UNIT_CHOICES: readonly AreaUnitChoice[] = ['auto', ...AREA_UNITS];

export function isAreaUnitChoice(value: unknown): value is AreaUnitChoice {
  return (AREA_UNIT_CHOICES as readonly unknown[]).includes(value);
}
