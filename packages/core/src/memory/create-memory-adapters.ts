import type { FeatureTypeSpec, PostgisStoreSpec, StyleSpec } from '../domain/admin.js';
import type { AuthGateway } from '../ports/auth-gateway.port.js';
import type { DataStoreAdmin } from '../ports/data-store-admin.port.js';
import type { EditJournal } from '../ports/edit-journal.port.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import type { FeatureTransactions } from '../ports/feature-transactions.port.js';
import type { FileUpload } from '../ports/file-upload.port.js';
import type { LayerAdmin } from '../ports/layer-admin.port.js';
import type { PortalAdmin } from '../ports/portal-admin.port.js';
import type { SessionStore } from '../ports/session-store.port.js';
import type { StyleAdmin } from '../ports/style-admin.port.js';
import type { UserCache } from '../ports/user-cache.port.js';
import type { WorkspaceAdmin } from '../ports/workspace-admin.port.js';
import { MemoryAuthGateway, type MemoryUser } from './memory-auth-gateway.js';
import { MemoryEditJournal } from './memory-edit-journal.js';
import { MemoryFeatureStore, type MemoryLayerSeed, type TransactionMode } from './memory-feature-store.js';
import { MemoryMapServer } from './memory-map-server.js';
import { MemoryPortal } from './memory-portal.js';
import { MemorySessionStore } from './memory-session-store.js';
import { MemoryUserCache } from './memory-user-cache.js';

/** What the in-memory adapters start with: users, styles, the catalogue and feature layers. */
export interface MemorySeed {
  users?: MemoryUser[];
  /** Global styles. */
  styles?: StyleSpec[];
  /** The catalogue: each feature type with a geometry attribute also becomes a feature layer `workspace:name`. */
  workspaces?: Array<{
    name: string;
    styles?: Array<Omit<StyleSpec, 'workspace'>>;
    stores?: Array<{ spec: PostgisStoreSpec; featureTypes?: FeatureTypeSpec[] }>;
  }>;
  /** Feature layers with their schema and features (catalogue layers may get features here too, by type name). */
  layers?: MemoryLayerSeed[];
  /** Features for layers the catalogue created, by type name (`workspace:name`). */
  features?: Record<string, NonNullable<MemoryLayerSeed['features']>>;
  transactionMode?: TransactionMode;
}

/** Every port of the core, in memory. */
export interface MemoryAdapters {
  auth: AuthGateway;
  session: SessionStore;
  userCache: UserCache;
  workspaces: WorkspaceAdmin;
  dataStores: DataStoreAdmin;
  layers: LayerAdmin;
  styles: StyleAdmin;
  features: FeatureSource;
  transactions: FeatureTransactions;
  upload: FileUpload;
  portal: PortalAdmin;
  journal: EditJournal;
  /** The models behind the ports, for tests that look inside. */
  internals: { mapServer: MemoryMapServer; featureStore: MemoryFeatureStore; portal: MemoryPortal };
}

/**
 * Every port of the core in memory, sharing one model: for tests, examples and the app's embedded mode.
 *
 * @example
 * ```ts
 * const adapters = createMemoryAdapters(sampleSeed());
 * const { features } = await adapters.features.getFeatures({ typeName: 'store_33:polygon' });
 * await adapters.workspaces.create('towns');
 * ```
 */
export function createMemoryAdapters(seed: MemorySeed = {}): MemoryAdapters {
  const featureStore = new MemoryFeatureStore(seed.transactionMode);
  const mapServer = new MemoryMapServer(featureStore);
  const portal = new MemoryPortal();

  for (const style of seed.styles ?? []) mapServer.stylesSync.create({ name: style.name, sld: style.sld });
  for (const workspace of seed.workspaces ?? []) {
    mapServer.workspacesSync.create(workspace.name);
    for (const style of workspace.styles ?? []) mapServer.stylesSync.create({ ...style, workspace: workspace.name });
    for (const store of workspace.stores ?? []) {
      mapServer.dataStoresSync.create(workspace.name, store.spec);
      for (const featureType of store.featureTypes ?? []) {
        mapServer.layersSync.createFeatureType(workspace.name, store.spec.name, featureType);
      }
    }
  }
  for (const layer of seed.layers ?? []) featureStore.defineType(layer.schema, layer.features);
  for (const [typeName, features] of Object.entries(seed.features ?? {})) {
    featureStore.defineType(featureStore.schemaOf(typeName), features);
  }

  return {
    auth: new MemoryAuthGateway(seed.users ?? []),
    session: new MemorySessionStore(),
    userCache: new MemoryUserCache(),
    workspaces: mapServer.workspaces,
    dataStores: mapServer.dataStores,
    layers: mapServer.layers,
    styles: mapServer.styles,
    features: featureStore.source,
    transactions: featureStore.transactions,
    upload: portal,
    portal,
    journal: new MemoryEditJournal(),
    internals: { mapServer, featureStore, portal },
  };
}
