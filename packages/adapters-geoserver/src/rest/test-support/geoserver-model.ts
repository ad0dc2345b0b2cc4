import {
  ConflictError,
  NotFoundError,
  parseStyleRef,
  ValidationError,
  type AttributeBinding,
  type AttributeSpec,
  type BoundingBox,
  type Credentials,
  type FeatureTypeSpec,
  type StyleScope,
} from '@gportal/core';
import { MemoryMapServer } from '@gportal/core/memory';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { readFixture } from '../../http/test-support/fixtures.js';
import { definedOnly } from '../../util/defined-only.js';

/**
 * A GeoServer stand-in for msw: a `MemoryMapServer` behind GeoServer's REST URLs, answering in
 * GeoServer's JSON (and its quirks) and failing the way GeoServer's controllers do.
 */
export const GEOSERVER_URL = 'http://geoserver.test/geoserver';
export const REST_PATH = '/geoserver/rest';
export const REST_URL = `http://geoserver.test${REST_PATH}`;

type Params = Record<string, string>;
type Answer = Response | Promise<Response>;

// Spring takes a path's last extension as the format; an unknown one answers 406.
const FORMATS = ['json', 'xml', 'html', 'sld'] as const;
type Format = (typeof FORMATS)[number];

class Refusal extends Error {
  constructor(readonly response: Response) {
    super('refused');
  }
}

function nameAndFormat(name: string): { name: string; format?: Format } {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return { name };
  const format = name.slice(dot + 1);
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new Refusal(new HttpResponse('No acceptable representation', { status: 406, headers: { 'Content-Type': 'text/plain' } }));
  }
  return { name: name.slice(0, dot), format: format as Format };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');

/** The error page Jetty writes for `response.sendError(status, message)` (GeoServer's 4xx `RestException`s). */
function jettyErrorPage(status: number, message: string, uri: string): Response {
  const text = escapeHtml(message);
  const body = `<html>
<head>
<meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
<title>Error ${status} ${text}</title>
</head>
<body><h2>HTTP ERROR ${status} ${text}</h2>
<table>
<tr><th>URI:</th><td>${escapeHtml(uri)}</td></tr>
<tr><th>STATUS:</th><td>${status}</td></tr>
<tr><th>MESSAGE:</th><td>${text}</td></tr>
<tr><th>SERVLET:</th><td>dispatcher</td></tr>
</table>
</body>
</html>
`;
  return new HttpResponse(body, { status, headers: { 'Content-Type': 'text/html;charset=utf-8' } });
}

const plainText = (status: number, message: string) => new HttpResponse(message, { status, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } });

type Operation =
  | 'createWorkspace'
  | 'deleteWorkspace'
  | 'createDataStore'
  | 'deleteDataStore'
  | 'createFeatureType'
  | 'deleteFeatureType'
  | 'createStyle'
  | 'deleteStyle'
  | 'other';

/**
 * How GeoServer fails where it differs from the defaults (404 plain text from
 * `ResourceNotFoundException`, 500 plain text from catalog validation, 400 for bad input):
 * `RestException`s with a 4xx status become Jetty error pages.
 */
interface FailureContext {
  error: Error;
  params: Params;
  url: URL;
}

const FAILURES: Partial<Record<`${Operation}:${'conflict' | 'not-found'}`, (context: FailureContext) => Response>> = {
  // The in-memory model words this one as WorkspaceController does.
  'createWorkspace:conflict': ({ error, url }) => jettyErrorPage(409, error.message, url.pathname),
  'deleteWorkspace:conflict': ({ url }) => jettyErrorPage(403, 'Workspace not empty', url.pathname),
  'deleteWorkspace:not-found': ({ params, url }) => jettyErrorPage(404, `Workspace '${params.workspace}' not found`, url.pathname),
  'deleteDataStore:conflict': ({ url }) => jettyErrorPage(403, 'Unable to delete non-empty store.', url.pathname),
  'deleteFeatureType:conflict': ({ url }) => jettyErrorPage(403, 'feature type referenced by layer(s)', url.pathname),
  'createStyle:conflict': ({ url }) => jettyErrorPage(403, `Style ${url.searchParams.get('name')} already exists.`, url.pathname),
  'deleteStyle:conflict': ({ url }) => jettyErrorPage(403, "Can't delete style referenced by existing layers.", url.pathname),
};

