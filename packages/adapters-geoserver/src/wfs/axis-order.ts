import { LON_LAT_SRS_NAME, type GmlVersion } from './wfs-protocol.js';

/**
 * Axis order of GML coordinates. Servers and OpenLayers disagree on it for the same srsName
 * (`scripts/wfs-server/README.md`, "QGIS 3.22 behaviour to know"): OpenLayers reads every `EPSG:4326` form but the CRS84 ones as
 * lat/lon, GeoServer writes `http://www.opengis.net/gml/srs/epsg.xml#4326` as lon/lat, and QGIS
 * Server labels a `CRS:84` query `EPSG:4326` while writing lon/lat. So the adapter decides the
 * order itself from this table and tells OpenLayers with an unambiguous label.
 */
export type AxisOrder = 'lon-lat' | 'lat-lon';

type SrsNameForm = 'crs84' | 'epsg-short' | 'epsg-urn' | 'epsg-xml';

const SRS_NAME_FORMS: ReadonlyArray<{ pattern: RegExp; form: SrsNameForm }> = [
  { pattern: /^(?:CRS:84|OGC:CRS84|urn:ogc:def:crs:OGC:[\d.]*:(?:CRS)?84|https?:\/\/www\.opengis\.net\/def\/crs\/OGC\/[\d.]+\/CRS84)$/i, form: 'crs84' },
  { pattern: /^EPSG:(\d+)$/i, form: 'epsg-short' },
  { pattern: /^urn:(?:x-)?ogc:def:crs:EPSG:(?:[\d.]*:)?(\d+)$/i, form: 'epsg-urn' },
  { pattern: /^https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/[\d.]+\/(\d+)$/i, form: 'epsg-urn' },
  { pattern: /^https?:\/\/www\.opengis\.net\/gml\/srs\/epsg\.xml#(\d+)$/i, form: 'epsg-xml' },
];

/**
 * Geographic CRSs whose EPSG definition is latitude first: WGS 84, CGCS2000, Beijing 1954,
 * Xian 1980, ETRS89, NAD83. Projected CRSs are east/north in every form.
 */
const NORTH_EAST_CODES: ReadonlySet<number> = new Set([4326, 4490, 4214, 4610, 4258, 4269]);

/** Labels OpenLayers reads as lon/lat and as lat/lon (`ol/proj/epsg4326`). */
const OPENLAYERS_LABELS: Readonly<Record<AxisOrder, string>> = {
  'lon-lat': LON_LAT_SRS_NAME,
  'lat-lon': 'EPSG:4326',
};

export interface AxisOrderContext {
  gml: GmlVersion;
  /** The srsName the query asked for; QGIS Server labels some answers with another name. */
  requestedSrsName?: string;
}

function classify(srsName: string): { form: SrsNameForm; code?: number } | undefined {
  for (const { pattern, form } of SRS_NAME_FORMS) {
    const match = pattern.exec(srsName.trim());
    if (match) return match[1] ? { form, code: Number(match[1]) } : { form };
  }
  return undefined;
}

/** The order of the coordinates a server wrote under `srsName` (missing or unknown: lon/lat). */
export function axisOrderOf(srsName: string | null | undefined, context: AxisOrderContext): AxisOrder {
  const parsed = srsName ? classify(srsName) : undefined;
  if (!parsed || parsed.code === undefined || !NORTH_EAST_CODES.has(parsed.code)) return 'lon-lat';
  switch (parsed.form) {
    case 'epsg-urn':
      return 'lat-lon';
    case 'epsg-short': {
      // GML 2 (WFS 1.0) is x/y by definition. QGIS Server answers a `CRS:84` query in lon/lat under
      // this label (a `urn:ogc:def:crs:OGC:1.3:CRS84` query is labelled `OGC:CRS84`); otherwise
      // the label means what EPSG defines.
      const mislabelledCrs84 = context.requestedSrsName?.trim().toUpperCase() === 'CRS:84';
      return context.gml === 'GML2' || mislabelledCrs84 ? 'lon-lat' : 'lat-lon';
    }
    default:
      return 'lon-lat';
  }
}

/**
 * Replaces every `srsName` in a GML document with a label OpenLayers reads in the order the
 * server actually used. The label only steers OpenLayers' axis handling: nothing is reprojected.
 */
export function labelAxisOrder(document: Document, context: AxisOrderContext): void {
  for (const element of Array.from(document.getElementsByTagName('*'))) {
    if (!element.hasAttribute('srsName')) continue;
    element.setAttribute('srsName', OPENLAYERS_LABELS[axisOrderOf(element.getAttribute('srsName'), context)]);
  }
}
