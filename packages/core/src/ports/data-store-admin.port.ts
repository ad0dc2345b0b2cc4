import type { DataStoreInfo, DeleteOptions, PostgisStoreSpec } from '../domain/admin.js';

/** Data stores (PostGIS connections) of a workspace. */
export interface DataStoreAdmin {
  list(workspace: string): Promise<string[]>;
  get(workspace: string, name: string): Promise<DataStoreInfo>;
  create(workspace: string, spec: PostgisStoreSpec): Promise<void>;
  /** Without `recurse`, a store that still has feature types cannot be deleted (`ConflictError`). */
  delete(workspace: string, name: string, options?: DeleteOptions): Promise<void>;
}
export const DATA_STORE_ADMIN = Symbol.for('gportal.DataStoreAdmin');
