/// <reference types="node" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Geometry, LineString, MultiPolygon, Polygon, Position } from '../../src/index.js';
import { clipToNeighbours, findSharedVertices, findTopologyProblems, followSharedEdits, mergeGeometries, planarArea, splitGeometry, traceBoundary, ValidationError, type SharedEdit } from '../../src/index.js';
import { expectCover } from './cover.js';

/*
 * Turf's habit: in/*.geojson are the inputs (a FeatureCollection whose `operation` says which
 * function, each feature's `role` what it is to it), out/*.json what came out. A change that
 * alters an answer fails here; when the new answer is the right one, regenerate with
 *
 *     GPORTAL_REGENERATE_FIXTURES=1 npx vitest run --project core test/topology
 *
 * and review the diff of out/ before committing it. The invariants (cover, area, vertices kept)
 * are checked on every run besides, so a regenerated file cannot hide a wrong split.
 */

interface FixtureFeature {
  id?: string;
  properties: { role: string };
  geometry: Geometry;
}
interface Fixture {
  operation: 'split' | 'merge' | 'clip' | 'problems' | 'shared' | 'follow' | 'trace';
  note: string;
  features: FixtureFeature[];
  at?: Position;
  tolerance?: number;
  edits?: SharedEdit[];
  from?: Position;
  to?: Position;
}

const here = (path: string): URL => new URL(path, import.meta.url);
const regenerate = process.env.GPORTAL_REGENERATE_FIXTURES === '1';
const names = readdirSync(here('./in/')).filter((name) => name.endsWith('.geojson')).map((name) => name.replace(/\.geojson$/, '')).sort();

const withRole = (fixture: Fixture, role: string): Geometry[] => fixture.features.filter((feature) => feature.properties.role === role).map((feature) => feature.geometry);
const features = (fixture: Fixture) => fixture.features.map((feature, index) => ({ id: feature.id ?? `feature-${index}`, geometry: feature.geometry }));

/** What the fixture's operation answers, or the refusal's sentence and reason. */
function answer(fixture: Fixture): unknown {
  try {
    switch (fixture.operation) {
      case 'split': {
        const [subject] = withRole(fixture, 'subject');
        const [cutter] = withRole(fixture, 'cutter');
        return splitGeometry(subject as Polygon, cutter as LineString);
      }
      case 'merge':
        return mergeGeometries(withRole(fixture, 'part') as Polygon[]);
      case 'clip': {
        const [subject] = withRole(fixture, 'subject');
        return clipToNeighbours(subject as Polygon, withRole(fixture, 'neighbour')) ?? null;
      }
      case 'problems':
        return findTopologyProblems(features(fixture));
      case 'shared':
        return findSharedVertices(features(fixture), fixture.at ?? [], fixture.tolerance ?? 0);
      case 'trace':
        return { shorter: traceBoundary(features(fixture), fixture.from ?? [], fixture.to ?? []), longer: traceBoundary(features(fixture), fixture.from ?? [], fixture.to ?? [], { longer: true }) };
      case 'follow':
        return followSharedEdits(features(fixture).filter((_, index) => fixture.features[index]?.properties.role === 'neighbour'), fixture.edits ?? [], { tolerance: fixture.tolerance ?? 0 });
    }
  } catch (error) {
    if (error instanceof ValidationError) return { refused: error.message, reason: error.problems.cutter?.value ?? null };
    throw error;
  }
}

describe('topology fixtures (in → out)', () => {
  it('has a fixture of each function and of the shapes the issue names', () => {
    for (const prefix of ['split-', 'merge-', 'clip-', 'problems-', 'shared-', 'follow-', 'trace-']) expect(names.some((name) => name.startsWith(prefix))).toBe(true);
    for (const shape of ['hole', 'multipolygon', 'near-collinear', 'shared-edge', 'along-edge']) expect(names.some((name) => name.includes(shape))).toBe(true);
  });

  it.each(names)('%s', (name) => {
    const fixture = JSON.parse(readFileSync(here(`./in/${name}.geojson`), 'utf8')) as Fixture;
    const result = answer(fixture);
    const outPath = here(`./out/${name}.json`);
    if (regenerate) writeFileSync(outPath, `${JSON.stringify(result, null, 1)}\n`);
    expect(JSON.parse(JSON.stringify(result))).toEqual(JSON.parse(readFileSync(outPath, 'utf8')));
    if (fixture.operation === 'split' && Array.isArray(result)) {
      const [subject] = withRole(fixture, 'subject');
      if (subject?.type === 'Polygon' || subject?.type === 'MultiPolygon') expectCover(subject, result as Array<Polygon | MultiPolygon>);
    }
    if (fixture.operation === 'follow') {
      // The boundary stays shared: the edited town and each polygon that followed it merge into one
      // polygon without a hole (no gap) whose area is the sum of theirs (no overlap).
      const [edited] = withRole(fixture, 'edited') as Polygon[];
      for (const { geometry } of result as Array<{ geometry: Geometry }>) {
        if (!geometry.type.endsWith('Polygon') || !edited) continue;
        const union = mergeGeometries([edited, geometry as Polygon]);
        expect(union.type).toBe('Polygon');
        expect((union as Polygon).coordinates).toHaveLength(1);
        const sum = planarArea(edited) + planarArea(geometry as Polygon);
        expect(Math.abs(planarArea(union as Polygon) - sum) / sum).toBeLessThanOrEqual(1e-9);
      }
    }
    if (fixture.operation === 'merge' && (result as Geometry).type.endsWith('Polygon')) {
      const parts = withRole(fixture, 'part') as Polygon[];
      const sum = parts.reduce((area, part) => area + planarArea(part), 0);
      expect(Math.abs(planarArea(result as Polygon) - sum) / sum).toBeLessThanOrEqual(1e-9);
    }
  });
});
