import LAND_50M_URL from 'world-atlas/land-50m.json?url';
import { FeatureCanvas, type CanvasFeature } from '../canvas';
import { deferred } from '../../ui/deferred';
import { fetchLandTopology, landSteps, unpackLand, type LandReply, type LandRequest, type LandShape } from './land-decode';
import { L } from '../leaflet';
import type { BaseMapChoice } from './base-map-choice';
import { tiandituLayers, type TiandituOptions } from './tianditu';

/** The map's CRS: the WMTS grid of the map-server mode is EPSG:4326, and the offline base map draws in any CRS. */
export const MAP_CRS = L.CRS.EPSG4326;

/** A pane under the features for the base map, so it stays below them whatever loads first. */
export const BASE_PANE = 'gportal-base';

/** A pane over the offline land for tiles shown on it (Tianditu): where a tile fails, the land shows. */
export const BASE_TILES_PANE = 'gportal-base-tiles';

/** Land: an opaque fill, its outline drawn apart as the coastline (the pieces a continent is cut into must not show their edges). */
const LAND_FILL_STYLE: L.PathOptions = { stroke: false, fillColor: '#eef0e6', fillOpacity: 1, interactive: false };
const COAST_STYLE: L.PathOptions = { color: '#8c9aa8', weight: 1, fill: false, interactive: false };

/** The land outlines may be large on a slow line; past this the map goes on without them. */
const LAND_TIMEOUT_MS = 30_000;

/** How long the land waits for the layer it is shown under to show first (`naturalEarthLayer`'s `after`). */
const LAND_WAIT_MS = 3_000;

/**
 * The embedded mode's offline base map: Natural Earth 1:50m land (its outline is the
 * coastline), shipped with the app from `world-atlas` as a data file beside the scripts (data,
 * not JavaScript: nothing to parse as code) and loaded on demand, so no tile server is needed.
 * Country borders are left out on purpose: the app shows no political boundaries it does not own.
 * Resolves once the land file is read (rejects when it cannot be); the land shows when it is
 * decoded, in the land worker (`land.worker.ts`), or on the main thread in slices where the page
 * has no workers or the worker fails. With `after` (a map's layer shown), the land is read once
 * it has settled, or after `LAND_WAIT_MS`: decoding the land takes a few hundred milliseconds of
 * processor time, which on a machine of two cores the layer's opening would otherwise wait for.
 */
export async function naturalEarthLayer(after?: Promise<unknown>): Promise<L.Layer> {
  if (after) await Promise.race([after.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, LAND_WAIT_MS))]);
  const { shapes } = await readLand();
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
  shapes.then(
    (read) => land.setFeatures(canvasFeaturesOf(read)),
    // The file was read, but its land could not be decoded: the map goes on without it.
    () => undefined,
  );
  return land;
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

/** The land's canvas features: opaque fills without outline, then the coastline over them. */
function canvasFeaturesOf(shapes: readonly LandShape[]): CanvasFeature[] {
  const fills: CanvasFeature[] = [];
  const coasts: CanvasFeature[] = [];
  for (const { kind, shape } of shapes) {
    if (kind === 'fill') fills.push({ id: `land ${fills.length}`, shape, style: LAND_FILL_STYLE });
    else coasts.push({ id: `coast ${coasts.length}`, shape, style: COAST_STYLE });
  }
  return [...fills, ...coasts];
}

/** The land being read: `shapes` once it is decoded (wrapped, so that awaiting the read does not wait for the decoding). */
interface LandRead {
  shapes: Promise<LandShape[]>;
}

/** The worker could not run (it did not load, or the page forbids it): the main thread reads the land instead. */
class NoLandWorker extends Error {}

/** Reads the land file, in the land worker where the page can run it, else on the main thread. */
async function readLand(): Promise<LandRead> {
  const url = new URL(LAND_50M_URL, document.baseURI).href;
  const worker = startLandWorker();
  if (worker) {
    try {
      return await readLandInWorker(worker, url);
    } catch (error) {
      if (!(error instanceof NoLandWorker)) throw error;
    }
  }
  return readLandOnMainThread(url);
}

function startLandWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  try {
    return new Worker(new URL('./land.worker.ts', import.meta.url), { type: 'module', name: 'gportal-land' });
  } catch {
    return undefined;
  }
}

/**
 * The land read and decoded by `worker`: resolves when the file is read, rejects with the reason
 * when it cannot be, and with `NoLandWorker` when the worker fails before. A worker that fails
 * after reading the file hands the decoding to the main thread, which reads the file again.
 */
