import { OpenAPIBackend, type Operation } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';
import { convertObj } from 'swagger2openapi';
import { parse } from 'yaml';
import { readFixture } from '../../http/test-support/fixtures.js';

/** GeoServer's REST OpenAPI (Swagger 2.0) files the adapters are checked against. */
const SPEC_FILES = ['featuretypes', 'datastores', 'layers', 'styles', 'workspaces', 'namespaces', 'manifests'] as const;
type SpecFile = (typeof SPEC_FILES)[number];

/**
 * The few places where GeoServer's OpenAPI files disagree with GeoServer itself (and with their
 * own examples). Each correction says why; everything else is validated as written.
 */
interface Erratum {
  file: SpecFile;
  why: string;
  apply(document: OpenAPIV3.Document): void;
}

/**
 * GeoServer's JSON is XStream's XML written by Jettison, so a JSON body is wrapped in its root
 * element (`{"dataStore": {...}}`), while these definitions describe the element's content
 * (see `xml: name: layer`). The workspace definition is already written wrapped.
 */
const JSON_BODY_ROOTS: Readonly<Record<string, { file: SpecFile; root: string }>> = {
  postDatastores: { file: 'datastores', root: 'dataStore' },
  putDatastore: { file: 'datastores', root: 'dataStore' },
  postFeatureTypes: { file: 'featuretypes', root: 'featureType' },
  putFeatureType: { file: 'featuretypes', root: 'featureType' },
  layersNameWorkspacePut: { file: 'layers', root: 'layer' },
};

function operationsOf(document: OpenAPIV3.Document): OpenAPIV3.OperationObject[] {
  return Object.values(document.paths).flatMap((item) =>
    (['get', 'put', 'post', 'delete'] as const).flatMap((method) => (item?.[method] ? [item[method]] : [])),
  );
}

/** An operation's request body, following a `$ref` into `components.requestBodies`. */
function requestBodyOf(document: OpenAPIV3.Document, operation: OpenAPIV3.OperationObject): OpenAPIV3.RequestBodyObject | undefined {
  const body = operation.requestBody;
  if (!body || !('$ref' in body)) return body;
  return document.components?.requestBodies?.[body.$ref.replace('#/components/requestBodies/', '')] as OpenAPIV3.RequestBodyObject | undefined;
}

const ERRATA: readonly Erratum[] = [
  {
    file: 'styles',
    why: 'paths written with a spurious /rest prefix although basePath is already /geoserver/rest (noted in the fixtures README)',
    apply(document) {
      for (const path of Object.keys(document.paths).filter((key) => key.startsWith('/rest/'))) {
        document.paths[path.slice('/rest'.length)] = document.paths[path];
        delete document.paths[path];
      }
    },
  },
  {
    file: 'datastores',
    why: 'connectionParameters is declared an array of {key, value}, but the dataStorePost examples of the same file and every GeoServer answer (rest/datastore-single-shapefile.json) use {"entry": [{"@key", "$"}]}',
    apply(document) {
      const datastore = document.components?.schemas?.datastore as OpenAPIV3.SchemaObject;
      datastore.properties!.connectionParameters = {
        type: 'object',
        required: ['entry'],
        additionalProperties: false,
        properties: {
          entry: {
            type: 'array',
            items: {
              type: 'object',
              required: ['@key', '$'],
              additionalProperties: false,
              properties: { '@key': { type: 'string' }, $: { type: 'string' } },
            },
          },
        },
      };
    },
  },
  ...SPEC_FILES.map(
    (file): Erratum => ({
      file,
      why: 'JSON bodies are wrapped in their XML root element name (see JSON_BODY_ROOTS)',
      apply(document) {
        const wrapped = new Set<OpenAPIV3.MediaTypeObject>(); // operations may share one body
        for (const operation of operationsOf(document)) {
          const wrapping = operation.operationId ? JSON_BODY_ROOTS[operation.operationId] : undefined;
          const json = requestBodyOf(document, operation)?.content['application/json'];
          if (!wrapping || wrapping.file !== file || !json?.schema || wrapped.has(json)) continue;
          wrapped.add(json);
          json.schema = { type: 'object', required: [wrapping.root], additionalProperties: false, properties: { [wrapping.root]: json.schema } };
        }
      },
    }),
  ),
  ...SPEC_FILES.map(
    (file): Erratum => ({
      file,
      why: 'some operations (manifests.yaml /about/version) have no operationId, which openapi-backend validates by',
      apply(document) {
        for (const [path, item] of Object.entries(document.paths)) {
          for (const method of ['get', 'put', 'post', 'delete'] as const) {
            const operation = item?.[method];
            if (operation && !operation.operationId) operation.operationId = `${method} ${path}`;
          }
        }
      },
    }),
  ),
  {
    file: 'featuretypes',
    why: 'the paths without a store reuse the operationIds of the paths with one; ids must be unique, and validators are compiled per id',
    apply(document) {
      const seen = new Set<string>();
      for (const operation of operationsOf(document)) {
        if (!operation.operationId) continue;
        if (seen.has(operation.operationId)) operation.operationId = `${operation.operationId}WithoutStore`;
        seen.add(operation.operationId);
      }
    },
  },
];

