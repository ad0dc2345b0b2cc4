import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import land110m from 'world-atlas/land-110m.json';
import LAND_50M_URL from 'world-atlas/land-50m.json?url';
import { BASE_PANE, naturalEarthLayer } from './base-layer';
import { FeatureCanvas } from '../canvas/feature-canvas';
import { L } from '../leaflet';

/**
 * When the offline base map reads its land (`naturalEarthLayer`): with `after` (the map's own
 * layer shown), once it settles or after 3 s, whichever comes first; without it, at once. The page
 * has no `Worker`, so the land is read and decoded on the main thread; `fetch` answers the land
 * file with Natural Earth 1:110m (the same shape of file as the 1:50m the app ships, smaller).
 */

/** The land file as `naturalEarthLayer` asks for it: absolute, against the page. */
const landUrl = new URL(LAND_50M_URL, document.baseURI).href;

/** The whole world: every land shape's box meets it. */
const world = L.latLngBounds([-90, -180], [90, 180]);

/** The URLs the page fetched, in order. */
let fetched: string[];

beforeEach(() => {
  vi.useFakeTimers();
  fetched = [];
  vi.stubGlobal('Worker', undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      fetched.push(input instanceof Request ? input.url : String(input));
      return new Response(JSON.stringify(land110m), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(async () => {
  // The decoding's slices left waiting, if any, run before the clock is real again.
  await vi.runOnlyPendingTimersAsync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The base map's land layer once its land is decoded and drawn: a `FeatureCanvas` in the base pane with the land's shapes. */
async function expectLandLayer(layer: Promise<L.Layer>): Promise<void> {
  const land = await layer;
  expect(land).toBeInstanceOf(FeatureCanvas);
  expect(land.options.pane).toBe(BASE_PANE);
  // The shapes are decoded after the layer resolves (on the main thread, in slices).
  await vi.runAllTimersAsync();
  expect((land as FeatureCanvas).shapesNear(world).length).toBeGreaterThan(100);
}

describe('naturalEarthLayer reading the land after the layer it is shown under', () => {
  /**
   * The 3-second cap: a layer that never shows does not hold the land back for ever. Nothing is
   * fetched at 2 999 ms; at 3 000 ms the land file is fetched, once, and the layer resolves.
   */
  it('reads the land after 3 seconds when the layer shown first never settles', async () => {
    const layer = naturalEarthLayer(new Promise(() => undefined));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(fetched).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetched).toEqual([landUrl]);
    await expectLandLayer(layer);
    expect(fetched).toEqual([landUrl]);
  });

  /** The land waits for the layer shown first, and no longer: it is fetched as that layer settles at 500 ms, not at the cap. */
  it('reads the land as soon as the layer shown first settles', async () => {
    const layer = naturalEarthLayer(new Promise((resolve) => setTimeout(resolve, 500)));
    await vi.advanceTimersByTimeAsync(499);
    expect(fetched).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetched).toEqual([landUrl]);
    await expectLandLayer(layer);
  });

  /** A layer that fails to show is settled too: the land is read at once, and its failure is not the land's. */
  it('reads the land when the layer shown first fails', async () => {
    const layer = naturalEarthLayer(Promise.reject(new Error('the layer could not be shown')));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched).toEqual([landUrl]);
    await expectLandLayer(layer);
  });

  /** With nothing to wait for, the land file is fetched at once, before any time passes. */
  it('reads the land at once without a layer to wait for', async () => {
    const layer = naturalEarthLayer();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched).toEqual([landUrl]);
    await expectLandLayer(layer);
  });
});