function failureOf(error: unknown, operation: Operation, params: Params, url: URL): Response {
  if (error instanceof Refusal) return error.response;
  const context = { error: error as Error, params, url };
  if (error instanceof NotFoundError) return FAILURES[`${operation}:not-found`]?.(context) ?? plainText(404, error.message);
  if (error instanceof ConflictError) return FAILURES[`${operation}:conflict`]?.(context) ?? plainText(500, error.message);
  if (error instanceof ValidationError) return jettyErrorPage(400, error.message, url.pathname);
  throw error;
}

/** GeoServer lists: `""` when empty, the element itself when alone (older versions), else an array. */
function list(collection: string, item: string, links: Array<Record<string, unknown>>): Record<string, unknown> {
  if (links.length === 0) return { [collection]: '' };
  return { [collection]: { [item]: links.length === 1 ? links[0] : links } };
}

const GEOGRAPHIC = new Set(['EPSG:4326', 'EPSG:4490']);

/** A CRS as GeoServer writes it: geographic ones as plain WKT, projected ones with a class hint. */
function nativeCrs(code: string): unknown {
  const number = code.replace('EPSG:', '');
  if (GEOGRAPHIC.has(code)) {
    return `GEOGCS["EPSG ${number}", \n  DATUM["World Geodetic System 1984", \n    SPHEROID["WGS 84", 6378137.0, 298.257223563, AUTHORITY["EPSG","7030"]]], \n  AUTHORITY["EPSG","${number}"]]`;
  }
  return { '@class': 'projected', $: `PROJCS["EPSG ${number}", \n  UNIT["m", 1.0], \n  AUTHORITY["EPSG","${number}"]]` };
}

function boxJson(box: BoundingBox): Record<string, unknown> {
  return { ...box, crs: GEOGRAPHIC.has(box.crs) ? box.crs : { '@class': 'projected', $: box.crs } };
}

const GEOMETRY_BINDINGS: readonly string[] = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'];

/** PostGIS answers dates as timestamps. */
function javaClassOf(binding: AttributeBinding): string {
  if (GEOMETRY_BINDINGS.includes(binding)) return `org.locationtech.jts.geom.${binding}`;
  return binding === 'Date' ? 'java.sql.Timestamp' : `java.lang.${binding}`;
}

function bindingOf(javaClass: string): AttributeBinding {
  const simple = javaClass.slice(javaClass.lastIndexOf('.') + 1);
  if (simple === 'Timestamp') return 'Date';
  return simple as AttributeBinding;
}

interface FeatureTypeBody {
  name: string;
  nativeName?: string;
  namespace?: { name: string };
  title?: string;
  keywords?: { string: string[] };
  nativeCRS?: string;
  srs?: string;
  nativeBoundingBox?: BoundingBox;
  latLonBoundingBox?: BoundingBox;
  projectionPolicy?: FeatureTypeSpec['projectionPolicy'];
  enabled?: boolean;
  maxFeatures?: number;
  numDecimals?: number;
  attributes?: { attribute: Array<{ name: string; binding: string; nillable?: boolean; minOccurs?: number; maxOccurs?: number }> };
}

function featureTypeChanges(body: FeatureTypeBody): Partial<FeatureTypeSpec> {
  const changes: Partial<FeatureTypeSpec> = {
    nativeName: body.nativeName,
    namespace: body.namespace?.name,
    title: body.title,
    keywords: body.keywords?.string,
    nativeCRS: body.nativeCRS,
    srs: body.srs,
    nativeBoundingBox: body.nativeBoundingBox,
    latLonBoundingBox: body.latLonBoundingBox,
    projectionPolicy: body.projectionPolicy,
    enabled: body.enabled,
    maxFeatures: body.maxFeatures,
    numDecimals: body.numDecimals,
    attributes: body.attributes?.attribute.map((attribute): AttributeSpec => ({ ...attribute, binding: bindingOf(attribute.binding) })),
  };
  return definedOnly(changes);
}

