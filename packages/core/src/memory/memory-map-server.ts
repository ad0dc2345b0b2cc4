import type { DataStoreAdmin } from '../ports/data-store-admin.port.js';
import type { LayerAdmin } from '../ports/layer-admin.port.js';
import type { StyleAdmin } from '../ports/style-admin.port.js';
import type { WorkspaceAdmin } from '../ports/workspace-admin.port.js';
import { MemoryCatalogue } from './memory-catalogue.js';
import { memoryDataStoreAdmin } from './memory-data-store-admin.js';
import type { MemoryFeatureStore } from './memory-feature-store.js';
import { memoryLayerAdmin } from './memory-layer-admin.js';
import { memoryStyleAdmin } from './memory-style-admin.js';
import { memoryWorkspaceAdmin } from './memory-workspace-admin.js';
import { asynchronous, type Synchronous } from './synchronous.js';

/**
 * A small but faithful model of a map server's catalogue: the four admin ports over one
 * `MemoryCatalogue`. Names are unique per scope, and deletes follow GeoServer's rules (a
 * non-empty parent needs `recurse`). The synchronous forms apply seeds.
 */
export class MemoryMapServer {
  readonly workspacesSync: Synchronous<WorkspaceAdmin>;
  readonly dataStoresSync: Synchronous<DataStoreAdmin>;
  readonly layersSync: Synchronous<LayerAdmin>;
  readonly stylesSync: Synchronous<StyleAdmin>;

  readonly workspaces: WorkspaceAdmin;
  readonly dataStores: DataStoreAdmin;
  readonly layers: LayerAdmin;
  readonly styles: StyleAdmin;

  constructor(featureStore?: MemoryFeatureStore) {
    const catalogue = new MemoryCatalogue(featureStore);
    this.workspacesSync = memoryWorkspaceAdmin(catalogue);
    this.dataStoresSync = memoryDataStoreAdmin(catalogue);
    this.layersSync = memoryLayerAdmin(catalogue);
    this.stylesSync = memoryStyleAdmin(catalogue);
    this.workspaces = asynchronous(this.workspacesSync);
    this.dataStores = asynchronous(this.dataStoresSync);
    this.layers = asynchronous(this.layersSync);
    this.styles = asynchronous(this.stylesSync);
  }
}
