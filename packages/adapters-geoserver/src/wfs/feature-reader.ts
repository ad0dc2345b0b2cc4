import type { FeatureSet } from '@gportal/core';
import type { WfsLayer } from './describe-feature-type.js';
import { readGeoJsonFeatures } from './geojson-feature-reader.js';
import { readGmlFeatures } from './gml-feature-reader.js';
import type { WfsAnswer } from './wfs-endpoint.js';
import { isXmlText } from './wfs-xml.js';

/**
 * Reads a GetFeature answer, GeoJSON or GML 2 / 3.1 / 3.2, into features with lon/lat geometries
 * and properties typed by the layer's schema (schema properties only, missing ones `null`).
 * Features without a geometry (or without an id) cannot be drawn or edited: they are skipped,
 * counted and logged (spec section 8).
 */
export function readFeatureSet(answer: WfsAnswer, layer: WfsLayer, requestedSrsName?: string): FeatureSet {
  const { features, skippedIds } = isXmlText(answer.text)
    ? readGmlFeatures(answer.text, layer, answer.status, requestedSrsName)
    : readGeoJsonFeatures(answer.text, layer, answer.status);
  if (skippedIds.length > 0) {
    console.warn(`WFS ${layer.schema.typeName}: skipped ${skippedIds.length} feature(s) without a geometry: ${skippedIds.join(', ')}`);
  }
  return { features, skipped: skippedIds.length };
}
