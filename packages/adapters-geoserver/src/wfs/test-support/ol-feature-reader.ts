import { MapServerError, isGeometry, type FeatureSet, type Geometry, type MapFeature, type Position } from '@gportal/core';
import type Feature from 'ol/Feature.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import GML2 from 'ol/format/GML2.js';
import GML3 from 'ol/format/GML3.js';
import GML32 from 'ol/format/GML32.js';
import WFS from 'ol/format/WFS.js';
import { labelAxisOrder } from '../axis-order.js';
import type { WfsLayer } from '../describe-feature-type.js';
import { readPropertyValue } from '../property-values.js';
import type { WfsAnswer } from '../wfs-endpoint.js';
import { isXmlText, parseXml } from '../wfs-xml.js';
import { NS, type GmlVersion } from '../wfs-protocol.js';

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

function readOpenLayersFeatures(answer: WfsAnswer, requestedSrsName: string | undefined, typeName: string): Feature[] {
  if (!isXmlText(answer.text)) {
    try {
      return geoJson.readFeatures(JSON.parse(answer.text)) as Feature[];
    } catch (error) {
      throw new MapServerError({
        status: answer.status,
        code: 'MalformedResponse',
        text: `GetFeature ${typeName}: unreadable GeoJSON: ${answer.text.slice(0, 200)}`,
        cause: error,
      });
    }
  }
  const document = answer.document ?? parseXml(answer.text, `GetFeature ${typeName}`, answer.status);
  if (document.documentElement.localName !== 'FeatureCollection') {
    throw new MapServerError({
      status: answer.status,
      code: 'UnexpectedResponse',
      text: `GetFeature ${typeName}: expected a FeatureCollection, got <${document.documentElement.localName}>`,
    });
  }
  const gml = gmlVersionOf(document);
  labelAxisOrder(document, { gml, ...(requestedSrsName ? { requestedSrsName } : {}) });
  // The WFS version only picks OpenLayers' member parsers; the GML reader is given explicitly.
  const version = gml === 'GML32' ? '2.0.0' : '1.1.0';
  return new WFS({ version, gmlFormat: new GML_FORMATS[gml]() }).readFeatures(document) as Feature[];
}

/**
 * The reference the adapter's readers are proven equal to: a GetFeature answer read through
 * `ol/format/GeoJSON` and `ol/format/WFS` (DOM, srsName relabelled for OpenLayers' axis handling),
 * as the adapter did before its streaming readers. Also timed by the benchmark.
 */
export function readFeatureSetWithOpenLayers(answer: WfsAnswer, layer: WfsLayer, requestedSrsName?: string): FeatureSet {
  const { schema } = layer;
  const features: MapFeature[] = [];
  const skippedIds: string[] = [];
  for (const feature of readOpenLayersFeatures(answer, requestedSrsName, schema.typeName)) {
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
  return { features, skipped: skippedIds.length };
}

