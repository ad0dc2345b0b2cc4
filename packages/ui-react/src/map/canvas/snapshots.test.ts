import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBitmap, recordContexts } from '../../test-support/raster-fakes';
import { CACHED_ZOOMS, CanvasSnapshots, SPARE_COPIES } from './snapshots';

const area = { left: 0, top: 0, width: 100, height: 80 };

/** The canvas the snapshots copy from, of the given size. */
function shownCanvas(width = 100, height = 80): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

describe('CanvasSnapshots', () => {
  let created: HTMLCanvasElement[];

  beforeEach(() => {
    recordContexts(() => undefined);
    vi.stubGlobal('ImageBitmap', FakeBitmap);
    created = [];
    const create = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation(((name: string) => {
      const element = create(name);
      if (name === 'canvas') created.push(element as HTMLCanvasElement);
      return element;
    }) as typeof document.createElement);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('copies into the copy a snapshot of the same zoom held before, making no new canvas', () => {
    const snapshots = new CanvasSnapshots();
    const source = shownCanvas();
    created = [];
    snapshots.keep(11, area, source);
    const first = snapshots.at(11)?.layers[0];
    snapshots.keep(11, { ...area, left: 50 }, source);
    expect(created).toHaveLength(1);
    expect(snapshots.at(11)?.layers[0]).toBe(first);
    expect(snapshots.at(11)?.area.left).toBe(50);
  });

  it('copies into a copy no snapshot holds any more when the one it replaces held worker bitmaps', () => {
    const snapshots = new CanvasSnapshots();
    const source = shownCanvas();
    created = [];
    snapshots.keep(10, area, source);
    const copy = snapshots.at(10)?.layers[0];
    // The features changed: the snapshots are dropped, the last shown one stays on until the repaint.
    snapshots.drop();
    expect(snapshots.spareCopies).toBe(0);
    const bitmap = new FakeBitmap(0, 1) as unknown as ImageBitmap;
    // The workers' repaint arrives (the last shown copy is let go), then a pan is painted here.
    snapshots.keep(11, area, [bitmap]);
    expect(snapshots.spareCopies).toBe(1);
    snapshots.keep(11, area, source);
    expect(created).toHaveLength(1);
    expect(snapshots.at(11)?.layers).toEqual([copy]);
    expect((bitmap as unknown as FakeBitmap).close).toHaveBeenCalledTimes(1);
    expect(snapshots.spareCopies).toBe(0);
  });

  it('prefers a spare copy of the source’s size and makes a new one when none is spare', () => {
    const snapshots = new CanvasSnapshots();
    const small = shownCanvas(50, 40);
    const large = shownCanvas();
    snapshots.keep(9, area, small);
    snapshots.keep(10, area, large);
    const [smallCopy, largeCopy] = [snapshots.at(9)?.layers[0], snapshots.at(10)?.layers[0]];
    snapshots.drop();
    snapshots.keep(11, area, [new FakeBitmap(0, 1) as unknown as ImageBitmap]);
    expect(snapshots.spareCopies).toBe(2);
    created = [];
    snapshots.keep(12, area, large);
    expect(snapshots.at(12)?.layers).toEqual([largeCopy]);
    snapshots.keep(13, area, large);
    expect(snapshots.at(13)?.layers).toEqual([smallCopy]);
    expect((smallCopy as HTMLCanvasElement).width).toBe(100);
    snapshots.keep(14, area, large);
    expect(created).toHaveLength(1);
  });

  it('makes a spare copy ahead, its pixels allocated, which the next copy of that size goes into', () => {
    const calls: string[] = [];
    recordContexts(([name]) => calls.push(name));
    const snapshots = new CanvasSnapshots();
    const source = shownCanvas();
    snapshots.prepareSpare(100, 80);
    snapshots.prepareSpare(100, 80);
    expect(snapshots.spareCopies).toBe(1);
    expect(created).toHaveLength(2);
    // A pixel drawn and read back: the browser allocates its pixels then.
    expect(calls).toEqual(['fillRect', 'getImageData']);
    const prepared = created[1];
    snapshots.keep(11, area, source);
    expect(created).toHaveLength(2);
    expect(snapshots.at(11)?.layers).toEqual([prepared]);
    expect(snapshots.spareCopies).toBe(0);
  });

  it('keeps no more spare copies than its cap, and none once cleared', () => {
    const snapshots = new CanvasSnapshots();
    const source = shownCanvas();
    for (let zoom = 0; zoom < CACHED_ZOOMS; zoom += 1) snapshots.keep(zoom, area, source);
    snapshots.drop();
    snapshots.keep(20, area, [new FakeBitmap(0, 1) as unknown as ImageBitmap]);
    expect(snapshots.spareCopies).toBe(SPARE_COPIES);
    snapshots.clear();
    expect(snapshots.spareCopies).toBe(0);
  });

  it('never hands out a copy a kept snapshot still shows', () => {
    const snapshots = new CanvasSnapshots();
    const source = shownCanvas();
    snapshots.keep(11, area, source);
    const kept = snapshots.at(11)?.layers ?? [];
    // Painted over: the snapshot of this zoom grows by the added features and holds the same copy.
    snapshots.keep(11, area, kept);
    expect(snapshots.spareCopies).toBe(0);
    snapshots.keep(12, area, source);
    expect(snapshots.at(12)?.layers[0]).not.toBe(kept[0]);
    expect(snapshots.at(11)?.layers).toEqual(kept);
  });
});
