import type { DeleteOptions, FeatureTypeInfo, FeatureTypeSpec, LayerInfo, StyleRef } from '../domain/admin.js';

/** Feature types (tables published from a store) and the layers that publish them. */
export interface LayerAdmin {
  /** The names of the feature types of a store. */
  listFeatureTypes(workspace: string, store: string): Promise<string[]>;
  /** One feature type with its attributes; `NotFoundError` when there is none. */
  getFeatureType(workspace: string, store: string, name: string): Promise<FeatureTypeInfo>;
  /** Creates the feature type, and its table when the spec lists attributes; also publishes a layer. */
  createFeatureType(workspace: string, store: string, spec: FeatureTypeSpec): Promise<void>;
  /** Changes some settings of a feature type (title, keywords, bounding boxes …). */
  updateFeatureType(workspace: string, store: string, name: string, changes: Partial<FeatureTypeSpec>): Promise<void>;
  /** Deletes a feature type; with `recurse` its layers too, else a published one is a `ConflictError`. */
  deleteFeatureType(workspace: string, store: string, name: string, options?: DeleteOptions): Promise<void>;
  /** The names of the workspace's layers. */
  listLayers(workspace: string): Promise<string[]>;
  /** One layer with its default and other styles. */
  getLayer(workspace: string, name: string): Promise<LayerInfo>;
  /** Sets the layer's default style (`workspace:style`). The style must exist. */
  setDefaultStyle(workspace: string, layer: string, style: StyleRef): Promise<void>;
}
/** The inversify token of {@link LayerAdmin}. */
export const LAYER_ADMIN = Symbol.for('gportal.LayerAdmin');
