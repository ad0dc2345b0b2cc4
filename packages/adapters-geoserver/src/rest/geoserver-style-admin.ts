import {
  assertResourceName,
  MapServerError,
  styleScopeWorkspace,
  type ResourceRef,
  type StyleAdmin,
  type StyleDeleteOptions,
  type StyleInfo,
  type StyleRef,
  type StyleScope,
  type StyleSpec,
} from '@gportal/core';
import { CONTENT_TYPES, expandPath, type HttpClient } from '../http/index.js';
import { isObjectWith, isText, namesOf, rootOf } from './geoserver-json.js';
import { expectCreated } from './created.js';
import { JSON_EXTENSION, REST_ENDPOINTS } from './rest-endpoints.js';
import { detectStyleFormat } from './style-format.js';

interface StyleJson {
  name: string;
  workspace?: string | { name: string };
  format?: string;
  languageVersion?: { version: string } | string;
  filename?: string;
}

const STYLE_FIELDS = {
  name: isText,
  workspace: (value: unknown) => isText(value) || isObjectWith({ name: isText }, ['name'])(value),
  format: isText,
  languageVersion: (value: unknown) => isText(value) || isObjectWith({ version: isText }, ['version'])(value),
  filename: isText,
};

/**
 * The style templates of a scope: the global ones (`/styles…`, the spec's "default styles") when
 * no workspace is given, else the workspace's; an empty workspace name is refused, not global.
 */
function endpointsOf(scope: StyleScope | undefined): { params: Record<string, string>; list: string; one: string; definition: string } {
  const workspace = styleScopeWorkspace(scope);
  return workspace !== undefined
    ? { params: { workspace }, list: REST_ENDPOINTS.workspaceStyles, one: REST_ENDPOINTS.workspaceStyle, definition: REST_ENDPOINTS.workspaceStyleDefinition }
    : { params: {}, list: REST_ENDPOINTS.globalStyles, one: REST_ENDPOINTS.globalStyle, definition: REST_ENDPOINTS.globalStyleDefinition };
}

function describe(name: string, scope: StyleScope | undefined): ResourceRef {
  return { kind: 'style', name: `${scope?.workspace ? `${scope.workspace}:` : ''}${name}` };
}

/** Global and workspace styles with their SLD definitions, through GeoServer's REST API. */
export class GeoServerStyleAdmin implements StyleAdmin {
  constructor(private readonly http: HttpClient) {}

  /** `GET /styles` (or `/workspaces/{workspace}/styles`): references to the styles of the scope. */
  async list(scope?: StyleScope): Promise<StyleRef[]> {
    const endpoints = endpointsOf(scope);
    const path = expandPath(endpoints.list, endpoints.params);
    const names = namesOf(await this.http.json({ method: 'GET', path, resource: scope?.workspace ? { kind: 'workspace', name: scope.workspace } : 'styles of the server' }), 'styles', 'style');
    return names.map((name) => (scope?.workspace ? { workspace: scope.workspace, name } : { name }));
  }

  /** `GET /styles/{name}` (or the workspace's): the style's format, version and file. */
  async get(name: string, scope?: StyleScope): Promise<StyleInfo> {
    const endpoints = endpointsOf(scope);
    const path = expandPath(endpoints.one, { ...endpoints.params, style: name }, { extension: JSON_EXTENSION });
    const style = rootOf<StyleJson>(await this.http.json({ method: 'GET', path, resource: describe(name, scope) }), 'style', STYLE_FIELDS, ['name']);
    const workspace = typeof style.workspace === 'string' ? style.workspace : style.workspace?.name;
    const version = typeof style.languageVersion === 'string' ? style.languageVersion : style.languageVersion?.version;
    return {
      name: style.name,
      ...(workspace ? { workspace } : {}),
      ...(style.format !== undefined ? { format: style.format } : {}),
      ...(version !== undefined ? { languageVersion: version } : {}),
      ...(style.filename !== undefined ? { filename: style.filename } : {}),
    };
  }

  /**
   * The SLD document, from `{style}.sld` with the SLD content type. GeoServer answers SLD 1.0
   * there, converting an SE 1.1 style.
   */
  async getDefinition(name: string, scope?: StyleScope): Promise<string> {
    const endpoints = endpointsOf(scope);
    const path = expandPath(endpoints.definition, { ...endpoints.params, style: name });
    const response = await this.http.send({ method: 'GET', path, accept: CONTENT_TYPES.sld10, resource: describe(name, scope) });
    if (!response.body.trimStart().startsWith('<')) {
      throw new MapServerError({ status: response.status, text: `expected an SLD document for ${describe(name, scope)}, got ${response.mediaType}` });
    }
    return response.body;
  }

  /**
   * Uploads the SLD under `?name=`, as SLD 1.0 or SE 1.1 by the document's version. Resolves once
   * GeoServer answers 201 (anything else is an error).
   */
  async create(spec: StyleSpec): Promise<void> {
    assertResourceName(spec.name, 'style');
    const { contentType } = detectStyleFormat(spec.sld);
    const scope = spec.workspace !== undefined ? { workspace: spec.workspace } : undefined;
    const endpoints = endpointsOf(scope);
    expectCreated(
      await this.http.send({
        method: 'POST',
        path: expandPath(endpoints.list, endpoints.params),
        query: { name: spec.name },
        body: { text: spec.sld, contentType },
        resource: describe(spec.name, scope),
      }),
    );
  }

  /** `PUT /styles/{name}.sld` with the document, sent as SLD 1.0 or SE 1.1 by its version. */
  async updateDefinition(name: string, sld: string, scope?: StyleScope): Promise<void> {
    const format = detectStyleFormat(sld);
    const endpoints = endpointsOf(scope);
    await this.http.send({
      method: 'PUT',
      path: expandPath(endpoints.one, { ...endpoints.params, style: name }, { extension: 'sld' }),
      body: { text: sld, contentType: format.contentType },
      resource: describe(name, scope),
    });
  }

  /** `purge` deletes the SLD file too; `recurse` removes the style from the layers using it. */
  async delete(name: string, options: StyleDeleteOptions = {}): Promise<void> {
    const scope = options.workspace !== undefined ? { workspace: options.workspace } : undefined;
    const endpoints = endpointsOf(scope);
    await this.http.send({
      method: 'DELETE',
      path: expandPath(endpoints.one, { ...endpoints.params, style: name }, { extension: JSON_EXTENSION }),
      query: { purge: options.purge, recurse: options.recurse },
      resource: describe(name, scope),
    });
  }
}
