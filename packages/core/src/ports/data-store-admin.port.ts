import type { DataStoreInfo, DeleteOptions, PostgisStoreSpec } from '../domain/admin.js';

/** Data stores (PostGIS connections) of a workspace. */
export interface DataStoreAdmin {
  /** The names of the workspace's data stores. */
  list(workspace: string): Promise<string[]>;
  /** One data store with its connection parameters; `NotFoundError` when there is none. */
  get(workspace: string, name: string): Promise<DataStoreInfo>;
  /** Creates a PostGIS data store in the workspace; `ConflictError` when it exists. */
  create(workspace: string, spec: PostgisStoreSpec): Promise<void>;
  /** Without `recurse`, a store that still has feature types cannot be deleted (`ConflictError`). */
  delete(workspace: string, name: string, options?: DeleteOptions): Promise<void>;
}
/** The inversify token of {@link DataStoreAdmin}. */
export const DATA_STORE_ADMIN = Symbol.for('gportal.DataStoreAdmin');
