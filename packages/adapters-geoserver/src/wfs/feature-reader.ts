import { MapServerError, geometryBBox, isGeometry, type BBox, type FeatureSet, type Geometry, type MapFeature, type Position } from '@gportal/core';
import type Feature from 'ol/Feature.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import GML2 from 'ol/format/GML2.js';
import GML3 from 'ol/format/GML3.js';
import GML32 from 'ol/format/GML32.js';
import WFS from 'ol/format/WFS.js';
import { labelAxisOrder, swapAxes, verifyAxisOrder, type AxisOrderCorrection, type ConventionalLabel } from './axis-order.js';
import type { WfsLayer } from './describe-feature-type.js';
import { readPropertyValue } from './property-values.js';
import type { MapServerKind } from './server-kind.js';
import type { WfsAnswer } from './wfs-endpoint.js';
import { NS, type GmlVersion } from './wfs-protocol.js';

const GML_FORMATS: Readonly<Record<GmlVersion, new () => GML2 | GML3 | GML32>> = { GML2, GML3, GML32 };

const geoJson = new GeoJSON();

/** GML 3.2 by its namespace, GML 2 by its coordinate elements, otherwise GML 3.1. */
export function gmlVersionOf(document: Document): GmlVersion {
  if (document.getElementsByTagNameNS(NS.gml32, '*').length > 0) return 'GML32';
  const gml2Only = ['coordinates', 'outerBoundaryIs', 'Box'];
  return gml2Only.some((name) => document.getElementsByTagNameNS(NS.gml, name).length > 0) ? 'GML2' : 'GML3';
}

/** GML positions are read as XYZ with z = 0; the map is 2D. */
function flatten(coordinates: unknown): unknown {
  if (Array.isArray(coordinates) && typeof coordinates[0] === 'number') return (coordinates as Position).slice(0, 2);
  return Array.isArray(coordinates) ? coordinates.map(flatten) : coordinates;
}

function geometryOf(feature: Feature): Geometry | undefined {
  const geometry = feature.getGeometry();
  if (!geometry) return undefined;
  const object = geoJson.writeGeometryObject(geometry) as { type: string; coordinates?: unknown };
  const flat = { type: object.type, coordinates: flatten(object.coordinates) };
  return isGeometry(flat) ? flat : undefined;
}

/** What the reader needs to know beside the answer to read GML coordinates in the right order. */
export interface FeatureReadContext {
  /** The srsName the query asked for; QGIS Server labels some answers with another name. */
  requestedSrsName?: string;
  /** Who wrote the answer (`identifyMapServer`): decides the order under a bare `EPSG:4326`. */
  server?: MapServerKind;
  /** The layer's WGS84 box from GetCapabilities, which data read under a bare `EPSG:4326` must meet. */
  layerBBox?: BBox;
}

/** A feature set, and what was corrected while reading it. */
export interface ReadFeatures extends FeatureSet {
  /** Set when the data did not fit the order its server's convention gave, and was read in the other. */
  axisOrderCorrection?: AxisOrderCorrection;
}

function readOpenLayersFeatures(answer: WfsAnswer, context: FeatureReadContext, typeName: string): { features: Feature[]; conventional?: ConventionalLabel } {
  const document = answer.document;
  if (!document) {
    try {
      return { features: geoJson.readFeatures(JSON.parse(answer.text)) as Feature[] };
    } catch (error) {
      throw new MapServerError({
        status: answer.status,
        code: 'MalformedResponse',
        text: `GetFeature ${typeName}: unreadable GeoJSON: ${answer.text.slice(0, 200)}`,
        cause: error,
      });
    }
  }
  if (document.documentElement.localName !== 'FeatureCollection') {
    throw new MapServerError({
      status: answer.status,
      code: 'UnexpectedResponse',
      text: `GetFeature ${typeName}: expected a FeatureCollection, got <${document.documentElement.localName}>`,
    });
  }
  const gml = gmlVersionOf(document);
  const { requestedSrsName, server } = context;
  const conventional = labelAxisOrder(document, { gml, ...(requestedSrsName ? { requestedSrsName } : {}), ...(server ? { server } : {}) });
  // The WFS version only picks OpenLayers' member parsers; the GML reader is given explicitly.
  const version = gml === 'GML32' ? '2.0.0' : '1.1.0';
  const features = new WFS({ version, gmlFormat: new GML_FORMATS[gml]() }).readFeatures(document) as Feature[];
  return { features, ...(conventional ? { conventional } : {}) };
}

function unionBBox(boxes: BBox[]): BBox {
  return boxes.reduce((a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]);
}

/** Features read under a conventional label, checked with `verifyAxisOrder` and swapped when only the other order fits. */
function verified(features: MapFeature[], label: ConventionalLabel, context: FeatureReadContext, typeName: string): Omit<ReadFeatures, 'skipped'> {
  if (features.length === 0 || verifyAxisOrder(unionBBox(features.map((feature) => geometryBBox(feature.geometry))), context.layerBBox) === 'as-read') {
    return { features };
  }
  const correction: AxisOrderCorrection = {
    typeName,
    srsName: label.srsName,
    server: context.server ?? 'unknown',
    expected: label.order,
    used: label.order === 'lat-lon' ? 'lon-lat' : 'lat-lon',
    ...(context.layerBBox ? { layerBBox: context.layerBBox } : {}),
  };
  return { features: features.map((feature) => ({ ...feature, geometry: swapAxes(feature.geometry) })), axisOrderCorrection: correction };
}

/**
 * Reads a GetFeature answer, GeoJSON or GML 2 / 3.1 / 3.2, into features with lon/lat geometries
 * and properties typed by the layer's schema (schema properties only, missing ones `null`).
 * Features without a geometry (or without an id) cannot be drawn or edited: they are skipped,
 * counted and logged (spec section 8). Under an ambiguous bare `EPSG:4326` the order is decided
 * and verified as `axis-order.ts` says; a correction is returned, never silent.
 */
export function readFeatureSet(answer: WfsAnswer, layer: WfsLayer, context: FeatureReadContext = {}): ReadFeatures {
  const { schema } = layer;
  const features: MapFeature[] = [];
  const skippedIds: string[] = [];
  const read = readOpenLayersFeatures(answer, context, schema.typeName);
  for (const feature of read.features) {
    const id = feature.getId();
    const geometry = geometryOf(feature);
    if (id === undefined || !geometry) {
      skippedIds.push(String(id ?? '(no id)'));
      continue;
    }
    const properties: MapFeature['properties'] = {};
    for (const property of schema.properties) properties[property.name] = readPropertyValue(feature.get(property.name), property);
    features.push({ id: String(id), geometry, properties });
  }
  if (skippedIds.length > 0) {
    console.warn(`WFS ${schema.typeName}: skipped ${skippedIds.length} feature(s) without a geometry: ${skippedIds.join(', ')}`);
  }
  const checked = read.conventional ? verified(features, read.conventional, context, schema.typeName) : { features };
  return { ...checked, skipped: skippedIds.length };
}