/** Where the validated requests are served from: the REST root of the fake GeoServer. */
export interface GeoServerApiValidator {
  /** Problems of one request against the OpenAPI (empty when valid); `undefined` when it is not a REST request. */
  validate(request: Request): Promise<string[] | undefined>;
}

async function loadSpec(file: SpecFile): Promise<{ api: OpenAPIBackend; document: OpenAPIV3.Document }> {
  const swagger = parse(readFixture(`openapi/${file}.yaml`)) as Parameters<typeof convertObj>[0];
  const { openapi } = await convertObj(swagger, { patch: true, warnOnly: true });
  const document = openapi as unknown as OpenAPIV3.Document;
  for (const erratum of ERRATA.filter((candidate) => candidate.file === file)) erratum.apply(document);
  // quick: validators are compiled when an operation is first validated, not all at start.
  const api = new OpenAPIBackend({ definition: document, validate: true, quick: true, ignoreTrailingSlashes: false });
  await api.init();
  return { api, document };
}

function isJson(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType === 'text/json';
}

/** Loads, converts (Swagger 2.0 → OpenAPI 3 with swagger2openapi) and corrects GeoServer's specs. */
export async function loadGeoServerApi(restPath: string): Promise<GeoServerApiValidator> {
  const specs = await Promise.all(SPEC_FILES.map(loadSpec));
  return {
    async validate(request) {
      const url = new URL(request.url);
      if (!url.pathname.startsWith(`${restPath}/`)) return undefined;
      const path = url.pathname.slice(restPath.length);
      const method = request.method.toLowerCase();
      const headers = Object.fromEntries(request.headers);
      const query = Object.fromEntries(url.searchParams);
      const label = `${request.method} ${path}${url.search}`;
      const match = specs
        .map(({ api }) => ({ api, operation: api.router.matchOperation({ method, path, headers, query }) as Operation | undefined }))
        .find((candidate) => candidate.operation);
      if (!match?.operation) return [`${label}: no such operation in GeoServer's OpenAPI`];

      const { api, operation } = match;
      const problems: string[] = [];
      const text = await request.text();
      const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const requestBody = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
      let body: unknown = text === '' ? undefined : text;
      if (text !== '') {
        if (!requestBody) problems.push(`${label}: sends a body the operation does not take`);
        else if (!Object.keys(requestBody.content).includes(mediaType)) {
          problems.push(`${label}: content type ${JSON.stringify(mediaType)} is not one of ${Object.keys(requestBody.content).join(', ')}`);
        }
        if (isJson(mediaType)) {
          try {
            body = JSON.parse(text);
          } catch {
            problems.push(`${label}: body is not JSON`);
          }
        }
      } else if (requestBody?.required) {
        problems.push(`${label}: the operation requires a body`);
      }

      const result = api.validateRequest({ method, path, headers, query, body: isJson(mediaType) ? body : undefined }, operation);
      for (const error of result.errors ?? []) {
        // openapi-backend validates JSON bodies only; the body of other content types was checked above.
        const missingBody = error.keyword === 'required' && (error.params as { missingProperty?: string }).missingProperty === 'requestBody';
        if (missingBody && text !== '') continue;
        problems.push(`${label}: ${error.instancePath || '(request)'} ${error.message ?? error.keyword}`);
      }

      const accept = request.headers.get('accept');
      const produces = Object.entries(operation.responses ?? {})
        .filter(([status]) => status.startsWith('2'))
        .flatMap(([, response]) => Object.keys((response as OpenAPIV3.ResponseObject).content ?? {}));
      if (accept && produces.length > 0) {
        const accepted = accept.split(',').map((part) => part.split(';')[0]!.trim());
        if (!accepted.some((type) => produces.includes(type) || type === '*/*')) {
          problems.push(`${label}: Accept ${accept} is none of ${produces.join(', ')}`);
        }
      }
      return problems;
    },
  };
}
