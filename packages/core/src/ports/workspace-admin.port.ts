import type { DeleteOptions, NamespaceInfo, WorkspaceInfo } from '../domain/admin.js';

/** Map-server workspaces and their namespaces. */
export interface WorkspaceAdmin {
  /** Every workspace. */
  list(): Promise<WorkspaceInfo[]>;
  /** One workspace; `NotFoundError` when there is none. */
  get(name: string): Promise<WorkspaceInfo>;
  /** The namespace (prefix and URI) of a workspace. */
  getNamespace(name: string): Promise<NamespaceInfo>;
  /** Throws `ConflictError` when the workspace exists. */
  create(name: string): Promise<void>;
  /** Without `recurse`, deleting a workspace that still holds stores, layers or styles fails with `ConflictError`. */
  delete(name: string, options?: DeleteOptions): Promise<void>;
}
/** The inversify token of {@link WorkspaceAdmin}. */
export const WORKSPACE_ADMIN = Symbol.for('gportal.WorkspaceAdmin');
