import { MapServerError, isGeometry, type Geometry, type GeometryKind, type MapFeature, type Position } from '@gportal/core';
import { axisOrderOf, isConventionalSrsName, type AxisOrder, type AxisOrderContext, type ConventionalLabel } from './axis-order.js';
import type { WfsLayer } from './describe-feature-type.js';
import type { ReadFeatures } from './geojson-feature-reader.js';
import { propertyReaders } from './property-values.js';
import { NS, type GmlVersion } from './wfs-protocol.js';
import { checkCharacters, scanXml, XmlSyntaxError } from './xml-scanner.js';

/** The role of each GML element the reader acts on, by local name (GML 2, 3.1 and 3.2). */
type GmlRole = { geometry: GeometryKind } | { ring: true } | { positions: 'posList' | 'pos' | 'coordinates' };

const GML_ROLES: Readonly<Record<string, GmlRole>> = {
  Point: { geometry: 'Point' },
  MultiPoint: { geometry: 'MultiPoint' },
  LineString: { geometry: 'LineString' },
  Curve: { geometry: 'LineString' },
  MultiLineString: { geometry: 'MultiLineString' },
  MultiCurve: { geometry: 'MultiLineString' },
  Polygon: { geometry: 'Polygon' },
  Surface: { geometry: 'Polygon' },
  MultiPolygon: { geometry: 'MultiPolygon' },
  MultiSurface: { geometry: 'MultiPolygon' },
  LinearRing: { ring: true },
  Ring: { ring: true },
  posList: { positions: 'posList' },
  pos: { positions: 'pos' },
  coordinates: { positions: 'coordinates' },
};

/** Elements only GML 2 has: their presence makes `EPSG:4326` mean lon/lat (see `axisOrderOf`). */
const GML2_ONLY: ReadonlySet<string> = new Set(['coordinates', 'outerBoundaryIs', 'Box']);

/** The feature collection's children that hold features (WFS 1.x and 2.0). */
const MEMBER_ELEMENTS: ReadonlySet<string> = new Set(['featureMember', 'featureMembers', 'member']);

/** One open geometry: its kind, the positions of its current line or ring, and its finished parts. */
interface GeometryFrame {
  kind: GeometryKind;
  line: Position[];
  rings: Position[][];
  parts: Geometry[];
}

/** The feature being read: its id, property texts, and its geometry once closed. */
interface FeatureFrame {
  depth: number;
  id: string | undefined;
  values: Map<string, string | undefined>;
  geometry: Geometry | undefined;
  srsName: string | undefined;
  /** A position text of the feature did not divide into whole positions: the feature is skipped. */
  brokenPositions: boolean;
}

function localNameOf(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/**
 * XML Schema's `double` without `INF` and `NaN` (no position is either), for the texts the fast
 * path leaves to `parseFloat`, which would read `1abc` as 1.
 */
const DECIMAL = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

function parseDecimal(text: string): number {
  return DECIMAL.test(text) ? parseFloat(text) : NaN;
}

/** Powers of ten a double holds exactly: dividing an exact mantissa by one is correctly rounded. */
const EXACT_POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);
const MAX_EXACT_MANTISSA = 2 ** 53;

/**
 * The number written in `text.slice(start, end)`, without the slice for plain decimals (Clinger's
 * fast path: the same double as `parseFloat`); NaN for a text that is no decimal (`NaN`, `1abc`).
 * An exponent beyond a double's range gives ±Infinity: both are refused with the geometry.
 */
function decimalAt(text: string, start: number, end: number): number {
  let index = start;
  const sign = text.charCodeAt(index);
  if (sign === 45 || sign === 43) index += 1; // - +
  const digitsStart = index;
  let mantissa = 0;
  let fractionDigits = -1;
  for (; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      mantissa = mantissa * 10 + (code - 48);
      if (fractionDigits >= 0) fractionDigits += 1;
    } else if (code === 46 && fractionDigits < 0) fractionDigits = 0; // .
    else return parseDecimal(text.slice(start, end));
  }
  const digits = index - digitsStart - (fractionDigits >= 0 ? 1 : 0);
  if (digits === 0 || mantissa >= MAX_EXACT_MANTISSA || fractionDigits > 22) return parseDecimal(text.slice(start, end));
  const value = fractionDigits > 0 ? mantissa / (EXACT_POWERS_OF_TEN[fractionDigits] as number) : mantissa;
  return sign === 45 ? -value : value;
}

