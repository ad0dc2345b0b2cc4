import type { DataStoreInfo, DeleteOptions } from '../domain/admin.js';
import { ConflictError, ValidationError } from '../errors/errors.js';
import type { DataStoreAdmin } from '../ports/data-store-admin.port.js';
import { assertResourceName } from '../util/names.js';
import type { MemoryCatalogue } from './memory-catalogue.js';
import type { Synchronous } from './synchronous.js';

/** PostGIS data stores of the in-memory catalogue; the password reads back masked, as GeoServer's does. */
export function memoryDataStoreAdmin(catalogue: MemoryCatalogue): Synchronous<DataStoreAdmin> {
  return {
    list: (workspace) => [...catalogue.workspace(workspace).stores.keys()],
    get: (workspace, name): DataStoreInfo => {
      const { spec } = catalogue.store(workspace, name);
      return {
        name: spec.name,
        workspace,
        type: 'PostGIS',
        enabled: true,
        connectionParameters: {
          host: spec.host,
          port: String(spec.port),
          database: spec.database,
          schema: spec.schema,
          user: spec.user,
          passwd: 'crypt1:********',
          dbtype: spec.dbtype,
        },
      };
    },
    create: (workspace, spec) => {
      assertResourceName(spec.name, 'dataStore');
      const record = catalogue.workspace(workspace);
      if (spec.dbtype !== 'postgis') throw new ValidationError({ dbtype: `unsupported dbtype ${String(spec.dbtype)}` });
      if (record.stores.has(spec.name)) {
        throw new ConflictError({ kind: 'data-store', name: `${workspace}:${spec.name}` }, `Store '${spec.name}' already exists in workspace '${workspace}'`, 'exists');
      }
      record.stores.set(spec.name, { spec: structuredClone(spec), featureTypes: new Map() });
    },
    delete: (workspace, name, options?: DeleteOptions) => {
      const record = catalogue.workspace(workspace);
      const store = catalogue.store(workspace, name);
      if (store.featureTypes.size > 0 && !options?.recurse) {
        throw new ConflictError({ kind: 'data-store', name: `${workspace}:${name}` }, `Store '${name}' is not empty`, 'in-use');
      }
      for (const typeName of store.featureTypes.keys()) {
        record.layers.delete(typeName);
        catalogue.featureStore?.dropType(`${workspace}:${typeName}`);
      }
      record.stores.delete(name);
    },
  };
}
