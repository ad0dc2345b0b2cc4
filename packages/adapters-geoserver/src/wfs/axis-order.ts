import { bboxIntersects, type BBox, type Geometry } from '@gportal/core';
import type { MapServerKind } from './server-kind.js';
import { LON_LAT_SRS_NAME, type GmlVersion } from './wfs-protocol.js';

/**
 * Axis order of GML coordinates. Servers and OpenLayers disagree on it for the same srsName
 * (`scripts/wfs-server/README.md`, "QGIS 3.22 behaviour to know"): OpenLayers reads every `EPSG:4326` form but the CRS84 ones as
 * lat/lon, GeoServer writes `http://www.opengis.net/gml/srs/epsg.xml#4326` as lon/lat, and QGIS
 * Server labels a `CRS:84` query `EPSG:4326` while writing lon/lat. So the adapter decides the
 * order itself from this table and tells OpenLayers with an unambiguous label.
 *
 * A bare `EPSG:4326` in GML 3 is ambiguous: its order is each server's convention. It is decided by
 * the server that wrote it (`BARE_CODE_ORDERS`), then verified against the layer's WGS84 box
 * (`verifyAxisOrder`); data that only fits the other order is read in that order and reported.
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

/**
 * The order each server writes under a bare `EPSG:<code>` of a latitude-first CRS in GML 3:
 * GeoServer longitude first ("EPSG:4326: longitude/latitude, assumption", its WFS axis-order
 * docs); QGIS Server 3.22 latitude first for a query without srsName or a POST query (longitude
 * first only for a GET `SRSNAME=EPSG:4326`, and in later QGIS versions without srsName too);
 * any other server what EPSG defines, latitude first. `verifyAxisOrder` catches the exceptions.
 */
export const BARE_CODE_ORDERS: Readonly<Record<MapServerKind, AxisOrder>> = {
  geoserver: 'lon-lat',
  'qgis-server': 'lat-lon',
  unknown: 'lat-lon',
};

export interface AxisOrderContext {
  gml: GmlVersion;
  /** The srsName the query asked for; QGIS Server labels some answers with another name. */
  requestedSrsName?: string;
  /** Who wrote the answer (`identifyMapServer`); decides a bare `EPSG:4326`. Default: `unknown`. */
  server?: MapServerKind;
}

function classify(srsName: string): { form: SrsNameForm; code?: number } | undefined {
  for (const { pattern, form } of SRS_NAME_FORMS) {
    const match = pattern.exec(srsName.trim());
    if (match) return match[1] ? { form, code: Number(match[1]) } : { form };
  }
  return undefined;
}

/** Whether the order under `srsName` is a server's convention, not a definition: a bare EPSG code of a latitude-first CRS in GML 3. */
export function isConventionalSrsName(srsName: string, gml: GmlVersion): boolean {
  const parsed = classify(srsName);
  return gml !== 'GML2' && parsed?.form === 'epsg-short' && parsed.code !== undefined && NORTH_EAST_CODES.has(parsed.code);
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
      // this label (a `urn:ogc:def:crs:OGC:1.3:CRS84` query is labelled `OGC:CRS84`).
      const mislabelledCrs84 = context.requestedSrsName?.trim().toUpperCase() === 'CRS:84';
      if (context.gml === 'GML2' || mislabelledCrs84) return 'lon-lat';
      return BARE_CODE_ORDERS[context.server ?? 'unknown'];
    }
    default:
      return 'lon-lat';
  }
}

/** A label of the geometries (not of a `boundedBy` box, which the reader skips) whose order is a convention. */
export interface ConventionalLabel {
  srsName: string;
  /** The order decided for it by `axisOrderOf`. */
  order: AxisOrder;
}

function labelsGeometry(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.localName === 'boundedBy') return false;
  }
  return true;
}

/**
 * Replaces every `srsName` in a GML document with a label OpenLayers reads in the order the
 * server used (as decided here). The label only steers OpenLayers' axis handling: nothing is
 * reprojected. Returns the conventional label of the geometries, if any, for `verifyAxisOrder`.
 */
export function labelAxisOrder(document: Document, context: AxisOrderContext): ConventionalLabel | undefined {
  let conventional: ConventionalLabel | undefined;
  for (const element of Array.from(document.querySelectorAll('[srsName]'))) {
    const srsName = element.getAttribute('srsName') ?? '';
    const order = axisOrderOf(srsName, context);
    if (!conventional && isConventionalSrsName(srsName, context.gml) && labelsGeometry(element)) conventional = { srsName, order };
    element.setAttribute('srsName', OPENLAYERS_LABELS[order]);
  }
  return conventional;
}

/** Whether the features keep the order they were read in, or need their axes swapped. */
export type AxisOrderCheck = 'as-read' | 'swapped';

const swapBox = ([minX, minY, maxX, maxY]: BBox): BBox => [minY, minX, maxY, maxX];
const possibleLonLat = ([minX, minY, maxX, maxY]: BBox): boolean => minY >= -90 && maxY <= 90 && minX >= -180 && maxX <= 180;

/**
 * Checks the lon/lat box of data read in the decided order (`read`): the other order wins only
 * when it alone makes sense, that is when the data read has a latitude beyond ±90° and the
 * swapped one has not, or (with the layer's WGS84 box from GetCapabilities) when the data misses
 * the layer's box and the swapped data meets it. Data that fits neither stays as read: a box
 * from GetCapabilities may be older than the data.
 */
export function verifyAxisOrder(read: BBox, layerBBox?: BBox): AxisOrderCheck {
  const swapped = swapBox(read);
  if (!possibleLonLat(read)) return possibleLonLat(swapped) ? 'swapped' : 'as-read';
  if (!layerBBox || bboxIntersects(read, layerBBox)) return 'as-read';
  return bboxIntersects(swapped, layerBBox) && possibleLonLat(swapped) ? 'swapped' : 'as-read';
}

function swapPositions(coordinates: unknown): unknown {
  if (Array.isArray(coordinates) && typeof coordinates[0] === 'number') {
    const [x, y, ...rest] = coordinates as number[];
    return [y, x, ...rest];
  }
  return Array.isArray(coordinates) ? coordinates.map(swapPositions) : coordinates;
}

/** The geometry with x and y exchanged in every position. */
export function swapAxes<T extends Geometry>(geometry: T): T {
  return { ...geometry, coordinates: swapPositions(geometry.coordinates) } as T;
}

/** What a `WfsFeatureSource` reports when an answer's data did not fit its server's convention. */
export interface AxisOrderCorrection {
  typeName: string;
  /** The ambiguous label of the answer, e.g. `EPSG:4326`. */
  srsName: string;
  /** The server identified from the answer or GetCapabilities. */
  server: MapServerKind;
  /** The order that server's convention gave (`BARE_CODE_ORDERS`). */
  expected: AxisOrder;
  /** The order the features were read in. */
  used: AxisOrder;
  /** The layer's WGS84 box the data was checked against; absent: checked against ±90° latitude only. */
  layerBBox?: BBox;
}
