import { assertResourceName, type DeleteOptions, type NamespaceInfo, type WorkspaceAdmin, type WorkspaceInfo } from '@gportal/core';
import { expandPath, type HttpClient } from '../http/index.js';
import { isFlag, isText, namesOf, rootOf } from './geoserver-json.js';
import { expectCreated } from './created.js';
import { JSON_EXTENSION, REST_ENDPOINTS } from './rest-endpoints.js';

interface WorkspaceJson {
  name: string;
  isolated?: boolean;
}

interface NamespaceJson {
  prefix: string;
  uri: string;
  isolated?: boolean;
}

const WORKSPACE_FIELDS = { name: isText, isolated: isFlag };
const NAMESPACE_FIELDS = { prefix: isText, uri: isText, isolated: isFlag };

/** Workspaces and namespaces through GeoServer's REST API. */
export class GeoServerWorkspaceAdmin implements WorkspaceAdmin {
  constructor(private readonly http: HttpClient) {}

  /** `GET /workspaces`: every workspace (GeoServer's empty list `""` reads as none). */
  async list(): Promise<WorkspaceInfo[]> {
    const body = await this.http.json({ method: 'GET', path: REST_ENDPOINTS.workspaces, resource: 'workspaces' });
    return namesOf(body, 'workspaces', 'workspace').map((name) => ({ name }));
  }

  /** `GET /workspaces/{name}`; `NotFoundError` when there is none. */
  async get(name: string): Promise<WorkspaceInfo> {
    const path = expandPath(REST_ENDPOINTS.workspace, { workspace: name }, { extension: JSON_EXTENSION });
    const workspace = rootOf<WorkspaceJson>(await this.http.json({ method: 'GET', path, resource: { kind: 'workspace', name } }), 'workspace', WORKSPACE_FIELDS, ['name']);
    return { name: workspace.name, isolated: workspace.isolated ?? false };
  }

  /** `GET /namespaces/{name}`: the prefix and URI of the workspace's namespace. */
  async getNamespace(name: string): Promise<NamespaceInfo> {
    const path = expandPath(REST_ENDPOINTS.namespace, { workspace: name }, { extension: JSON_EXTENSION });
    const namespace = rootOf<NamespaceJson>(await this.http.json({ method: 'GET', path, resource: { kind: 'workspace', name } }), 'namespace', NAMESPACE_FIELDS, ['prefix', 'uri']);
    return { prefix: namespace.prefix, uri: namespace.uri, isolated: namespace.isolated ?? false };
  }

  async create(name: string): Promise<void> {
    assertResourceName(name, 'workspace');
    expectCreated(
      await this.http.send({
        method: 'POST',
        path: REST_ENDPOINTS.workspaces,
        body: { json: { workspace: { name } } },
        resource: { kind: 'workspace', name },
      }),
    );
  }

  /** `recurse` removes everything in the workspace; without it GeoServer refuses a non-empty one (`ConflictError`). */
  async delete(name: string, options: DeleteOptions = {}): Promise<void> {
    const path = expandPath(REST_ENDPOINTS.workspace, { workspace: name }, { extension: JSON_EXTENSION });
    await this.http.send({ method: 'DELETE', path, query: { recurse: options.recurse }, resource: { kind: 'workspace', name } });
  }
}