export interface GeoServerModelOptions {
  /** When set, REST answers 401 without HTTP Basic credentials of one of these users. */
  users?: readonly Credentials[];
}

export interface GeoServerModel {
  handlers: HttpHandler[];
  mapServer: MemoryMapServer;
}

/** msw handlers answering like GeoServer, from a `MemoryMapServer`. */
export function createGeoServerModel(mapServer = new MemoryMapServer(), options: GeoServerModelOptions = {}): GeoServerModel {
  const { workspacesSync: workspaces, dataStoresSync: dataStores, layersSync: layers, stylesSync: styles } = mapServer;

  const knownUser = (username: string, password: string) =>
    (options.users ?? []).some((user) => user.username === username && user.password === password);

  function authorized(request: Request): boolean {
    if (!options.users) return true;
    const header = request.headers.get('authorization') ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [username, ...rest] = new TextDecoder().decode(Uint8Array.from(atob(header.slice(6)), (char) => char.charCodeAt(0))).split(':');
    return knownUser(username ?? '', rest.join(':'));
  }

  /** One REST route: checks credentials, runs the model, and fails like GeoServer. */
  function route(
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    operation: Operation,
    answer: (context: { params: Params; request: Request; url: URL }) => Answer,
  ): HttpHandler {
    return http[method](`${REST_URL}${path}`, async ({ request, params }) => {
      const url = new URL(request.url);
      const values = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, decodeURIComponent(String(value))]));
      if (!authorized(request)) {
        const page = jettyErrorPage(401, 'Full authentication is required to access this resource', url.pathname);
        page.headers.set('WWW-Authenticate', 'Basic realm="GeoServer Realm"');
        return page;
      }
      try {
        return await answer({ params: values, request, url });
      } catch (error) {
        return failureOf(error, operation, values, url);
      }
    });
  }

  const flag = (url: URL, name: string) => url.searchParams.get(name) === 'true';
  const created = (location: string, body: string) =>
    new HttpResponse(body, { status: 201, headers: { Location: encodeURI(location), 'Content-Type': 'text/plain' } });
  const ok = () => new HttpResponse(null, { status: 200 });

  function styleScope(params: Params): StyleScope | undefined {
    return params.workspace ? { workspace: params.workspace } : undefined;
  }
  function stylesHref(scope: StyleScope | undefined): string {
    return scope?.workspace ? `${REST_URL}/workspaces/${scope.workspace}/styles` : `${REST_URL}/styles`;
  }

  const styleRoutes = (prefix: string) => [
    route('get', `${prefix}/styles`, 'other', ({ params }) => {
      const scope = styleScope(params);
      return HttpResponse.json(
        list('styles', 'style', styles.list(scope).map((ref) => ({ name: ref.name, href: `${stylesHref(scope)}/${ref.name}.json` }))),
      );
    }),
    route('post', `${prefix}/styles`, 'createStyle', async ({ params, request, url }) => {
      const scope = styleScope(params);
      const contentType = (request.headers.get('content-type') ?? '').split(';')[0];
      if (contentType !== 'application/vnd.ogc.sld+xml' && contentType !== 'application/vnd.ogc.se+xml') {
        return jettyErrorPage(415, `Unsupported Media Type ${contentType}`, url.pathname);
      }
      const name = url.searchParams.get('name');
      if (!name) return plainText(500, 'Unable to generate style name, specify one with \'name\' parameter');
      styles.create({ name, sld: await request.text(), ...(scope ?? {}) });
      return created(`${stylesHref(scope)}/${name}`, name);
    }),
    route('get', `${prefix}/styles/:style`, 'other', ({ params, request }) => {
      const scope = styleScope(params);
      const { name, format } = nameAndFormat(params.style!);
      const accept = request.headers.get('accept') ?? '';
      if (format === 'sld' || (!format && accept.includes('application/vnd.ogc.sld+xml'))) {
        return new HttpResponse(styles.getDefinition(name, scope), { headers: { 'Content-Type': 'application/vnd.ogc.sld+xml' } });
      }
      if (format !== 'json' && !accept.includes('application/json')) return plainText(406, 'No acceptable representation');
      const info = styles.get(name, scope);
      return HttpResponse.json({
        style: {
          name: info.name,
          ...(scope?.workspace ? { workspace: { name: scope.workspace } } : {}),
          format: info.format,
          languageVersion: { version: info.languageVersion },
          filename: info.filename,
        },
      });
    }),
    route('put', `${prefix}/styles/:style`, 'other', async ({ params, request }) => {
      const { name } = nameAndFormat(params.style!);
      styles.updateDefinition(name, await request.text(), styleScope(params));
      return ok();
    }),
    route('delete', `${prefix}/styles/:style`, 'deleteStyle', ({ params, url }) => {
      const { name } = nameAndFormat(params.style!);
      styles.delete(name, { ...(styleScope(params) ?? {}), purge: flag(url, 'purge'), recurse: flag(url, 'recurse') });
      return ok();
    }),
  ];

  const workspacePath = '/workspaces/:workspace';
  const storePath = `${workspacePath}/datastores/:store`;
  const featureTypePath = `${storePath}/featuretypes/:featureType`;

  const loginPage = `${GEOSERVER_URL}/web/wicket/bookmarkable/org.geoserver.web.GeoServerLoginPage`;
  const page = (title: string) => HttpResponse.html(`<html><head><title>${title}</title></head><body></body></html>`);
  let sessions = 0;

  // Spring Security's form login: a redirect home with a session cookie, or back to the login page.
  const formLogin: HttpHandler[] = [
    http.post(`${GEOSERVER_URL}/j_spring_security_check`, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      if (!knownUser(form.get('username') ?? '', form.get('password') ?? '')) {
        return new HttpResponse(null, { status: 302, headers: { Location: `${loginPage}?error=true` } });
      }
      sessions += 1;
      return new HttpResponse(null, { status: 302, headers: { Location: `${GEOSERVER_URL}/web/`, 'Set-Cookie': `JSESSIONID=session${sessions}; Path=/geoserver; HttpOnly` } });
    }),
    http.post(`${GEOSERVER_URL}/j_spring_security_logout`, () => new HttpResponse(null, { status: 302, headers: { Location: `${GEOSERVER_URL}/web/` } })),
    http.get(`${GEOSERVER_URL}/web/`, () => page('GeoServer: Welcome')),
    http.get(loginPage, () => page('GeoServer: Login')),
  ];

  const handlers: HttpHandler[] = [
    ...formLogin,
    route('get', '/about/version', 'other', () => new HttpResponse(readFixture('rest/about-version.json'), { headers: { 'Content-Type': 'application/json' } })),
    route('get', '/workspaces', 'other', () =>
      HttpResponse.json(list('workspaces', 'workspace', workspaces.list().map(({ name }) => ({ name, href: `${REST_URL}/workspaces/${name}.json` })))),
    ),
    route('post', '/workspaces', 'createWorkspace', async ({ request }) => {
      const body = (await request.json()) as { workspace: { name: string } };
      workspaces.create(body.workspace.name);
      return created(`${REST_URL}/workspaces/${body.workspace.name}`, body.workspace.name);
    }),
    route('get', workspacePath, 'other', ({ params }) => {
      const { name } = nameAndFormat(params.workspace!);
      const workspace = workspaces.get(name);
      const href = `${REST_URL}/workspaces/${name}`;
      return HttpResponse.json({
        workspace: {
          name: workspace.name,
          isolated: workspace.isolated ?? false,
          dateCreated: '2025-02-20 13:53:45.156 UTC',
          dataStores: `${href}/datastores.json`,
          coverageStores: `${href}/coveragestores.json`,
          wmsStores: `${href}/wmsstores.json`,
          wmtsStores: `${href}/wmtsstores.json`,
        },
      });
    }),
    route('delete', workspacePath, 'deleteWorkspace', ({ params, url }) => {
      workspaces.delete(nameAndFormat(params.workspace!).name, { recurse: flag(url, 'recurse') });
      return ok();
    }),
    route('get', '/namespaces/:workspace', 'other', ({ params }) => {
      const namespace = workspaces.getNamespace(nameAndFormat(params.workspace!).name);
      return HttpResponse.json({
        namespace: { ...namespace, featureTypes: `${REST_URL}/workspaces/${namespace.prefix}/featuretypes.json` },
      });
    }),
    route('get', `${workspacePath}/datastores`, 'other', ({ params }) => {
      const workspace = params.workspace!;
      const names = dataStores.list(workspace);
      return HttpResponse.json(list('dataStores', 'dataStore', names.map((name) => ({ name, href: `${REST_URL}/workspaces/${workspace}/datastores/${name}.json` }))));
    }),
    route('post', `${workspacePath}/datastores`, 'createDataStore', async ({ params, request }) => {
      const workspace = params.workspace!;
      const { dataStore } = (await request.json()) as { dataStore: { name: string; connectionParameters: { entry: Array<{ '@key': string; $: string }> } } };
      const parameters = Object.fromEntries(dataStore.connectionParameters.entry.map((entry) => [entry['@key'], entry.$]));
      dataStores.create(workspace, {
        name: dataStore.name,
        host: parameters.host ?? '',
        port: Number(parameters.port),
        database: parameters.database ?? '',
        schema: parameters.schema ?? 'public',
        user: parameters.user ?? '',
        password: parameters.passwd ?? '',
        dbtype: parameters.dbtype as 'postgis',
      });
      return created(`${REST_URL}/workspaces/${workspace}/datastores/${dataStore.name}`, dataStore.name);
    }),
    route('get', storePath, 'other', ({ params }) => {
      const workspace = params.workspace!;
      const store = dataStores.get(workspace, nameAndFormat(params.store!).name);
      const parameters = { ...store.connectionParameters, namespace: `http://${workspace}` };
      return HttpResponse.json({
        dataStore: {
          name: store.name,
          type: store.type,
          enabled: store.enabled,
          workspace: { name: workspace, href: `${REST_URL}/workspaces/${workspace}.json` },
          connectionParameters: { entry: Object.entries(parameters).map(([key, value]) => ({ '@key': key, $: value })) },
          _default: false,
          disableOnConnFailure: false,
          featureTypes: `${REST_URL}/workspaces/${workspace}/datastores/${store.name}/featuretypes.json`,
        },
      });
    }),
    route('delete', storePath, 'deleteDataStore', ({ params, url }) => {
      dataStores.delete(params.workspace!, nameAndFormat(params.store!).name, { recurse: flag(url, 'recurse') });
      return ok();
    }),
    route('get', `${storePath}/featuretypes`, 'other', ({ params }) => {
      const { workspace, store } = params as { workspace: string; store: string };
      const names = layers.listFeatureTypes(workspace, store);
      const href = `${REST_URL}/workspaces/${workspace}/datastores/${store}/featuretypes`;
      return HttpResponse.json(list('featureTypes', 'featureType', names.map((name) => ({ name, href: `${href}/${name}.json` }))));
    }),
    route('post', `${storePath}/featuretypes`, 'createFeatureType', async ({ params, request }) => {
      const { workspace, store } = params as { workspace: string; store: string };
      const { featureType } = (await request.json()) as { featureType: FeatureTypeBody };
      const changes = featureTypeChanges(featureType);
      if (!changes.attributes?.length) return jettyErrorPage(400, 'Trying to create new feature type inside the store, but no attributes were specified', request.url);
      layers.createFeatureType(workspace, store, { ...(changes as FeatureTypeSpec), name: featureType.name, store });
      // GeoServer's feature type 201 carries an empty body.
      return created(`${REST_URL}/workspaces/${workspace}/datastores/${store}/featuretypes/${featureType.name}`, '');
    }),
    route('get', featureTypePath, 'other', ({ params }) => {
      const { workspace, store } = params as { workspace: string; store: string };
      const spec = layers.getFeatureType(workspace, store, nameAndFormat(params.featureType!).name);
      return HttpResponse.json({
        featureType: {
          name: spec.name,
          nativeName: spec.nativeName,
          namespace: { name: workspace, href: `${REST_URL}/namespaces/${workspace}.json` },
          title: spec.title,
          keywords: { string: spec.keywords },
          nativeCRS: nativeCrs(spec.nativeCRS ?? 'EPSG:4326'),
          srs: spec.srs,
          nativeBoundingBox: spec.nativeBoundingBox && boxJson(spec.nativeBoundingBox),
          latLonBoundingBox: spec.latLonBoundingBox,
          projectionPolicy: spec.projectionPolicy,
          enabled: spec.enabled,
          store: { '@class': 'dataStore', name: `${workspace}:${store}`, href: `${REST_URL}/workspaces/${workspace}/datastores/${store}.json` },
          serviceConfiguration: false,
          maxFeatures: spec.maxFeatures,
          numDecimals: spec.numDecimals,
          attributes: {
            attribute: (spec.attributes ?? []).map((attribute) => ({
              name: attribute.name,
              minOccurs: attribute.minOccurs ?? 0,
              maxOccurs: attribute.maxOccurs ?? 1,
              nillable: attribute.nillable ?? true,
              binding: javaClassOf(attribute.binding),
            })),
          },
        },
      });
    }),
    route('put', featureTypePath, 'other', async ({ params, request }) => {
      const { workspace, store } = params as { workspace: string; store: string };
      const { featureType } = (await request.json()) as { featureType: FeatureTypeBody };
      layers.updateFeatureType(workspace, store, nameAndFormat(params.featureType!).name, featureTypeChanges(featureType));
      return ok();
    }),
    route('delete', featureTypePath, 'deleteFeatureType', ({ params, url }) => {
      const { workspace, store } = params as { workspace: string; store: string };
      layers.deleteFeatureType(workspace, store, nameAndFormat(params.featureType!).name, { recurse: flag(url, 'recurse') });
      return ok();
    }),
    route('get', `${workspacePath}/layers`, 'other', ({ params }) => {
      const workspace = params.workspace!;
      const names = layers.listLayers(workspace);
      return HttpResponse.json(list('layers', 'layer', names.map((name) => ({ name: `${workspace}:${name}`, href: `${REST_URL}/workspaces/${workspace}/layers/${name}.json` }))));
    }),
    route('get', `${workspacePath}/layers/:layer`, 'other', ({ params }) => {
      const workspace = params.workspace!;
      const layer = layers.getLayer(workspace, nameAndFormat(params.layer!).name);
      const styleLink = (ref: { name: string; workspace?: string }) =>
        ref.workspace
          ? { name: `${ref.workspace}:${ref.name}`, workspace: ref.workspace, href: `${REST_URL}/workspaces/${ref.workspace}/styles/${ref.name}.json` }
          : { name: ref.name, href: `${REST_URL}/styles/${ref.name}.json` };
      const store = layer.resource?.store ?? '';
      return HttpResponse.json({
        layer: {
          name: layer.name,
          type: layer.type,
          ...(layer.defaultStyle ? { defaultStyle: styleLink(layer.defaultStyle) } : {}),
          // An empty linked-hash-set keeps only its class hint.
          styles: layer.styles.length > 0 ? { '@class': 'linked-hash-set', style: layer.styles.map(styleLink) } : { '@class': 'linked-hash-set' },
          resource: {
            '@class': 'featureType',
            name: `${workspace}:${layer.name}`,
            href: `${REST_URL}/workspaces/${workspace}/datastores/${store}/featuretypes/${layer.name}.json`,
          },
          attribution: { logoWidth: 0, logoHeight: 0 },
        },
      });
    }),
    route('put', `${workspacePath}/layers/:layer`, 'other', async ({ params, request }) => {
      const { layer } = (await request.json()) as { layer: { defaultStyle?: { name: string; workspace?: string } } };
      if (layer.defaultStyle) {
        const ref = parseStyleRef(layer.defaultStyle.name);
        layers.setDefaultStyle(params.workspace!, nameAndFormat(params.layer!).name, layer.defaultStyle.workspace ? { ...ref, workspace: layer.defaultStyle.workspace } : ref);
      }
      return ok();
    }),
    ...styleRoutes(''),
    ...styleRoutes(workspacePath),
  ];
  return { handlers, mapServer };
}
