import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_PARAMETERS, recordPropertyRuns } from '../../src/contracts/property-runs.js';
import type { LineString, Polygon, Position } from '../../src/index.js';
import { clipToNeighbours, mergeGeometries, planarArea, splitGeometry, ValidationError } from '../../src/index.js';
import { expectCover } from './cover.js';

const SUITE = 'topology: split and merge';
// Each run splits and merges with the polygon algebra; fewer runs than the readers' suites keep it to seconds.
const PARAMETERS = { ...PROPERTY_PARAMETERS, numRuns: 150 };

/** A number in [min, max] spread evenly (fast-check's doubles crowd at the bounds, which would make most cutters one point). */
const between = (min: number, max: number) => fc.integer({ min: 0, max: 1_000_000 }).map((step) => min + ((max - min) * step) / 1_000_000);

/** A star-shaped ring around (118, 24): simple by construction, counter-clockwise, 3 to 40 vertices, radii 0.01–0.05°. */
const starRing = (minRadius: number, maxRadius: number) =>
  fc.array(between(minRadius, maxRadius), { minLength: 3, maxLength: 40 }).map((radii) => {
    const open = radii.map((radius, index): Position => {
      const angle = (2 * Math.PI * index) / radii.length;
      return [118 + radius * Math.cos(angle), 24 + radius * Math.sin(angle)];
    });
    return [...open, [...(open[0] as Position)]];
  });

/**
 * A polygon, with a hole half of the time: inside 0.0045°, which no outer edge comes nearer than
 * (0.01° × cos 60°, a triangle's edge at the least radius).
 */
const polygon = fc.tuple(starRing(0.01, 0.05), fc.option(starRing(0.001, 0.0045), { nil: undefined })).map(
  ([outer, hole]): Polygon => ({ type: 'Polygon', coordinates: hole === undefined ? [outer] : [outer, [...hole].reverse()] }),
);

/**
 * A line from outside the polygons' circle (radius 0.07°) to the far side of it (150–210° round),
 * so it passes the centre within 0.018°, through up to two vertices anywhere near the polygon.
 */
const cutter = fc
  .tuple(between(0, 2 * Math.PI), between((5 * Math.PI) / 6, (7 * Math.PI) / 6), fc.array(fc.tuple(between(-0.05, 0.05), between(-0.05, 0.05)), { maxLength: 2 }))
  .map(([from, turn, middle]): LineString => ({
    type: 'LineString',
    coordinates: [[118 + 0.07 * Math.cos(from), 24 + 0.07 * Math.sin(from)], ...middle.map(([dx, dy]) => [118 + dx, 24 + dy]), [118 + 0.07 * Math.cos(from + turn), 24 + 0.07 * Math.sin(from + turn)]],
  }));

/** Splits, or refuses with the ValidationError a cutter that does not cross gets; anything else fails. */
function splitOrRefuse(subject: Polygon, line: LineString): Polygon[] | undefined {
  try {
    return splitGeometry(subject, line);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return undefined;
  }
}

describe('split and merge of random polygons by random lines', () => {
  it('pieces keep the planar area (1e-9), do not overlap and keep every vertex', ({ task }) => {
    let split = 0;
    const property = fc.property(polygon, cutter, (subject, line) => {
      const pieces = splitOrRefuse(subject, line);
      if (pieces === undefined) return;
      split += 1;
      expectCover(subject, pieces);
    });
    recordPropertyRuns(task, SUITE, 'split keeps area and cover', fc.check(property, PARAMETERS));
    // The cutters are drawn to cross: most runs must have split something.
    expect(split).toBeGreaterThan(PARAMETERS.numRuns / 2);
  }, 120_000);

  it('the merge of a split gives the original back (1e-9 relative planar area, nothing of it left over)', ({ task }) => {
    const property = fc.property(polygon, cutter, (subject, line) => {
      const pieces = splitOrRefuse(subject, line);
      if (pieces === undefined) return;
      const merged = mergeGeometries(pieces);
      const area = planarArea(subject);
      expect(Math.abs(planarArea(merged as Polygon) - area) / area).toBeLessThanOrEqual(1e-9);
      // Nothing of either lies outside the other.
      const outside = clipToNeighbours(subject, [merged]);
      expect(outside === undefined ? 0 : planarArea(outside) / area).toBeLessThanOrEqual(1e-9);
      const extra = clipToNeighbours(merged as Polygon, [subject]);
      expect(extra === undefined ? 0 : planarArea(extra) / area).toBeLessThanOrEqual(1e-9);
    });
    recordPropertyRuns(task, SUITE, 'merge of a split is the original', fc.check(property, PARAMETERS));
  }, 120_000);
});
