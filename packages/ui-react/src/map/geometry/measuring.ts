import type { Translate } from '../../i18n/i18n-provider';
import type { ShapeParts } from './latlngs';
import type * as MeasureModule from './measure';
import type { AreaUnitChoice } from './area-units';

type Measure = typeof MeasureModule;

let measure: Measure | undefined;
let loading: Promise<void> | undefined;

/**
 * The live read-out's measurement (`measure.ts`, with the geodesic library under it), fetched when
 * a tool is first used rather than with the map: nothing is measured before a shape is drawn or
 * edited. The drawing tools wait for it with leaflet-draw; a failed fetch is tried again on the
 * next call.
 */
export function loadMeasuring(): Promise<void> {
  loading ??= import('./measure').then(
    (module) => {
      measure = module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether the measurement has arrived: until then {@link measureText} reads out nothing. */
export function measuringLoaded(): boolean {
  return measure !== undefined;
}

/**
 * The live read-out of a shape being drawn or edited (`measure.ts`'s `measureText`); `undefined`
 * before {@link loadMeasuring} has finished.
 */
export function measureText(parts: ShapeParts, t: Translate, meters?: Meters, areaUnit: AreaUnitChoice = 'auto'): string | undefined {
  return measure?.measureText(parts, t, meters, areaUnit);
}

/** One edited shape's incremental meters; `undefined` before {@link loadMeasuring} has finished. */
export function createMeters(): Meters | undefined {
  return measure?.createMeters();
}

export type Meters = ReturnType<Measure['createMeters']>;
