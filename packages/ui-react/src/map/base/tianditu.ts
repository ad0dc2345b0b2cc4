import type { Locale } from '../../i18n/messages';
import { L } from '../leaflet';

/** The two Tianditu base maps: vector (`vec` with its annotation) and imagery (`img` with its). */
export type TiandituMap = 'vector' | 'imagery';

/**
 * Tianditu's WMTS layers: the map and its annotation, in Chinese (`cva`, `cia`) or English
 * (`eva`, `eia`), all in the `c` tile matrix set (lon/lat, CGCS2000).
 */
const LAYERS: Readonly<Record<TiandituMap, { map: string; annotation: Readonly<Record<Locale, string>> }>> = {
  vector: { map: 'vec', annotation: { 'zh-CN': 'cva', en: 'eva' } },
  imagery: { map: 'img', annotation: { 'zh-CN': 'cia', en: 'eia' } },
};

/** The tile hosts, `t0` to `t7`: the only origins the content security policy adds for Tianditu. */
export const TIANDITU_SUBDOMAINS = '01234567';

/**
 * The `c` matrix set's level 1 is the world in two tiles, as Leaflet's EPSG:4326 zoom 0 is: a
 * tile's matrix is the map's zoom plus one (a layer wired without it lands a level off).
 */
const ZOOM_OFFSET = 1;
/** The deepest level Tianditu serves in `c` (18), as a map zoom; past it the tiles are scaled. */
const MAX_NATIVE_ZOOM = 18 - ZOOM_OFFSET;

/** The KVP GetTile template of one Tianditu layer, for Leaflet (`{s}`, `{z}`, `{y}`, `{x}`). */
export function tiandituTileUrl(layer: string, key: string): string {
  const query = `SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}&STYLE=default&TILEMATRIXSET=c&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(key)}`;
  return `https://t{s}.tianditu.gov.cn/${layer}_c/wmts?${query}`;
}

/** Options of {@link tiandituLayers}. */
export interface TiandituOptions {
  key: string;
  /** The UI language: the annotation follows it. */
  locale: Locale;
  /** The attribution, in the UI language (`© 天地图` and the map review number). */
  attribution: string;
  /** The pane the tiles go in (over the offline land, under the features). */
  pane: string;
  /** Told of a tile that failed to load. */
  onTileError(): void;
}

/** The map and its annotation as two tile layers, the map first. */
export function tiandituLayers(map: TiandituMap, { key, locale, attribution, pane, onTileError }: TiandituOptions): L.TileLayer[] {
  const { map: mapLayer, annotation } = LAYERS[map];
  return [mapLayer, annotation[locale]].map((layer, index) => {
    const tiles = L.tileLayer(tiandituTileUrl(layer, key), {
      subdomains: TIANDITU_SUBDOMAINS,
      zoomOffset: ZOOM_OFFSET,
      maxNativeZoom: MAX_NATIVE_ZOOM,
      pane,
      className: `gportal-tianditu gportal-tianditu-${index === 0 ? 'map' : 'annotation'}`,
      // Tiles from another origin, loaded without the browser's cookies.
      crossOrigin: 'anonymous',
      ...(index === 0 ? { attribution } : {}),
    });
    tiles.on('tileerror', onTileError);
    return tiles;
  });
}
