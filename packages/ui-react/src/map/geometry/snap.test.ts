import type { Position } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { snapPoint } from './snap';

/** 100 px to a degree, y down: enough of a screen for the rule. */
const toScreen = ([lng = 0, lat = 0]: Position) => ({ x: lng * 100, y: -lat * 100 });
const square: Position[] = [[1, 1], [2, 1], [2, 2], [1, 2], [1, 1]];

describe('snapPoint', () => {
  it('snaps to a vertex within reach, returning its own position', () => {
    const snapped = snapPoint([square], toScreen, { x: 206, y: -195 }, 10);
    expect(snapped).toEqual({ kind: 'vertex', position: [2, 2] });
    expect(snapped?.kind === 'vertex' && snapped.position).toBe(square[2]);
  });

  it('prefers a vertex within reach over a nearer edge', () => {
    expect(snapPoint([square], toScreen, { x: 193, y: -101 }, 10)).toEqual({ kind: 'vertex', position: [2, 1] });
  });

  it('snaps to the nearest point of an edge when no vertex is within reach', () => {
    expect(snapPoint([square], toScreen, { x: 150, y: -104 }, 10)).toEqual({ kind: 'edge', point: { x: 150, y: -100 } });
  });

  it('snaps to nothing beyond reach, and picks the nearest of several rings', () => {
    expect(snapPoint([square], toScreen, { x: 150, y: -150 }, 10)).toBeUndefined();
    const other: Position[] = [[2.05, 2.05], [3, 2.05], [3, 3]];
    expect(snapPoint([square, other], toScreen, { x: 204, y: -204 }, 10)).toEqual({ kind: 'vertex', position: [2.05, 2.05] });
  });
});