/** The values per position an `srsDimension` gives: 2 unless it names a whole number of at least 2. */
function dimensionOf(attribute: string | undefined, fallback = 2): number {
  if (attribute === undefined) return fallback;
  const dimension = Number(attribute);
  return Number.isInteger(dimension) && dimension >= 2 ? dimension : 2;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/**
 * Appends the x/y positions of a position text to `into`: `pos` / `posList` (`dimension` values
 * each, whitespace-separated) or GML 2 `coordinates` (tuples split by `tupleSeparator`), in the
 * order the srsName gives. Further values of a position (z, m) are dropped: the map is 2D.
 * Returns false when the values do not divide into whole positions (a value left over).
 */
function readPositions(text: string, dimension: number, tupleSeparator: number | undefined, order: AxisOrder, into: Position[]): boolean {
  let valueIndex = 0;
  let whole = true;
  let x = 0;
  const end = text.length;
  for (let index = 0; index < end; ) {
    let code = text.charCodeAt(index);
    if (isSpace(code) || code === tupleSeparator) {
      if (tupleSeparator !== undefined && code !== tupleSeparator) {
        if (valueIndex === 1) whole = false;
        valueIndex = 0;
      }
      index += 1;
      continue;
    }
    const start = index;
    while (index < end && !isSpace((code = text.charCodeAt(index))) && code !== tupleSeparator) index += 1;
    const value = decimalAt(text, start, index);
    const axis = tupleSeparator === undefined ? valueIndex % dimension : valueIndex;
    if (axis === 0) x = value;
    else if (axis === 1) into.push(order === 'lat-lon' ? [value, x] : [x, value]);
    valueIndex += 1;
  }
  return whole && (tupleSeparator === undefined ? valueIndex % dimension === 0 : valueIndex !== 1);
}

/**
 * {@link readPositions} of `pos` / `posList` text read where it stands in the answer, in one pass
 * with no copy: plain decimals only (what servers write), each turned into the same double as
 * `parseFloat`. Returns false, having appended nothing, at the first other character (an
 * exponent, `INF`, a character XML does not allow…) or when a value is left over, for
 * `readPositions` to read the text instead.
 */
function readPositionRange(text: string, start: number, end: number, dimension: number, order: AxisOrder, into: Position[]): boolean {
  const length = into.length;
  let valueIndex = 0;
  let x = 0;
  for (let index = start; index < end; ) {
    let code = text.charCodeAt(index);
    if (isSpace(code)) {
      index += 1;
      continue;
    }
    const negative = code === 45; // -
    if (negative || code === 43) index += 1; // +
    let mantissa = 0;
    let digits = 0;
    let fractionDigits = -1;
    for (; index < end; index += 1) {
      code = text.charCodeAt(index);
      if (code >= 48 && code <= 57) {
        mantissa = mantissa * 10 + (code - 48);
        digits += 1;
        if (fractionDigits >= 0) fractionDigits += 1;
      } else if (code === 46 && fractionDigits < 0) fractionDigits = 0; // .
      else if (isSpace(code)) break;
      else return abandon(into, length);
    }
    if (digits === 0 || mantissa >= MAX_EXACT_MANTISSA || fractionDigits > 22) return abandon(into, length);
    const magnitude = fractionDigits > 0 ? mantissa / (EXACT_POWERS_OF_TEN[fractionDigits] as number) : mantissa;
    const value = negative ? -magnitude : magnitude;
    const axis = valueIndex % dimension;
    if (axis === 0) x = value;
    else if (axis === 1) into.push(order === 'lat-lon' ? [value, x] : [x, value]);
    valueIndex += 1;
  }
  return valueIndex % dimension === 0 || abandon(into, length);
}

function abandon(into: Position[], length: number): false {
  into.length = length;
  return false;
}

/** What the GML reader saw beside the features, for settling the axis order afterwards (`feature-reader.ts`). */
export interface ReadGmlFeatures extends ReadFeatures {
  /** The first bare-code label on a geometry (its order a server's convention) and the order it was read in. */
  conventional?: ConventionalLabel;
  /** The namespace of the first feature element (QGIS Server's is fixed: `server-kind.ts`). */
  featureNamespace?: string;
}

/**
 * Reads a GML GetFeature answer (WFS 1.0 GML 2, 1.1 GML 3.1, 2.0 GML 3.2) in one streaming pass
 * (`scanXml`, strict): no DOM, properties typed by the layer's schema, positions in the order
 * `axisOrderOf` gives for the geometry's srsName, read where they stand in the answer. Equal to
 * reading it through `ol/format/WFS` (proven on the captured answers); nested complex properties
 * are not read (they are `null`). A feature whose positions are not all decimals (`NaN`, `INF`,
 * `1e400`, `1abc`), do not divide into whole positions, or do not make a geometry the map can
 * draw (`isGeometry`: open or short rings, one-position lines) is skipped and its id reported.
 * XML the scanner does not accept (nested beyond `XML_MAX_DEPTH` too) is a `MalformedResponse`.
 */
export function readGmlFeatures(text: string, layer: WfsLayer, status: number, context: Omit<AxisOrderContext, 'gml'> = {}): ReadGmlFeatures {
  const { schema } = layer;
  const readers = propertyReaders(schema);
    const features: MapFeature[] = [];
  const skippedIds: string[] = [];
  const axisOrders = new Map<string, AxisOrder>();
  let gml: GmlVersion = 'GML3';
  let conventional: ConventionalLabel | undefined;
  let featureNamespace: string | undefined;

  let depth = 0;
  let memberDepth = -1;
  let feature: FeatureFrame | undefined;
  /** The property element being read (a direct child of the feature). */
  let property: { name: string; text: string; nested: boolean } | undefined;
  const geometries: GeometryFrame[] = [];
  /**
   * The position element being read: its text as one range of the answer (`source`, read in place
   * at its end) until a second piece (after a comment or CDATA) makes it a string (`text`).
   */
  let positions: { role: 'posList' | 'pos' | 'coordinates'; dimension: number; separator: string; source?: string; start: number; end: number; text?: string } | undefined;
  let geometryDimension = 2;

  const fail = (code: string, message: string, cause?: unknown): never => {
    throw new MapServerError({ status, code, text: `GetFeature ${schema.typeName}: ${message}`, ...(cause !== undefined ? { cause } : {}) });
  };
  const axisOrderFor = (srsName: string | undefined): AxisOrder => {
    const key = `${gml} ${srsName ?? ''}`;
    let order = axisOrders.get(key);
    if (!order) {
      order = axisOrderOf(srsName, { ...context, gml });
      axisOrders.set(key, order);
    }
    if (!conventional && srsName !== undefined && isConventionalSrsName(srsName, gml)) conventional = { srsName, order };
    return order;
  };

  const closeLine = (frame: GeometryFrame): Position[] => {
    const line = frame.line;
    frame.line = [];
    return line;
  };
  const geometryOfFrame = (frame: GeometryFrame): Geometry | undefined => {
    switch (frame.kind) {
      case 'Point': {
        const points = closeLine(frame);
        return points.length === 1 ? { type: 'Point', coordinates: points[0] as Position } : undefined;
      }
      case 'LineString':
        return { type: 'LineString', coordinates: closeLine(frame) };
      case 'Polygon':
        return { type: 'Polygon', coordinates: frame.rings };
      case 'MultiPoint':
        return { type: 'MultiPoint', coordinates: frame.parts.map((part) => part.coordinates as Position) };
      case 'MultiLineString':
        return { type: 'MultiLineString', coordinates: frame.parts.map((part) => part.coordinates as Position[]) };
      case 'MultiPolygon':
        return {
          type: 'MultiPolygon',
          coordinates: frame.parts.map((part) => (part.type === 'Polygon' ? part.coordinates : [])).filter((polygon) => polygon.length > 0),
        };
    }
  };

  /** Reads the positions into `into`; false when they do not divide into whole positions. */
  const readPositionsOf = (element: NonNullable<typeof positions>, order: AxisOrder, into: Position[]): boolean => {
    const { source, start, end } = element;
    const tupleSeparator = element.role === 'coordinates' ? element.separator.charCodeAt(0) : undefined;
    if (source === undefined) return readPositions(element.text ?? '', element.dimension, tupleSeparator, order, into);
    if (tupleSeparator === undefined && readPositionRange(source, start, end, element.dimension, order, into)) return true;
    checkCharacters(source, start, end);
    return readPositions(source.slice(start, end), element.dimension, tupleSeparator, order, into);
  };

  const handler = {
    open(_name: string, name: string, namespace: string, attributes: Readonly<Record<string, string>>): void {
      depth += 1;
      if (GML2_ONLY.has(name)) gml = 'GML2';
      else if (namespace === NS.gml32) gml = 'GML32';

      if (depth === 1) {
        if (name !== 'FeatureCollection') fail('UnexpectedResponse', `expected a FeatureCollection, got <${name}>`);
        return;
      }
      if (!feature) {
        if (depth === 2 && MEMBER_ELEMENTS.has(name)) memberDepth = depth;
        else if (memberDepth > 0 && depth === memberDepth + 1) {
          const gmlId = Object.keys(attributes).find((attribute) => localNameOf(attribute) === 'id' && attribute.includes(':'));
          feature = { depth, id: attributes.fid ?? (gmlId ? attributes[gmlId] : undefined), values: new Map(), geometry: undefined, srsName: undefined, brokenPositions: false };
          featureNamespace ??= namespace;
        }
        return;
      }
      if (depth === feature.depth + 1) {
        property = { name, text: '', nested: false };
        return;
      }
      if (property) property.nested = true;
      const role = GML_ROLES[name];
      if (!role) return;
      if ('geometry' in role) {
        if (geometries.length === 0) {
          feature.srsName = attributes.srsName;
          geometryDimension = dimensionOf(attributes.srsDimension);
        }
        geometries.push({ kind: role.geometry, line: [], rings: [], parts: [] });
      } else if ('positions' in role) {
        const dimension = dimensionOf(attributes.srsDimension ?? attributes.dimension, geometryDimension);
        positions = { role: role.positions, dimension, separator: attributes.cs ?? ',', start: 0, end: 0, text: '' };
      }
    },
    text(source: string, start: number, end: number): boolean {
      if (positions) {
        // The first piece is read in place (and its characters checked then); later ones join it as text.
        if (positions.text === '' && positions.source === undefined) {
          positions.text = undefined;
          Object.assign(positions, { source, start, end });
          return true;
        }
        if (positions.source !== undefined) {
          checkCharacters(positions.source, positions.start, positions.end);
          positions.text = positions.source.slice(positions.start, positions.end);
          positions.source = undefined;
        }
        positions.text += source.slice(start, end);
      } else if (property && !property.nested) property.text += source.slice(start, end);
      return false;
    },
    close(_name: string, name: string): void {
      depth -= 1;
      if (!feature) {
        if (depth < memberDepth) memberDepth = -1;
        return;
      }
      if (depth === feature.depth - 1) {
        const { id, geometry, values } = feature;
        // One pass over the positions read: NaN, ±Infinity, short lines and open or short rings are not drawn.
        if (id === undefined || !geometry || feature.brokenPositions || !isGeometry(geometry)) skippedIds.push(id ?? '(no id)');
        else {
          const properties: MapFeature['properties'] = {};
          for (const [propertyName, read] of readers) properties[propertyName] = read(values.get(propertyName));
          features.push({ id, geometry, properties });
        }
        feature = undefined;
        // `featureMembers` holds every feature: stay in it.
        return;
      }
      if (depth === feature.depth && property) {
        const { text: value, nested } = property;
        if (!nested) feature.values.set(property.name, /\S/.test(value) ? value : undefined);
        else if (!feature.values.has(property.name)) feature.values.set(property.name, undefined);
        property = undefined;
        return;
      }
      const role = GML_ROLES[name];
      if (!role) return;
      const frame = geometries[geometries.length - 1];
      if ('positions' in role) {
        if (positions && frame && !readPositionsOf(positions, axisOrderFor(feature.srsName), frame.line)) feature.brokenPositions = true;
        else if (positions?.source !== undefined) checkCharacters(positions.source, positions.start, positions.end);
        positions = undefined;
      } else if ('ring' in role) {
        if (frame?.kind === 'Polygon') frame.rings.push(closeLine(frame));
      } else {
        geometries.pop();
        const geometry = frame ? geometryOfFrame(frame) : undefined;
        const parent = geometries[geometries.length - 1];
        if (!geometry) return;
        if (parent) parent.parts.push(geometry);
        else feature.geometry = geometry;
      }
    },
  };

  try {
    scanXml(text, handler);
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    fail('MalformedResponse', `the answer is not well-formed XML (${error.message}): ${text.slice(0, 200)}`, error);
  }
  return { features, skippedIds, ...(conventional ? { conventional } : {}), ...(featureNamespace ? { featureNamespace } : {}) };
}