function readLandInWorker(worker: Worker, url: string): Promise<LandRead> {
  return new Promise((resolveRead, rejectRead) => {
    let loaded = false;
    const blocks: LandShape[][] = [];
    const shapes = deferred<LandShape[]>();
    const fail = (reason: Error) => {
      worker.terminate();
      if (!loaded) rejectRead(reason);
      else readLandOnMainThread(url).then((read) => read.shapes).then(shapes.resolve, shapes.reject);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail(new NoLandWorker(event.message));
    };
    worker.onmessage = ({ data: reply }: MessageEvent<LandReply>) => {
      switch (reply.kind) {
        case 'loaded':
          loaded = true;
          resolveRead({ shapes: shapes.promise });
          break;
        case 'shapes':
          // Read back as it comes, a block per task; the canvas gets them all at once.
          blocks.push(unpackLand(reply));
          break;
        case 'done':
          worker.terminate();
          shapes.resolve(blocks.flat());
          break;
        case 'failed':
          fail(new Error(reply.message));
          break;
      }
    };
    worker.postMessage({ url, timeoutMs: LAND_TIMEOUT_MS } satisfies LandRequest);
  });
}

/** The land read and decoded on the main thread (decoded in slices, `decodeInSlices`). */
async function readLandOnMainThread(url: string): Promise<LandRead> {
  const [{ feature }, topology] = await Promise.all([import('./topojson-feature'), fetchLandTopology(url, LAND_TIMEOUT_MS)]);
  return { shapes: decodeInSlices(landSteps(topology, feature)) };
}

/** Main-thread time the land is decoded and cut for before other tasks run. */
const LAND_SLICE_MS = 8;

/** Takes the decoding's steps a slice of about `LAND_SLICE_MS` per task, so the page stays responsive while the base map is read. */
async function decodeInSlices(steps: Iterable<LandShape[]>): Promise<LandShape[]> {
  const shapes: LandShape[] = [];
  let sliceStart = performance.now();
  for (const step of steps) {
    shapes.push(...step);
    if (performance.now() - sliceStart < LAND_SLICE_MS) continue;
    await new Promise((resolve) => setTimeout(resolve, 0));
    sliceStart = performance.now();
  }
  return shapes;
}

/**
 * The map-server mode's base map: the WMTS layer `cite:vec_town` through the GeoServer adapter's
 * URL helper. `credentialsOrigin` is the map server's (any URL on it): tiles from another origin
 * load anonymously, without the browser's cookies.
 */
export async function wmtsBaseLayer(url: string, credentialsOrigin?: string): Promise<L.Layer> {
  // Loaded on demand, like the rest of the map-server adapters, so the embedded build never fetches it.
  const { wmtsTileLayer } = await import('./wmts-adapter');
  const tiles = wmtsTileLayer({ url, ...(credentialsOrigin === undefined ? {} : { credentialsOrigin }) });
  if (L.CRS[tiles.crs] !== MAP_CRS) throw new Error(`the WMTS layer needs ${tiles.crs}, the map is EPSG4326`);
  return L.tileLayer(tiles.urlTemplate, { ...tiles.tileLayerOptions, className: 'gportal-wmts' });
}

/**
 * The base layer of a map: the WMTS layer when a WMTS URL is configured, the offline map
 * otherwise. `after` (the map's own layer shown) holds back the offline map's land until then
 * (`naturalEarthLayer`); WMTS tiles are fetched and decoded by the browser, and do not wait.
 */
export function baseLayerOf(wmtsUrl: string | undefined, credentialsOrigin?: string): (after?: Promise<unknown>) => Promise<L.Layer> {
  return wmtsUrl ? () => wmtsBaseLayer(wmtsUrl, credentialsOrigin) : naturalEarthLayer;
}

/** What {@link baseMapLayerOf} needs to make each choice. */
export interface BaseMapSources {
  /** The map server's WMTS endpoint (map-server mode). */
  wmtsUrl?: string;
  credentialsOrigin?: string;
  /** Tianditu's key and the rest (see `tiandituLayers`); without it, no Tianditu map. */
  tianditu?: Omit<TiandituOptions, 'pane'>;
}

/**
 * The base layer of a chosen base map: the offline land, the server's WMTS, or a Tianditu map
 * (its tiles and annotation over the offline land, which shows wherever a tile fails).
 */
export function baseMapLayerOf(choice: BaseMapChoice, { wmtsUrl, credentialsOrigin, tianditu }: BaseMapSources): (after?: Promise<unknown>) => Promise<L.Layer> {
  if (choice === 'server' && wmtsUrl) return () => wmtsBaseLayer(wmtsUrl, credentialsOrigin);
  if ((choice === 'tianditu-vector' || choice === 'tianditu-imagery') && tianditu) {
    return async (after) => {
      const group = L.layerGroup(tiandituLayers(choice === 'tianditu-vector' ? 'vector' : 'imagery', { ...tianditu, pane: BASE_TILES_PANE }));
      // The tiles do not wait for the land: it comes beneath them once read.
      naturalEarthLayer(after).then(
        (land) => group.addLayer(land),
        () => undefined,
      );
      return group;
    };
  }
  return naturalEarthLayer;
}
