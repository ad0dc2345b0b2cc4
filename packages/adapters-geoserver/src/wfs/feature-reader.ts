import { geometryBBox, type BBox, type FeatureSet, type MapFeature } from '@gportal/core';
import { axisOrderOf, swapAxes, verifyAxisOrder, type AxisOrderCorrection, type ConventionalLabel } from './axis-order.js';
import type { WfsLayer } from './describe-feature-type.js';
import { readGeoJsonFeatures } from './geojson-feature-reader.js';
import { readGmlFeatures, type ReadGmlFeatures } from './gml-feature-reader.js';
import type { MapServerKind } from './server-kind.js';
import type { WfsAnswer } from './wfs-endpoint.js';
import { isXmlText } from './wfs-xml.js';

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

/** An answer read, its axis order not yet settled: see {@link settleAxisOrder}. */
export type ReadAnswer = ReadGmlFeatures;

/**
 * Reads a GetFeature answer, GeoJSON or GML 2 / 3.1 / 3.2, into features with lon/lat geometries
 * and properties typed by the layer's schema (schema properties only, missing ones `null`), in
 * one streaming pass (no DOM). Features without an id or without a geometry the map can draw
 * (`isGeometry`: no NaN, ±Infinity, open or empty rings) cannot be drawn or edited: they are
 * skipped, counted and logged (spec section 8). Positions under a bare
 * `EPSG:4326` are read in the order `context.server`'s convention gives; the result says so.
 */
export function readAnswer(answer: WfsAnswer, layer: WfsLayer, context: FeatureReadContext = {}): ReadAnswer {
  const read = readAnswerText(answer, layer, context);
  warnSkipped(read, layer);
  return read;
}

/** {@link readAnswer} without the log: for a worker, whose console is not the page's (the main thread logs). */
export function readAnswerText({ text, status }: Pick<WfsAnswer, 'text' | 'status'>, layer: WfsLayer, context: FeatureReadContext = {}): ReadAnswer {
  const { requestedSrsName, server } = context;
  return isXmlText(text)
    ? readGmlFeatures(text, layer, status, { ...(requestedSrsName ? { requestedSrsName } : {}), ...(server ? { server } : {}) })
    : readGeoJsonFeatures(text, layer, status);
}

/** Logs the features an answer held that cannot be drawn or edited (spec section 8). */
export function warnSkipped(read: Pick<ReadAnswer, 'skippedIds'>, layer: WfsLayer): void {
  if (read.skippedIds.length > 0) {
    console.warn(`WFS ${layer.schema.typeName}: skipped ${read.skippedIds.length} feature(s) without an id or a geometry the map can draw: ${read.skippedIds.join(', ')}`);
  }
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
 * Settles the order of an answer read under a bare `EPSG:4326` once its server is known: the
 * server's convention (`axis-order.ts`) first, then verified against the layer's WGS84 box. A
 * correction is returned, never silent. Answers with an unambiguous label pass unchanged.
 */
export function settleAxisOrder(read: ReadAnswer, context: FeatureReadContext, typeName: string): ReadFeatures {
  const skipped = read.skippedIds.length;
  if (!read.conventional) return { features: read.features, skipped };
  // A bare code is conventional in GML 3 only (`isConventionalSrsName`), so the version is 3.x here.
  const order = axisOrderOf(read.conventional.srsName, { ...context, gml: 'GML3' });
  const features = order === read.conventional.order ? read.features : read.features.map((feature) => ({ ...feature, geometry: swapAxes(feature.geometry) }));
  return { ...verified(features, { srsName: read.conventional.srsName, order }, context, typeName), skipped };
}

/** {@link readAnswer} and {@link settleAxisOrder} with everything known beforehand. */
export function readFeatureSet(answer: WfsAnswer, layer: WfsLayer, context: FeatureReadContext = {}): ReadFeatures {
  return settleAxisOrder(readAnswer(answer, layer, context), context, layer.schema.typeName);
}
