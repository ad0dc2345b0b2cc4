import type { FeatureInsert, FeatureSchema, Properties } from '../../domain/feature.js';
import { fitGeometry, valueProblem } from '../../domain/schema-fit.js';
import type { PendingChanges } from '../session-types.js';

/** Journaled changes fitted to the layer's current schema. */
export interface FittedChanges {
  changes: PendingChanges;
  /** Names of the properties dropped: the layer no longer has them, fills them itself, or their values no longer fit their type. */
  droppedProperties: string[];
  /** Drafts whose geometry no longer fits the layer: kept aside, never sent. */
  aside: FeatureInsert[];
}

/**
 * Fits journaled changes to the layer as it is now (a column may have been dropped or retyped
 * since they were written), so that a server refusing one stale property never blocks every
 * other edit of the journal.
 */
export function fitToSchema(changes: PendingChanges, schema: FeatureSchema): FittedChanges {
  const dropped = new Set<string>();
  const fit = (properties: Properties): Properties => {
    const kept: Properties = {};
    for (const [name, value] of Object.entries(properties)) {
      const property = schema.properties.find((candidate) => candidate.name === name);
      if (!property || schema.readOnly?.includes(name) || valueProblem(value, property)) dropped.add(name);
      else kept[name] = value;
    }
    return kept;
  };
  const inserts: FeatureInsert[] = [];
  const aside: FeatureInsert[] = [];
  for (const insert of changes.inserts) {
    if (typeof fitGeometry(insert.geometry, schema.geometryKind) === 'string') aside.push(insert);
    else inserts.push({ ...insert, properties: fit(insert.properties) });
  }
  const updates = changes.updates.map((update) => (update.properties ? { ...update, properties: fit(update.properties) } : update));
  return { changes: { inserts, updates, deletes: changes.deletes }, droppedProperties: [...dropped].sort(), aside };
}
