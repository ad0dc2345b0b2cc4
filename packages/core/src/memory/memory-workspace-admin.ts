import type { DeleteOptions, NamespaceInfo, WorkspaceInfo } from '../domain/admin.js';
import { ConflictError } from '../errors/errors.js';
import type { WorkspaceAdmin } from '../ports/workspace-admin.port.js';
import { assertResourceName } from '../util/names.js';
import type { MemoryCatalogue } from './memory-catalogue.js';
import type { Synchronous } from './synchronous.js';

/** Workspaces of the in-memory catalogue; a non-empty one is deleted only with `recurse`, as GeoServer does. */
export function memoryWorkspaceAdmin(catalogue: MemoryCatalogue): Synchronous<WorkspaceAdmin> {
  return {
    list: () => [...catalogue.workspaces.keys()].map((name) => ({ name })),
    get: (name): WorkspaceInfo => ({ name: catalogue.workspace(name).name, isolated: false }),
    getNamespace: (name): NamespaceInfo => {
      const record = catalogue.workspace(name);
      return { prefix: record.name, uri: record.uri, isolated: false };
    },
    create: (name) => {
      assertResourceName(name, 'workspace');
      if (catalogue.workspaces.has(name)) throw new ConflictError({ kind: 'workspace', name }, `Workspace '${name}' already exists`, 'exists');
      catalogue.workspaces.set(name, {
        name,
        uri: `http://${name}`,
        stores: new Map(),
        layers: new Map(),
        styles: new Map(),
      });
    },
    delete: (name, options?: DeleteOptions) => {
      const record = catalogue.workspace(name);
      const empty = record.stores.size === 0 && record.layers.size === 0 && record.styles.size === 0;
      if (!empty && !options?.recurse) {
        throw new ConflictError({ kind: 'workspace', name }, `Workspace '${name}' is not empty`, 'in-use');
      }
      for (const store of record.stores.values()) {
        for (const typeName of store.featureTypes.keys()) catalogue.featureStore?.dropType(`${name}:${typeName}`);
      }
      catalogue.workspaces.delete(name);
    },
  };
}
