import type { DeleteOptions, FeatureTypeInfo, FeatureTypeSpec, LayerInfo, StyleRef } from '../domain/admin.js';

/** Feature types (tables published from a store) and the layers that publish them. */
export interface LayerAdmin {
  listFeatureTypes(workspace: string, store: string): Promise<string[]>;
  getFeatureType(workspace: string, store: string, name: string): Promise<FeatureTypeInfo>;
  /** Creates the feature type, and its table when the spec lists attributes; also publishes a layer. */
  createFeatureType(workspace: string, store: string, spec: FeatureTypeSpec): Promise<void>;
  updateFeatureType(workspace: string, store: string, name: string, changes: Partial<FeatureTypeSpec>): Promise<void>;
  deleteFeatureType(workspace: string, store: string, name: string, options?: DeleteOptions): Promise<void>;
  listLayers(workspace: string): Promise<string[]>;
  getLayer(workspace: string, name: string): Promise<LayerInfo>;
  /** Sets the layer's default style (`workspace:style`). The style must exist. */
  setDefaultStyle(workspace: string, layer: string, style: StyleRef): Promise<void>;
}
export const LAYER_ADMIN = Symbol.for('gportal.LayerAdmin');
