import { MapServerError, type Geometry, type GeometryKind, type MapFeature, type Position, type PropertySchema } from '@gportal/core';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { axisOrderOf, type AxisOrder } from './axis-order.js';
import type { WfsLayer } from './describe-feature-type.js';
import type { ReadFeatures } from './geojson-feature-reader.js';
import { readPropertyValue } from './property-values.js';
import { NS, type GmlVersion } from './wfs-protocol.js';

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

/** One open geometry: its kind, the flat x/y of its current line or ring, and its finished parts. */
interface GeometryFrame {
  kind: GeometryKind;
  flat: number[];
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
}

function localNameOf(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

function prefixOf(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? '' : name.slice(0, colon);
}

/** Appends the numbers of `text` separated by any of `separators` (whitespace by default) to `into`. */
function readNumbers(text: string, into: number[], separators: RegExp = /\s+/): void {
  for (const token of text.trim().split(separators)) {
    if (token !== '') into.push(parseFloat(token));
  }
}

/** Flat x/y pairs from flat coordinates of `dimension` values each. */
function pairsOf(flat: number[], dimension: number, order: AxisOrder): Position[] {
  const positions: Position[] = [];
  const [x, y] = order === 'lat-lon' ? [1, 0] : [0, 1];
  for (let index = 0; index + 1 < flat.length; index += dimension) positions.push([flat[index + x] as number, flat[index + y] as number]);
  return positions;
}

/**
 * Reads a GML GetFeature answer (WFS 1.0 GML 2, 1.1 GML 3.1, 2.0 GML 3.2) in one streaming pass with
 * `saxes`: no DOM, properties typed by the layer's schema, positions in the order `axisOrderOf`
 * gives for the geometry's srsName. Equal to reading it through `ol/format/WFS` (proven on the
 * captured answers); nested complex properties are not read (they are `null`).
 */
export function readGmlFeatures(text: string, layer: WfsLayer, status: number, requestedSrsName?: string): ReadFeatures {
  const { schema } = layer;
  const propertiesByName = new Map<string, PropertySchema>(schema.properties.map((property) => [property.name, property]));
  const namespaces = new Map<string, string>();
  const features: MapFeature[] = [];
  const skippedIds: string[] = [];
  const axisOrders = new Map<string, AxisOrder>();
  let gml: GmlVersion = 'GML3';

  let depth = 0;
  let memberDepth = -1;
  let feature: FeatureFrame | undefined;
  /** The property element being read (a direct child of the feature). */
  let property: { name: string; text: string; nested: boolean } | undefined;
  const geometries: GeometryFrame[] = [];
  let positions: { role: 'posList' | 'pos' | 'coordinates'; text: string; dimension: number; separator: string } | undefined;
  let geometryDimension = 2;

  const fail = (code: string, message: string, cause?: unknown): never => {
    throw new MapServerError({ status, code, text: `GetFeature ${schema.typeName}: ${message}`, ...(cause !== undefined ? { cause } : {}) });
  };
  const axisOrderFor = (srsName: string | undefined): AxisOrder => {
    const key = `${gml} ${srsName ?? ''}`;
    let order = axisOrders.get(key);
    if (!order) {
      order = axisOrderOf(srsName, { gml, ...(requestedSrsName ? { requestedSrsName } : {}) });
      axisOrders.set(key, order);
    }
    return order;
  };

  const closeLine = (frame: GeometryFrame): Position[] => {
    const line = pairsOf(frame.flat, 2, axisOrderFor(feature?.srsName));
    frame.flat = [];
    return line;
  };
  const geometryOfFrame = (frame: GeometryFrame): Geometry | undefined => {
    switch (frame.kind) {
      case 'Point': {
        const [point] = closeLine(frame);
        return point ? { type: 'Point', coordinates: point } : undefined;
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

  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    depth += 1;
    const attributes = tag.attributes;
    for (const name in attributes) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) namespaces.set(name === 'xmlns' ? '' : name.slice(6), attributes[name] as string);
    }
    const name = localNameOf(tag.name);
    if (GML2_ONLY.has(name)) gml = 'GML2';
    else if (namespaces.get(prefixOf(tag.name)) === NS.gml32) gml = 'GML32';

    if (depth === 1) {
      if (name !== 'FeatureCollection') fail('UnexpectedResponse', `expected a FeatureCollection, got <${name}>`);
      return;
    }
    if (!feature) {
      if (depth === 2 && MEMBER_ELEMENTS.has(name)) memberDepth = depth;
      else if (memberDepth > 0 && depth === memberDepth + 1) {
        const gmlId = Object.keys(attributes).find((attribute) => localNameOf(attribute) === 'id' && attribute.includes(':'));
        feature = { depth, id: attributes.fid ?? (gmlId ? attributes[gmlId] : undefined), values: new Map(), geometry: undefined, srsName: undefined };
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
        geometryDimension = Number(attributes.srsDimension ?? 2) || 2;
      }
      geometries.push({ kind: role.geometry, flat: [], rings: [], parts: [] });
    } else if ('positions' in role) {
      const dimension = Number(attributes.srsDimension ?? attributes.dimension ?? geometryDimension) || 2;
      positions = { role: role.positions, text: '', dimension, separator: attributes.cs ?? ',' };
    }
  });
  const onText = (chunk: string): void => {
    if (positions) positions.text += chunk;
    else if (property && !property.nested) property.text += chunk;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = localNameOf(tag.name);
    depth -= 1;
    if (!feature) {
      if (depth < memberDepth) memberDepth = -1;
      return;
    }
    if (depth === feature.depth - 1) {
      const { id, geometry, values } = feature;
      if (id === undefined || !geometry) skippedIds.push(id ?? '(no id)');
      else {
        const properties: MapFeature['properties'] = {};
        for (const [propertyName, schemaProperty] of propertiesByName) properties[propertyName] = readPropertyValue(values.get(propertyName), schemaProperty);
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
      if (positions && frame) {
        const flat: number[] = [];
        if (positions.role === 'coordinates') {
          for (const tuple of positions.text.trim().split(/\s+/)) {
            const values: number[] = [];
            readNumbers(tuple, values, new RegExp(`[${positions.separator.replace(/[\]\\^-]/g, '\\$&')}]+`));
            if (values.length >= 2) flat.push(values[0] as number, values[1] as number);
          }
        } else {
          const values: number[] = [];
          readNumbers(positions.text, values);
          for (let index = 0; index + 1 < values.length; index += positions.dimension) flat.push(values[index] as number, values[index + 1] as number);
        }
        for (const value of flat) frame.flat.push(value);
      }
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
  });

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof MapServerError) throw error;
    fail('MalformedResponse', `the answer is not well-formed XML (${error instanceof Error ? error.message : String(error)}): ${text.slice(0, 200)}`, error);
  }
  return { features, skippedIds };
}
