import {
  assertResourceName,
  formatStyleRef,
  parseStyleRef,
  ValidationError,
  type DeleteOptions,
  type FeatureTypeInfo,
  type FeatureTypeSpec,
  type LayerAdmin,
  type LayerInfo,
  type StyleRef,
} from '@gportal/core';
import { expandPath, type HttpClient } from '../http/index.js';
import { FEATURE_TYPE_FIELDS, featureTypeInfoOf, featureTypeJson, type FeatureTypeJson } from './feature-type-json.js';
import { asArray, isFlag, isNamedLink, isText, isWrappedList, namesOf, rootOf, unqualified, type JsonList, type NamedLink } from './geoserver-json.js';
import { expectCreated } from './created.js';
import { JSON_EXTENSION, REST_ENDPOINTS } from './rest-endpoints.js';

interface LayerJson {
  name: string;
  type?: string;
  enabled?: boolean;
  defaultStyle?: NamedLink;
  styles?: { style?: JsonList<NamedLink> } | '';
  resource?: NamedLink;
}

const LAYER_FIELDS = { name: isText, type: isText, enabled: isFlag, defaultStyle: isNamedLink, styles: isWrappedList('style', isNamedLink), resource: isNamedLink };

/** A style reference as GeoServer writes it: a `workspace` field, or a `workspace:style` name. */
function styleRefOf(link: NamedLink): StyleRef {
  const workspace = typeof link.workspace === 'string' ? link.workspace : link.workspace?.name;
  return workspace ? { workspace, name: unqualified(link.name) } : parseStyleRef(link.name);
}

// The store of a layer's feature type is only in its link: …/datastores/{store}/featuretypes/…
const STORE_IN_HREF = /\/datastores\/([^/]+)\/featuretypes\//;

function resourceOf(resource: NamedLink, workspace: string): NonNullable<LayerInfo['resource']> {
  const store = resource.href ? STORE_IN_HREF.exec(resource.href)?.[1] : undefined;
  return { name: unqualified(resource.name), workspace, ...(store ? { store: decodeURIComponent(store) } : {}) };
}

/** Feature types and layers through GeoServer's REST API. */
export class GeoServerLayerAdmin implements LayerAdmin {
  constructor(private readonly http: HttpClient) {}

  /** `GET /workspaces/{workspace}/datastores/{store}/featuretypes`: the feature type names. */
  async listFeatureTypes(workspace: string, store: string): Promise<string[]> {
    const path = expandPath(REST_ENDPOINTS.featureTypes, { workspace, dataStore: store });
    const body = await this.http.json({ method: 'GET', path, resource: { kind: 'data-store', name: `${workspace}:${store}` } });
    return namesOf(body, 'featureTypes', 'featureType');
  }

  /** `GET /workspaces/{workspace}/datastores/{store}/featuretypes/{name}`, attributes read back into the core's bindings. */
  async getFeatureType(workspace: string, store: string, name: string): Promise<FeatureTypeInfo> {
    const path = this.featureTypePath(workspace, store, name);
    const body = await this.http.json({ method: 'GET', path, resource: { kind: 'feature-type', name: `${workspace}:${name}` } });
    return featureTypeInfoOf(rootOf<FeatureTypeJson>(body, 'featureType', FEATURE_TYPE_FIELDS, ['name']), workspace, store);
  }

  /**
   * Publishes a feature type with its native and lat/lon bounding boxes; with attributes,
   * GeoServer also creates the table in the PostGIS store. Resolves once GeoServer answers 201
   * (anything else is an error). The store is the one named by the call, as in the in-memory
   * adapter; `spec.store` is not sent.
   */
  async createFeatureType(workspace: string, store: string, spec: FeatureTypeSpec): Promise<void> {
    assertResourceName(spec.name, 'featureType');
    const path = expandPath(REST_ENDPOINTS.featureTypes, { workspace, dataStore: store });
    expectCreated(
      await this.http.send({
        method: 'POST',
        path,
        body: { json: { featureType: featureTypeJson(spec) } },
        resource: { kind: 'feature-type', name: `${workspace}:${spec.name}` },
      }),
    );
  }

  /** Sends only the fields given; GeoServer keeps the rest. */
  async updateFeatureType(workspace: string, store: string, name: string, changes: Partial<FeatureTypeSpec>): Promise<void> {
    if (changes.name !== undefined && changes.name !== name) throw new ValidationError({ name: 'a feature type cannot be renamed' });
    await this.http.send({
      method: 'PUT',
      path: this.featureTypePath(workspace, store, name),
      body: { json: { featureType: featureTypeJson({ ...changes, name: undefined }) } },
      resource: { kind: 'feature-type', name: `${workspace}:${name}` },
    });
  }

  /** `recurse` also removes the layers publishing it; without it a published feature type is refused (`ConflictError`). */
  async deleteFeatureType(workspace: string, store: string, name: string, options: DeleteOptions = {}): Promise<void> {
    await this.http.send({
      method: 'DELETE',
      path: this.featureTypePath(workspace, store, name),
      query: { recurse: options.recurse },
      resource: { kind: 'feature-type', name: `${workspace}:${name}` },
    });
  }

  /** `GET /workspaces/{workspace}/layers`: the layer names. */
  async listLayers(workspace: string): Promise<string[]> {
    const path = expandPath(REST_ENDPOINTS.layers, { workspace });
    return namesOf(await this.http.json({ method: 'GET', path, resource: { kind: 'workspace', name: workspace } }), 'layers', 'layer');
  }

  /** The layer with its default style (`workspace:style` read into a `StyleRef`) and other styles. */
  async getLayer(workspace: string, name: string): Promise<LayerInfo> {
    const path = expandPath(REST_ENDPOINTS.layer, { workspace, layer: name }, { extension: JSON_EXTENSION });
    const layer = rootOf<LayerJson>(await this.http.json({ method: 'GET', path, resource: { kind: 'layer', name: `${workspace}:${name}` } }), 'layer', LAYER_FIELDS, ['name']);
    return {
      name: unqualified(layer.name),
      workspace,
      ...(layer.type !== undefined ? { type: layer.type } : {}),
      ...(layer.defaultStyle ? { defaultStyle: styleRefOf(layer.defaultStyle) } : {}),
      styles: asArray(layer.styles === '' ? undefined : layer.styles?.style).map(styleRefOf),
      ...(layer.resource ? { resource: resourceOf(layer.resource, workspace) } : {}),
      ...(layer.enabled !== undefined ? { enabled: layer.enabled } : {}),
    };
  }

  /** Sets the layer's default style, sent as `workspace:style` (or `style` for a global one). */
  async setDefaultStyle(workspace: string, layer: string, style: StyleRef): Promise<void> {
    assertResourceName(style.name, 'style');
    if (style.workspace !== undefined) assertResourceName(style.workspace, 'styleWorkspace');
    const path = expandPath(REST_ENDPOINTS.layer, { workspace, layer }, { extension: JSON_EXTENSION });
    await this.http.send({
      method: 'PUT',
      path,
      body: { json: { layer: { defaultStyle: { name: formatStyleRef(style) } } } },
      resource: { kind: 'layer', name: `${workspace}:${layer}` },
    });
  }

  private featureTypePath(workspace: string, store: string, name: string): string {
    return expandPath(REST_ENDPOINTS.featureType, { workspace, dataStore: store, featureType: name }, { extension: JSON_EXTENSION });
  }
}
