import type * as TopoJSON from 'topojson-specification';
import LAND_50M_URL from 'world-atlas/land-50m.json?url';
import { FeatureCanvas, type CanvasFeature } from './feature-canvas';
import type { LandReply, LandRequest } from './land-protocol';
import { landSteps, unpackLand, type LandShape, type PackedLand } from './land-shapes';
import { L } from './leaflet';

/** The map's CRS: the WMTS grid of the map-server mode is EPSG:4326, and the offline base map draws in any CRS. */
export const MAP_CRS = L.CRS.EPSG4326;

/** A pane under the features for the base map, so it stays below them whatever loads first. */
export const BASE_PANE = 'gportal-base';

/** Land: an opaque fill, its outline drawn apart as the coastline (the pieces a continent is cut into must not show their edges). */
const LAND_FILL_STYLE: L.PathOptions = { stroke: false, fillColor: '#eef0e6', fillOpacity: 1, interactive: false };
const COAST_STYLE: L.PathOptions = { color: '#8c9aa8', weight: 1, fill: false, interactive: false };

/** The land outlines may be large on a slow line; past this the map goes on without them. */
const LAND_TIMEOUT_MS = 30_000;

/** The land worker's name (in the browser's task manager and devtools, and for tests that block it). */
export const LAND_WORKER_NAME = 'gportal-land';

/**
 * The embedded mode's offline base map: Natural Earth 1:50m land (its outline is the
 * coastline), shipped with the app from `world-atlas` as a data file beside the scripts (data,
 * not JavaScript: nothing to parse as code) and loaded on demand, so no tile server is needed.
 * Country borders are left out on purpose: the app shows no political boundaries it does not own.
 * Read, decoded and cut in the land worker where the page has workers; on the main thread, in
 * slices, where it has none or the worker fails. Rejects when the land cannot be read.
 */
export async function naturalEarthLayer(): Promise<L.Layer> {
  // Drawn as the feature map draws its features (culled through an index, simplified for the
  // zoom, painted by the raster workers): Leaflet's own canvas projects and paints every
  // coastline on the main thread at every zoom, tasks of 50 to 200 ms.
  const land = new FeatureCanvas({
    pane: BASE_PANE,
    padding: 0.1,
    simplifyTolerance: LAND_SIMPLIFY_PX,
    hitTolerance: { mouse: 0, touch: 0 },
    className: 'gportal-base-canvas',
    attribution: 'Natural Earth',
    mainThreadPositions: LAND_MAIN_THREAD_POSITIONS,
  });
  const packed = await landFromWorker();
  if (packed) {
    void inSlices(unpackLand(packed)).then((shapes) => land.setFeatures(landFeatures(shapes)));
  } else {
    const [{ feature }, topology] = await Promise.all([import('topojson-client'), readLand()]);
    void inSlices(landSteps(topology, feature)).then((shapes) => land.setFeatures(landFeatures(shapes)));
  }
  return land;
}

/** The land's topology, read on the main thread. */
async function readLand(): Promise<TopoJSON.Topology> {
  const response = await fetch(LAND_50M_URL, { signal: AbortSignal.timeout(LAND_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`Natural Earth land: HTTP ${response.status}`);
  return (await response.json()) as Promise<TopoJSON.Topology>;
}

/**
 * The land's shapes from a land worker (started for this one answer, then stopped): `undefined`
 * where the page has no workers, or the worker did not start or failed after reading the land
 * (the main thread then does the work); rejects when the land could not be read.
 */
function landFromWorker(): Promise<PackedLand | undefined> {
  if (typeof Worker === 'undefined') return Promise.resolve(undefined);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./land.worker.ts', import.meta.url), { type: 'module', name: LAND_WORKER_NAME });
  } catch {
    return Promise.resolve(undefined);
  }
  return new Promise<PackedLand | undefined>((resolve, reject) => {
    worker.onmessage = ({ data: reply }: MessageEvent<LandReply>) => {
      worker.terminate();
      if (reply.kind === 'done') resolve(reply.packed);
      else if (reply.kind === 'unread') reject(new Error(reply.message));
      else resolve(undefined);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve(undefined);
    };
    const request: LandRequest = { url: new URL(LAND_50M_URL, document.baseURI).href, timeoutMs: LAND_TIMEOUT_MS };
    worker.postMessage(request);
  });
}

/**
 * Land over a view with at most this many positions (after simplification) is painted on the
 * main thread: opaque fills and one-pixel coastlines paint in a few milliseconds, and the land
 * then never waits behind the features' repaint in the raster workers. A view of a continent or
 * the world, with more, is painted by the workers.
 */
const LAND_MAIN_THREAD_POSITIONS = 4_000;

/** How far, in pixels, a coastline position is simplified away: as the features are. */
const LAND_SIMPLIFY_PX = 1;

/** Main-thread time the land is decoded, cut or unpacked for before other tasks run. */
const LAND_SLICE_MS = 8;

/**
 * Runs `steps` to their end, a slice of about `LAND_SLICE_MS` per task, so the page stays
 * responsive while the base map is made; answers what they yielded, in order.
 */
async function inSlices<T>(steps: Iterator<T[]>): Promise<T[]> {
  const made: T[] = [];
  let sliceStart = performance.now();
  for (let step = steps.next(); !step.done; step = steps.next()) {
    made.push(...step.value);
    if (performance.now() - sliceStart >= LAND_SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = performance.now();
    }
  }
  return made;
}

/** The land's features for the canvas: opaque fills without outline, then the coastline over them. */
function landFeatures(shapes: readonly LandShape[]): CanvasFeature[] {
  const fills: CanvasFeature[] = [];
  const coasts: CanvasFeature[] = [];
  for (const { kind, shape } of shapes) {
    if (kind === 'fill') fills.push({ id: `land ${fills.length}`, shape, style: LAND_FILL_STYLE });
    else coasts.push({ id: `coast ${coasts.length}`, shape, style: COAST_STYLE });
  }
  return [...fills, ...coasts];
}

/**
 * The map-server mode's base map: the WMTS layer `cite:vec_town` through the GeoServer adapter's
 * URL helper. `credentialsOrigin` is the map server's (any URL on it): tiles from another origin
 * load anonymously, without the browser's cookies.
 */
export async function wmtsBaseLayer(url: string, credentialsOrigin?: string): Promise<L.Layer> {
  // Loaded on demand, like the rest of the map-server adapters, so the embedded build never fetches it.
  const { wmtsTileLayer } = await import('@gportal/adapters-geoserver');
  const tiles = wmtsTileLayer({ url, ...(credentialsOrigin === undefined ? {} : { credentialsOrigin }) });
  if (L.CRS[tiles.crs] !== MAP_CRS) throw new Error(`the WMTS layer needs ${tiles.crs}, the map is EPSG4326`);
  return L.tileLayer(tiles.urlTemplate, { ...tiles.tileLayerOptions, className: 'gportal-wmts' });
}

/** The base layer of a map: the WMTS layer when a WMTS URL is configured, the offline map otherwise. */
export function baseLayerOf(wmtsUrl: string | undefined, credentialsOrigin?: string): () => Promise<L.Layer> {
  return wmtsUrl ? () => wmtsBaseLayer(wmtsUrl, credentialsOrigin) : naturalEarthLayer;
}
