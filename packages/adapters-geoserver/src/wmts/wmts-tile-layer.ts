import { DEFAULT_CRS, DEFAULT_TILE_LAYER, DEFAULT_TILE_SIZE, ValidationError } from '@gportal/core';
import { assertNoUserInfo, sameOrigin } from '../http/index.js';
import { definedOnly } from '../util/defined-only.js';

/** Name of a Leaflet CRS (`L.CRS[name]`); the adapters never import Leaflet themselves. */
export type LeafletCrsName = 'EPSG4326' | 'EPSG3857';

/**
 * Tile matrix sets whose level z has the tiles of Leaflet's zoom z in that CRS: GeoWebCache's
 * (GeoServer) and QGIS Server's `EPSG:4326` grid starts with 2 × 1 tiles of 0.703125° per pixel at
 * level 0, as Leaflet's `EPSG4326`; the Web Mercator grids start with one tile.
 */
const TILE_MATRIX_SETS: Readonly<Record<string, { crs: LeafletCrsName }>> = {
  'EPSG:4326': { crs: 'EPSG4326' },
  'EPSG:3857': { crs: 'EPSG3857' },
  'EPSG:900913': { crs: 'EPSG3857' },
};

/** Options of {@link wmtsTileLayer}; the defaults are in {@link WMTS_TILE_LAYER_DEFAULTS}. */
export interface WmtsTileLayerOptions {
  /** The WMTS endpoint: `/geoserver/gwc/service/wmts` on GeoServer, `…/ows` on QGIS Server. */
  url: string;
  layer?: string;
  tileMatrixSet?: string;
  format?: string;
  tileSize?: number;
  /** Empty: the layer's default style. */
  style?: string;
  /**
   * What comes before the level in a TileMatrix identifier: GeoWebCache names them
   * `EPSG:4326:5` (the default, `<tileMatrixSet>:`), QGIS Server just `5` (give `''`).
   */
  tileMatrixPrefix?: string;
  /**
   * The map server (any URL on its origin), the only origin credentials go to. Tiles from any
   * other origin are loaded anonymously, without the browser's cookies. Defaults to `url` itself.
   */
  credentialsOrigin?: string;
}

/** The defaults of `WmtsTileLayerOptions`, in one place (spec section 7: `cite:vec_town`, EPSG:4326, PNG, 256 px). */
export const WMTS_TILE_LAYER_DEFAULTS = {
  layer: DEFAULT_TILE_LAYER,
  tileMatrixSet: DEFAULT_CRS,
  format: 'image/png',
  tileSize: DEFAULT_TILE_SIZE,
  style: '',
} as const;

/** What Leaflet needs for the base map's WMTS tiles, from {@link wmtsTileLayer}. */
export interface WmtsTileLayer {
  /** For `L.tileLayer(urlTemplate, tileLayerOptions)`: a KVP GetTile URL with `{z}`, `{x}`, `{y}`. */
  urlTemplate: string;
  /**
   * `crossOrigin: 'anonymous'` when the tiles are on another origin than the map server: the
   * browser then sends no cookies with them, and that tile server must allow CORS.
   */
  tileLayerOptions: { tileSize: number; zoomOffset: number; crossOrigin?: 'anonymous' };
  /** The map's CRS: `L.map(element, { crs: L.CRS[crs] })`. */
  crs: LeafletCrsName;
}

/** The Leaflet tile layer settings of a WMTS layer, requested as KVP GetTile. */
export function wmtsTileLayer(options: WmtsTileLayerOptions): WmtsTileLayer {
  const settings = { ...WMTS_TILE_LAYER_DEFAULTS, ...definedOnly(options) } as
    typeof WMTS_TILE_LAYER_DEFAULTS & WmtsTileLayerOptions;
  const matrixSet = TILE_MATRIX_SETS[settings.tileMatrixSet];
  if (!matrixSet) {
    throw new ValidationError({ tileMatrixSet: `no Leaflet CRS matches ${settings.tileMatrixSet}; use ${Object.keys(TILE_MATRIX_SETS).join(', ')}` });
  }
  assertNoUserInfo(settings.url, 'url');
  const prefix = settings.tileMatrixPrefix ?? `${settings.tileMatrixSet}:`;
  const query = [
    ['SERVICE', 'WMTS'],
    ['REQUEST', 'GetTile'],
    ['VERSION', '1.0.0'],
    ['LAYER', settings.layer],
    ['STYLE', settings.style],
    ['TILEMATRIXSET', settings.tileMatrixSet],
    ['FORMAT', settings.format],
  ]
    .map(([key, value]) => `${key}=${encodeURIComponent(value as string)}`)
    .join('&');
  // Leaflet fills {z}/{x}/{y}; they must stay unencoded.
  const tiles = `TILEMATRIX=${encodeURIComponent(prefix)}{z}&TILEROW={y}&TILECOL={x}`;
  const separator = settings.url.includes('?') ? '&' : '?';
  return {
    urlTemplate: `${settings.url}${separator}${query}&${tiles}`,
    tileLayerOptions: {
      tileSize: settings.tileSize,
      zoomOffset: 0,
      ...(sameOrigin(settings.url, settings.credentialsOrigin ?? settings.url) ? {} : { crossOrigin: 'anonymous' as const }),
    },
    crs: matrixSet.crs,
  };
}
