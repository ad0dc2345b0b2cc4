import { describe, expect, it } from 'vitest';
import type { Position } from '../domain/geometry.js';
import type { TopologyFeature } from './shared-vertices.js';
import { findTopologyProblems, findTopologyProblemsInSlices } from './topology-problems.js';

/** A mosaic of unit squares, `columns` × `rows`, with one square pushed into its neighbour and one missing corner's gap. */
function mosaic(columns: number, rows: number): TopologyFeature[] {
  const features: TopologyFeature[] = [];
  for (let column = 0; column < columns; column += 1) {
    for (let row = 0; row < rows; row += 1) {
      const x = 118 + column * 0.01;
      const y = 24 + row * 0.01;
      const ring: Position[] = [
        [x, y],
        [x + 0.01, y],
        [x + 0.01, y + 0.01],
        [x, y + 0.01],
        [x, y],
      ];
      // One corner pushed into the square to its right (an overlap), one pulled back (a gap).
      if (column === 1 && row === 1) ring[1] = [x + 0.0102, y];
      if (column === 3 && row === 2) ring[2] = [x + 0.00998, y + 0.00998];
      features.push({ id: `town.${column}.${row}`, geometry: { type: 'Polygon', coordinates: [ring] } });
    }
  }
  features.push({ id: 'copy', geometry: structuredClone((features[0] as TopologyFeature).geometry) });
  features.push({ id: 'broken', geometry: { type: 'Polygon', coordinates: [[[118, 24], [118.01, 24]]] } });
  return features;
}

describe('findTopologyProblemsInSlices', () => {
  const features = mosaic(6, 5);

  it('names the features along a gap, not those that only touch a corner of it', () => {
    const gap = findTopologyProblems(features).find((problem) => problem.kind === 'gap');
    // The corner of town 3.2 pulled in: the gap lies between it, 4.2 on its right and 3.3 above.
    expect(gap?.ids.sort()).toEqual(['town.3.2', 'town.3.3', 'town.4.2']);
  });

  it('answers what findTopologyProblems answers, in the same order', async () => {
    const expected = findTopologyProblems(features);
    expect(expected.map((problem) => problem.kind)).toEqual(['invalid', 'duplicate', 'overlap', 'gap']);
    await expect(findTopologyProblemsInSlices(features, { sliceMs: 0, pause: () => Promise.resolve() })).resolves.toEqual(expected);
  });

  it('pauses between its pieces of work, as often as the slice asks', async () => {
    let pauses = 0;
    await findTopologyProblemsInSlices(features, {
      sliceMs: 0,
      pause: () => {
        pauses += 1;
        return Promise.resolve();
      },
    });
    // One pause at least per candidate pair looked at closer, and for the gap search.
    expect(pauses).toBeGreaterThan(10);
    let longSlicePauses = 0;
    await findTopologyProblemsInSlices(features, {
      sliceMs: 60_000,
      pause: () => {
        longSlicePauses += 1;
        return Promise.resolve();
      },
    });
    expect(longSlicePauses).toBe(0);
  });

  it('stops at the next pause once its signal aborts, with the signal’s reason', async () => {
    const controller = new AbortController();
    let pauses = 0;
    const checking = findTopologyProblemsInSlices(features, {
      sliceMs: 0,
      signal: controller.signal,
      pause: () => {
        pauses += 1;
        if (pauses === 3) controller.abort(new Error('the features changed'));
        return Promise.resolve();
      },
    });
    await expect(checking).rejects.toThrow('the features changed');
    expect(pauses).toBe(3);
  });
});
