import { vi } from 'vitest';
import type { FeatureQuery, FeatureSchema, MapFeature } from '../src/domain/feature.js';
import { bboxIntersects, geometryBBox, type BBox, type Polygon } from '../src/domain/geometry.js';
import { createMemoryAdapters } from '../src/memory/create-memory-adapters.js';
import type { FeatureSource } from '../src/ports/feature-source.port.js';
import { EditSession, type EditSessionEvents, type EditSessionOptions } from '../src/edit/index.js';

/**
 * A layer of 1600 squares on a grid for the tests of loading by view
 * (`edit-session.view-loading.test.ts`, `edit-session.view-reading.test.ts`), in the memory adapters.
 */
export const GRID = 'test:grid';
const SCHEMA: FeatureSchema = {
  typeName: GRID,
  geometryField: 'geometry',
  geometryKind: 'Polygon',
  properties: [
    { name: 'name', type: 'string', nullable: true },
    { name: 'population', type: 'number', nullable: true },
  ],
};
/** Cells of the grid: 0.1° wide, 40 × 40 from (100, 20), one square 0.06° wide in each. */
export const CELL = 0.1;
export const SIDE = 40;

export function square(west: number, south: number, size: number): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [west + size, south],
        [west + size, south + size],
        [west, south + size],
        [west, south],
      ],
    ],
  };
}

export function rectangle(west: number, south: number, east: number, north: number): Polygon {
  return { type: 'Polygon', coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]] };
}

/** The id of the square in column `column`, row `row`. */
export const cellId = (column: number, row: number) => `${GRID}.${row * SIDE + column + 1}`;

export function gridFeatures(extra: Array<{ geometry: Polygon; name: string }> = []) {
  const features: Array<{ id: string; geometry: Polygon; properties: Record<string, string | number> }> = [];
  for (let row = 0; row < SIDE; row++) {
    for (let column = 0; column < SIDE; column++) {
      const west = 100 + column * CELL + 0.02;
      const south = 20 + row * CELL + 0.02;
      features.push({ id: cellId(column, row), geometry: square(west, south, 0.06), properties: { name: `cell ${column},${row}`, population: column * 1000 + row } });
    }
  }
  extra.forEach((feature, index) => features.push({ id: `${GRID}.${SIDE * SIDE + index + 1}`, geometry: feature.geometry, properties: { name: feature.name, population: 0 } }));
  return features;
}

export type Recorded = { [Name in keyof EditSessionEvents]: Array<EditSessionEvents[Name]> };

export function setup(options: { maxFeatures?: number; loading?: EditSessionOptions['loading']; prefetch?: number; prefetchDelayMs?: number; holdLimit?: number; extra?: Parameters<typeof gridFeatures>[0]; source?: (source: FeatureSource) => FeatureSource } = {}) {
  const adapters = createMemoryAdapters({ layers: [{ schema: SCHEMA, features: gridFeatures(options.extra) }] });
  const source = options.source ? options.source(adapters.features) : adapters.features;
  const getFeatures = vi.spyOn(source, 'getFeatures');
  const countFeatures = source.countFeatures ? vi.spyOn(source as Required<FeatureSource>, 'countFeatures') : vi.fn();
  const session = new EditSession({
    source,
    transactions: adapters.transactions,
    typeName: GRID,
    maxFeatures: options.maxFeatures ?? 100,
    loading: options.loading ?? 'view',
    prefetch: options.prefetch ?? 0,
    prefetchDelayMs: options.prefetchDelayMs ?? 0,
    ...(options.holdLimit !== undefined ? { holdLimit: options.holdLimit } : {}),
    journal: adapters.journal,
  });
  const events: Recorded = { load: [], change: [], 'save:success': [], 'save:failed': [], 'save:waiting': [], view: [], ahead: [], error: [] };
  for (const name of Object.keys(events) as Array<keyof EditSessionEvents>) session.on(name, (payload) => (events[name] as unknown[]).push(payload));
  const stored = async (id: string) => (await adapters.features.getFeatures({ typeName: GRID, featureIds: [id] })).features[0] as MapFeature;
  return { adapters, session, events, getFeatures, countFeatures, stored };
}

/** A view `size` degrees wide and high with its south-west corner at (`west`, `south`). */
export const viewAt = (west: number, south: number, size = 0.5): BBox => [west, south, west + size, south + size];
export const idsOf = (features: Array<{ id: string }>) => features.map((feature) => feature.id);
export const queries = (spy: { mock: { calls: Array<[FeatureQuery]> } }) => spy.mock.calls.map(([query]) => query);

/** The grid squares a box touches, by the grid's own arithmetic. */
export function squaresIn(view: BBox): string[] {
  return gridFeatures()
    .filter((feature) => bboxIntersects(geometryBBox(feature.geometry), view))
    .map((feature) => feature.id);
}
