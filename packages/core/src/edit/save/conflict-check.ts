import type { ActionFailure, FeatureSchema, MapFeature, Properties } from '../../domain/feature.js';
import type { Geometry } from '../../domain/geometry.js';
import { sameStoredGeometry, sameStoredValue, type PendingEdits } from '../changes/index.js';
import type { ConflictChoice, FeatureConflict, PendingChanges } from '../session-types.js';

/**
 * The check against silent overwrites. WFS-T updates by id, checked against nothing, and QGIS
 * Server does not lock, so before a commit the features about to be updated or deleted are read
 * again and compared with the copies the session loaded, field by field (the shape is the field
 * `geometry`):
 * - another client changed a field this session changed (to another value), or changed a
 *   feature this session removes: a conflict, and nothing is sent;
 * - another client changed other fields: the changes merge (the session's copy takes theirs for
 *   the rest, and the Update carries only this session's fields);
 * - another client deleted a feature this session updates: a conflict with `theirs: null`,
 *   never a silent re-insert; one this session removes too is simply gone.
 */

/** The name a changed shape goes by among the fields of a conflict. */
export const GEOMETRY_FIELD = 'geometry';

export interface ConflictFindings {
  conflicts: FeatureConflict[];
  /** Server copies changed only in fields this session left alone: they become the baseline. */
  merges: MapFeature[];
  /** Removed features another client deleted already. */
  gone: string[];
}

/** The fields in which a server copy differs from the copy loaded before (`geometry` first). */
export function changedFields(loaded: MapFeature, theirs: MapFeature): string[] {
  const fields = sameStoredGeometry(loaded.geometry, theirs.geometry) ? [] : [GEOMETRY_FIELD];
  for (const name of new Set([...Object.keys(loaded.properties), ...Object.keys(theirs.properties)])) {
    if (!sameStoredValue(loaded.properties[name], theirs.properties[name])) fields.push(name);
  }
  return fields;
}

/** The ids a conflict check reads: every feature about to be updated or deleted. */
export function idsToCheck(changes: PendingChanges): string[] {
  return [...changes.updates.map((update) => update.id), ...changes.deletes];
}

/** Compares the server copies read just now with the loaded ones; changes nothing. */
export function findConflicts(edits: PendingEdits, changes: PendingChanges, stored: ReadonlyMap<string, MapFeature>): ConflictFindings {
  const findings: ConflictFindings = { conflicts: [], merges: [], gone: [] };
  for (const update of changes.updates) {
    const loaded = edits.loaded.get(update.id);
    if (!loaded) continue;
    const mine = [...(update.geometry ? [GEOMETRY_FIELD] : []), ...Object.keys(update.properties ?? {})];
    const theirs = stored.get(update.id);
    if (!theirs) {
      findings.conflicts.push({ id: update.id, fields: mine, theirs: null });
      continue;
    }
    const changed = changedFields(loaded, theirs);
    // A field both set to the same value (a lost answer's own commit, say) is no conflict.
    const same = (field: string) =>
      field === GEOMETRY_FIELD ? sameStoredGeometry(update.geometry as Geometry, theirs.geometry) : sameStoredValue(update.properties?.[field], theirs.properties[field]);
    const both = mine.filter((field) => changed.includes(field) && !same(field));
    if (both.length > 0) findings.conflicts.push({ id: update.id, fields: both, theirs });
    else if (changed.length > 0) findings.merges.push(theirs);
  }
  for (const id of changes.deletes) {
    const loaded = edits.loaded.get(id);
    const theirs = stored.get(id);
    if (!loaded) continue;
    if (!theirs) findings.gone.push(id);
    else {
      const changed = changedFields(loaded, theirs);
      if (changed.length > 0) findings.conflicts.push({ id, fields: changed, theirs });
    }
  }
  return findings;
}

/** This session's edited copy with another client's values in every field it did not change. */
function rebased(edits: PendingEdits, theirs: MapFeature): MapFeature | undefined {
  const update = edits.updateOf(theirs.id);
  if (!update) return undefined;
  return { id: theirs.id, geometry: update.geometry ?? theirs.geometry, properties: { ...theirs.properties, ...update.properties } };
}

/** Takes a server copy as the new baseline, keeping this session's changed fields on top of it. */
export function takeBaseline(edits: PendingEdits, theirs: MapFeature): void {
  const edited = rebased(edits, theirs);
  edits.putServerCopy(theirs);
  edits.setEdited(theirs.id, edited);
}

/**
 * Settles a conflict as chosen; returns the ids that changed.
 * - `mine`: the server's copy becomes the baseline and this session's values stay on top, so the
 *   next save sends them; a feature another client deleted becomes a draft again (a new local
 *   id), to be inserted with this session's values (server-filled properties left out).
 * - `theirs`: this session's edit of the feature is dropped and the server's copy is shown (a
 *   deleted feature disappears).
 */
export function resolve(edits: PendingEdits, conflict: FeatureConflict, choice: ConflictChoice, schema: FeatureSchema | undefined): string[] {
  const { id, theirs } = conflict;
  if (choice === 'theirs') {
    if (theirs) edits.takeTheirs(theirs);
    else edits.forget(id);
    return [id];
  }
  if (theirs) {
    takeBaseline(edits, theirs);
    return [id];
  }
  const mine = edits.edited.get(id) ?? edits.loaded.get(id);
  edits.forget(id);
  if (!mine) return [id];
  const properties: Properties = {};
  for (const [name, value] of Object.entries(mine.properties)) if (!schema?.readOnly?.includes(name)) properties[name] = value;
  return [id, edits.add(mine.geometry, properties)];
}

/** One failed action per conflict, for the save's failure report. */
export function conflictFailures(changes: PendingChanges, conflicts: FeatureConflict[]): ActionFailure[] {
  return conflicts.map(({ id, fields, theirs }) => ({
    kind: changes.deletes.includes(id) ? 'delete' : 'update',
    ref: id,
    message: theirs ? `changed by another client meanwhile: ${fields.join(', ')}` : 'deleted by another client meanwhile',
  }));
}
