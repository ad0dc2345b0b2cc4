import type * as TopoJSON from 'topojson-specification';
import LAND_50M_URL from 'world-atlas/land-50m.json?url';
import type { Geometry } from '@gportal/core';
import { FeatureCanvas, type CanvasFeature } from './feature-canvas';
import { flatShapeOf } from './flat-shape';
import { cutLand } from './land-cells';
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

/**
 * The embedded mode's offline base map: Natural Earth 1:50m land (its outline is the
 * coastline), shipped with the app from `world-atlas` as a data file beside the scripts (data,
 * not JavaScript: nothing to parse as code) and loaded on demand, so no tile server is needed.
 * Country borders are left out on purpose: the app shows no political boundaries it does not own.
 */
export async function naturalEarthLayer(): Promise<L.Layer> {
  const [{ feature }, topology] = await Promise.all([
    import('topojson-client'),
    fetch(LAND_50M_URL, { signal: AbortSignal.timeout(LAND_TIMEOUT_MS) }).then((response) => {
      if (!response.ok) throw new Error(`Natural Earth land: HTTP ${response.status}`);
      return response.json() as Promise<TopoJSON.Topology>;
    }),
  ]);
  const landObject = topology.objects.land;
  if (!landObject) throw new Error('world-atlas land-50m has no "land" object');
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
  void decodeInSlices(landPieces(landObject).map((piece) => () => feature(topology, piece))).then((shapes) => land.setFeatures(shapes));
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

/** Land polygons decoded at a time (then cut, in slices): decoding all 1 419 of land-50m at once is a task of 300 ms or more on a slow machine. */
const LAND_POLYGONS_PER_SLICE = 120;

/** An object of the land topology. */
type LandObject = TopoJSON.Topology['objects'][string];

/** The land object cut into pieces of at most `LAND_POLYGONS_PER_SLICE` polygons, decoded one at a time. */
function landPieces(land: LandObject): LandObject[] {
  const geometries = land.type === 'GeometryCollection' ? land.geometries : [land];
  return geometries.flatMap((geometry) => {
    if (geometry.type !== 'MultiPolygon') return [geometry];
    const pieces: LandObject[] = [];
    for (let start = 0; start < geometry.arcs.length; start += LAND_POLYGONS_PER_SLICE) pieces.push({ type: 'MultiPolygon', arcs: geometry.arcs.slice(start, start + LAND_POLYGONS_PER_SLICE) });
    return pieces;
  });
}

/** Main-thread time the land is decoded and cut for before other tasks run. */
const LAND_SLICE_MS = 8;

/**
 * Decodes the pieces and cuts their polygons into pieces (`land-cells.ts`), a slice of about
 * `LAND_SLICE_MS` per task, so the page stays responsive while the base map is read; answers the
 * land's flat shapes: opaque fills without outline, then the coastline over them.
 */
async function decodeInSlices(pieces: Array<() => GeoJSON.Feature | GeoJSON.FeatureCollection>): Promise<CanvasFeature[]> {
  const fills: CanvasFeature[] = [];
  const coasts: CanvasFeature[] = [];
  let sliceStart = performance.now();
  const pause = async () => {
    if (performance.now() - sliceStart < LAND_SLICE_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    sliceStart = performance.now();
  };
  for (const piece of pieces) {
    const decoded = piece();
    for (const { geometry } of decoded.type === 'FeatureCollection' ? decoded.features : [decoded]) {
      const polygons = geometry?.type === 'MultiPolygon' ? geometry.coordinates : geometry?.type === 'Polygon' ? [geometry.coordinates] : [];
      for (const rings of polygons) {
        for (const step of cutLand(rings as Array<[number, number]>[])) {
          for (const { kind, geometry: cut } of step) {
            const shape = flatShapeOf(cut as Geometry);
            if (!shape) continue;
            if (kind === 'fill') fills.push({ id: `land ${fills.length}`, shape, style: LAND_FILL_STYLE });
            else coasts.push({ id: `coast ${coasts.length}`, shape, style: COAST_STYLE });
          }
          await pause();
        }
      }
    }
    await pause();
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
