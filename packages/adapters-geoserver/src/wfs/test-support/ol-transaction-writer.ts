import { ValidationError, type ChangeSet, type Properties } from '@gportal/core';
import Feature from 'ol/Feature.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import WFS from 'ol/format/WFS.js';
import type { WfsLayer } from '../describe-feature-type.js';
import { writePropertyValue } from '../property-values.js';
import { GML_FEATURE_MEMBERS, LON_LAT_SRS_NAME, type WfsVersion } from '../wfs-protocol.js';
import { childElements } from '../wfs-xml.js';

import type { ActionRef, WrittenTransaction } from '../transaction-request.js';

const geoJson = new GeoJSON();

/** QGIS Server rejects `MultiSurface` / `MultiCurve` input (notes/real-wfs-server.md gotcha 6). */
const GML_WRITE_OPTIONS = { multiSurface: false, multiCurve: false, srsName: LON_LAT_SRS_NAME };

function textProperties(layer: WfsLayer, properties: Properties): Record<string, string | null> {
  const written: Record<string, string | null> = {};
  for (const property of layer.schema.properties) {
    if (property.name in properties) written[property.name] = writePropertyValue(properties[property.name] ?? null, property);
  }
  return written;
}

function updateHandle(id: string): string {
  return `update:${id}`;
}
function deleteHandle(id: string): string {
  return `delete:${id}`;
}

/**
 * Checks a written Transaction: refuses one whose Insert would hang QGIS Server 3.22 (notes/real-wfs-server.md gotcha 4):
 * an Insert must hold exactly one feature, whose children are only schema fields, the geometry
 * field or `boundedBy`, with no comments. The tests run it on everything the writers produce.
 */
export function assertSafeInserts(transaction: Element, layer: WfsLayer): void {
  const allowed = new Set([layer.schema.geometryField, ...GML_FEATURE_MEMBERS, ...layer.schema.properties.map((property) => property.name)]);
  const fields: Record<string, string> = {};
  for (const insert of childElements(transaction, 'Insert')) {
    const handle = insert.getAttribute('handle') ?? 'Insert';
    const features = childElements(insert);
    if (features.length !== 1) fields[handle] = `an Insert must hold exactly one feature, not ${features.length}`;
    for (const feature of features) {
      for (const node of Array.from(feature.childNodes)) {
        if (node.nodeType === node.ELEMENT_NODE) {
          const name = (node as Element).localName;
          if (!allowed.has(name)) fields[`${handle}.${name}`] = `${layer.schema.typeName} has no property ${name}`;
        } else if (node.nodeType !== node.TEXT_NODE || (node.textContent ?? '').trim() !== '') {
          fields[handle] = 'an inserted feature may only contain property elements';
        }
      }
    }
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

/**
 * The reference the adapter's `writeTransaction` is proven equal to: the same Transaction written
 * by `ol/format/WFS` `writeTransaction` on a DOM and serialised, as the adapter did before its
 * streaming writer. Also timed by the benchmark.
 */
export function writeTransactionWithOpenLayers(changes: ChangeSet, layer: WfsLayer, version: WfsVersion): WrittenTransaction {
  const geometryField = layer.schema.geometryField;
  const inserts = changes.inserts.map((insert) => {
    const feature = new Feature();
    feature.setGeometryName(geometryField);
    feature.setGeometry(geoJson.readGeometry(insert.geometry));
    feature.setProperties(textProperties(layer, insert.properties));
    return feature;
  });
  const updates = changes.updates.map((update) => {
    const feature = new Feature();
    feature.setId(update.id);
    feature.setGeometryName(geometryField);
    if (update.geometry) feature.setGeometry(geoJson.readGeometry(update.geometry));
    feature.setProperties(textProperties(layer, update.properties ?? {}));
    return feature;
  });
  const deletes = changes.deletes.map((id) => {
    const feature = new Feature();
    feature.setId(id);
    return feature;
  });

  const transaction = new WFS({ version }).writeTransaction(inserts, updates, deletes, {
    version,
    featureNS: layer.namespace,
    featurePrefix: layer.prefix,
    featureType: layer.localName,
    srsName: LON_LAT_SRS_NAME,
    gmlOptions: GML_WRITE_OPTIONS,
    nativeElements: [],
  }) as Element;

  const actions = new Map<string, ActionRef>();
  const label = (elements: Element[], refs: ActionRef[], handleOf: (ref: string) => string): void => {
    elements.forEach((element, index) => {
      const action = refs[index] as ActionRef;
      const handle = handleOf(action.ref);
      element.setAttribute('handle', handle);
      actions.set(handle, action);
    });
  };
  label(childElements(transaction, 'Insert'), changes.inserts.map((insert) => ({ kind: 'insert', ref: insert.handle })), (ref) => ref);
  label(childElements(transaction, 'Update'), changes.updates.map((update) => ({ kind: 'update', ref: update.id })), updateHandle);
  label(childElements(transaction, 'Delete'), changes.deletes.map((id) => ({ kind: 'delete', ref: id })), deleteHandle);

  assertSafeInserts(transaction, layer);
  return { xml: new XMLSerializer().serializeToString(transaction), actions };
}
