import { ValidationError, type ActionFailure, type ChangeSet, type Properties } from '@gportal/core';
import Feature from 'ol/Feature.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import WFS from 'ol/format/WFS.js';
import type { WfsLayer } from './describe-feature-type.js';
import { writePropertyValue } from './property-values.js';
import { GML_FEATURE_MEMBERS, LON_LAT_SRS_NAME, type WfsVersion } from './wfs-protocol.js';
import { childElements } from './wfs-xml.js';

/** What each action's `handle` stands for, to read the server's per-action answers. */
export type ActionRef = Pick<ActionFailure, 'kind' | 'ref'>;

export interface WrittenTransaction {
  xml: string;
  /** handle → action, for every Insert, Update and Delete element written. */
  actions: Map<string, ActionRef>;
}

const geoJson = new GeoJSON();

/** QGIS Server rejects `MultiSurface` / `MultiCurve` input (`scripts/wfs-server/README.md`). */
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
 * Refuses a Transaction whose Insert would hang QGIS Server 3.22 (`scripts/wfs-server/README.md`):
 * an Insert must hold exactly one feature, whose children are only schema fields, the geometry
 * field or `boundedBy`, with no comments. The last line of defence after `checkChangeSet`.
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
 * One `wfs:Transaction` for a checked change set (see `checkChangeSet`), written by
 * `ol/format/WFS` `writeTransaction`: one Insert per feature, Updates with only the given
 * properties (a `null` clears the column), Deletes by id, geometries in lon/lat. Each action then
 * gets a `handle` so the answer's ids and messages can be matched to it: QGIS Server lists
 * inserted ids in reverse order.
 */
export function writeTransaction(changes: ChangeSet, layer: WfsLayer, version: WfsVersion): WrittenTransaction {
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
