import type { DeleteOptions, NamespaceInfo, WorkspaceInfo } from '../domain/admin.js';

/** Map-server workspaces and their namespaces. */
export interface WorkspaceAdmin {
  list(): Promise<WorkspaceInfo[]>;
  get(name: string): Promise<WorkspaceInfo>;
  getNamespace(name: string): Promise<NamespaceInfo>;
  /** Throws `ConflictError` when the workspace exists. */
  create(name: string): Promise<void>;
  /** Without `recurse`, deleting a workspace that still holds stores, layers or styles fails with `ConflictError`. */
  delete(name: string, options?: DeleteOptions): Promise<void>;
}
export const WORKSPACE_ADMIN = Symbol.for('gportal.WorkspaceAdmin');
