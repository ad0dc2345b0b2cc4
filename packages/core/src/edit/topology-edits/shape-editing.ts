import type { FeatureSchema, PropertyValue } from '../../domain/feature.js';
import type { Geometry } from '../../domain/geometry.js';
import type { EditableFeature } from '../session-types.js';

/**
 * What the composite shape edits use of a session: its public edits, made inside one
 * {@link ShapeEditing.batch} so each is one undo step, one `change` and one save.
 */
export interface ShapeEditing {
  /** The layer's schema, once loaded. */
  readonly schema: FeatureSchema | undefined;
  /** A feature by id (`EditSession.feature`). */
  feature(id: string): EditableFeature | undefined;
  /** Every loaded feature (`EditSession.features`). */
  features(): EditableFeature[];
  /** Adds a feature (`EditSession.add`). */
  add(feature: { geometry: Geometry; properties?: Record<string, PropertyValue | undefined> }): string;
  /** Changes a feature (`EditSession.update`). */
  update(id: string, changes: { geometry?: Geometry; properties?: Record<string, PropertyValue | undefined> }): void;
  /** Removes a feature (`EditSession.remove`). */
  remove(id: string): void;
  /** Makes the edits of `fn` one undo step (`EditSession.batch`). */
  batch<T>(fn: () => T): T;
}
