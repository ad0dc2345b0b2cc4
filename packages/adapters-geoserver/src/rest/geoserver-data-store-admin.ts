import {
  assertResourceName,
  ValidationError,
  type DataStoreAdmin,
  type DataStoreInfo,
  type DeleteOptions,
  type PostgisStoreSpec,
} from '@gportal/core';
import { expandPath, type HttpClient } from '../http/index.js';
import { entriesToRecord, isFlag, isKeyValueEntries, isNamedLink, isText, namesOf, recordToEntries, rootOf, type KeyValueEntries, type NamedLink } from './geoserver-json.js';
import { expectCreated } from './created.js';
import { JSON_EXTENSION, REST_ENDPOINTS } from './rest-endpoints.js';

interface DataStoreJson {
  name: string;
  type?: string;
  enabled?: boolean;
  workspace?: NamedLink;
  connectionParameters?: KeyValueEntries | '';
}

const DATA_STORE_FIELDS = { name: isText, type: isText, enabled: isFlag, workspace: isNamedLink, connectionParameters: isKeyValueEntries };

/** The PostGIS connection parameters under GeoServer's keys (note `passwd`). */
function postgisParameters(spec: PostgisStoreSpec): Record<string, string> {
  return {
    host: spec.host,
    port: String(spec.port),
    database: spec.database,
    schema: spec.schema,
    user: spec.user,
    passwd: spec.password,
    dbtype: spec.dbtype,
  };
}

function checkSpec(spec: PostgisStoreSpec): void {
  assertResourceName(spec.name, 'dataStore');
  if (spec.dbtype !== 'postgis') throw new ValidationError({ dbtype: `unsupported dbtype ${JSON.stringify(spec.dbtype)}` });
  if (!Number.isInteger(spec.port) || spec.port < 1 || spec.port > 65_535) {
    throw new ValidationError({ port: `invalid port ${JSON.stringify(spec.port)}` });
  }
}

/** Data stores (PostGIS connections) through GeoServer's REST API. */
export class GeoServerDataStoreAdmin implements DataStoreAdmin {
  constructor(private readonly http: HttpClient) {}

  /** `GET /workspaces/{workspace}/datastores`: the store names (GeoServer's empty list `""` reads as none). */
  async list(workspace: string): Promise<string[]> {
    const path = expandPath(REST_ENDPOINTS.dataStores, { workspace });
    return namesOf(await this.http.json({ method: 'GET', path, resource: { kind: 'workspace', name: workspace } }), 'dataStores', 'dataStore');
  }

  /** `GET /workspaces/{workspace}/datastores/{name}`; passwords come back masked. */
  async get(workspace: string, name: string): Promise<DataStoreInfo> {
    const path = expandPath(REST_ENDPOINTS.dataStore, { workspace, dataStore: name }, { extension: JSON_EXTENSION });
    const store = rootOf<DataStoreJson>(await this.http.json({ method: 'GET', path, resource: { kind: 'data-store', name: `${workspace}:${name}` } }), 'dataStore', DATA_STORE_FIELDS, ['name']);
    return {
      name: store.name,
      workspace: store.workspace?.name ?? workspace,
      ...(store.type !== undefined ? { type: store.type } : {}),
      enabled: store.enabled ?? true,
      connectionParameters: entriesToRecord(store.connectionParameters),
    };
  }

  /** `POST /workspaces/{workspace}/datastores`: a PostGIS store with the spec's connection parameters. */
  async create(workspace: string, spec: PostgisStoreSpec): Promise<void> {
    checkSpec(spec);
    const path = expandPath(REST_ENDPOINTS.dataStores, { workspace });
    const dataStore = {
      name: spec.name,
      ...(spec.description !== undefined ? { description: spec.description } : {}),
      connectionParameters: recordToEntries(postgisParameters(spec)),
    };
    expectCreated(
      await this.http.send({ method: 'POST', path, body: { json: { dataStore } }, resource: { kind: 'data-store', name: `${workspace}:${spec.name}` } }),
    );
  }

  /** `recurse` also removes the store's feature types and layers; without it a non-empty store is refused (`ConflictError`). */
  async delete(workspace: string, name: string, options: DeleteOptions = {}): Promise<void> {
    const path = expandPath(REST_ENDPOINTS.dataStore, { workspace, dataStore: name }, { extension: JSON_EXTENSION });
    await this.http.send({ method: 'DELETE', path, query: { recurse: options.recurse }, resource: { kind: 'data-store', name: `${workspace}:${name}` } });
  }
}
