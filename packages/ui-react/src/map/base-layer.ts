import type * as TopoJSON from 'topojson-specification';
import LAND_50M_URL from 'world-atlas/land-50m.json?url';
import { L } from './leaflet';

/** The map's CRS: the WMTS grid of the map-server mode is EPSG:4326, and the offline base map draws in any CRS. */
export const MAP_CRS = L.CRS.EPSG4326;

/** A pane under the features for the base map, so it stays below them whatever loads first. */
export const BASE_PANE = 'gportal-base';

const LAND_STYLE: L.PathOptions = { color: '#8c9aa8', weight: 1, fillColor: '#eef0e6', fillOpacity: 1, interactive: false };

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
  // GeoJSON hands these options to every path it makes: one canvas in the base pane for all land.
  const options: L.GeoJSONOptions & L.PathOptions = {
    style: LAND_STYLE,
    pane: BASE_PANE,
    renderer: L.canvas({ padding: 0.5, pane: BASE_PANE }),
    attribution: 'Natural Earth',
  };
  const layer = L.geoJSON(undefined, options);
  void addInSlices(layer, landPieces(landObject).map((piece) => () => feature(topology, piece)));
  return layer;
}

/** Land polygons decoded and added at a time: decoding all 1 419 of land-50m at once is a task of 300 ms or more on a slow machine. */
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

/** Decodes and adds the pieces one per task, so the page stays responsive while the base map fills in. */
async function addInSlices(layer: L.GeoJSON, pieces: Array<() => GeoJSON.GeoJsonObject>): Promise<void> {
  for (const piece of pieces) {
    layer.addData(piece());
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
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
