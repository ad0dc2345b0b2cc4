import { readFileSync } from 'node:fs';
import { MemoryAuthGateway, MemoryPortal, type MemoryUser } from '@gportal/core/memory';
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';
import { parse } from 'yaml';

/** The OpenAPI document of the product API, written from the spec's table of calls (its header says how). */
export const PRODUCT_API_DOCUMENT = new URL('./product-api.openapi.yaml', import.meta.url);

/** Problems of one request against the product API's OpenAPI (empty when valid). */
export interface ProductApiValidator {
  validate(request: Request, basePath: string): Promise<string[]>;
}

const MEDIA_TYPE = (request: Request) => (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/** A multipart body as the validator sees it: each field's text, a file as its name. */
async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  return Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : value.name]));
}

/** Loads the product API's OpenAPI document; paths match case-sensitively, as the spec spells them. */
export async function loadProductApi(): Promise<ProductApiValidator> {
  const definition = parse(readFileSync(PRODUCT_API_DOCUMENT, 'utf8')) as OpenAPIV3.Document;
  const api = new OpenAPIBackend({ definition, validate: true, quick: true, ignoreTrailingSlashes: false });
  await api.init();
  return {
    async validate(request, basePath) {
      const url = new URL(request.url);
      const label = `${request.method} ${url.pathname}${url.search}`;
      if (!url.pathname.startsWith(`${basePath}/`)) return [`${label}: not below the product API's base ${basePath}`];
      const path = url.pathname.slice(basePath.length);
      const method = request.method.toLowerCase();
      const headers = Object.fromEntries(request.headers);
      const query = Object.fromEntries(url.searchParams);
      const operation = api.router.matchOperation({ method, path, headers, query }) as Operation | undefined;
      // openapi-backend's router ignores case; the spec's paths do not (`/Common/PostDataBase`, `/common/deletetable`).
      if (!operation || operation.path !== path) return [`${label}: no such call in the product API`];

      const problems: string[] = [];
      const mediaType = MEDIA_TYPE(request);
      const accepted = Object.keys((operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content ?? {});
      let body: unknown;
      if (accepted.length > 0) {
        if (!accepted.includes(mediaType)) problems.push(`${label}: content type ${JSON.stringify(mediaType)} is not one of ${accepted.join(', ')}`);
        else if (mediaType === 'multipart/form-data') {
          // openapi-backend validates JSON bodies only: a form is checked for its required fields here.
          const fields = await formFields(request);
          body = fields;
          const schema = (operation.requestBody as OpenAPIV3.RequestBodyObject).content[mediaType]?.schema as OpenAPIV3.SchemaObject | undefined;
          for (const name of schema?.required ?? []) if (!(name in fields)) problems.push(`${label}: the form has no field ${name}`);
        } else {
          try {
            body = JSON.parse(await request.text());
          } catch {
            problems.push(`${label}: body is not JSON`);
          }
        }
      } else if ((await request.text()) !== '') {
        problems.push(`${label}: sends a body the call does not take`);
      }
      const result = api.validateRequest({ method, path, headers, query, body }, operation.operationId);
      for (const error of result.errors ?? []) problems.push(`${label}: ${error.instancePath || '(request)'} ${error.message ?? error.keyword}`);
      return problems;
    },
  };
}

export interface ProductApiModelOptions {
  /** Where the API is served, e.g. `/api`. */
  basePath: string;
  /** Who may sign in with `POST /auth/token`. */
  users: readonly MemoryUser[];
}

/** The product API's backend state and answers; `handle` answers a request below `basePath`. */
export interface ProductApiModel {
  /** The workspaces, databases and tables the calls made. */
  portal: MemoryPortal;
  /** Every request, as `METHOD path?query` below the base path. */
  requests: string[];
  /** Requests that break the OpenAPI document, with the reasons. */
  violations: string[];
  handle(request: Request): Promise<Response>;
}

type Handler = (request: Request, query: URLSearchParams) => Promise<unknown>;

/**
 * A model of the product API (spec section 7): the in-memory portal behind the spec's paths,
 * answering `{isOk, msg, data}`. Every request is first checked against the OpenAPI document and
 * its problems collected (a test fails on any); an upload answers with what arrived.
 */
export async function createProductApiModel({ basePath, users }: ProductApiModelOptions): Promise<ProductApiModel> {
  const validator = await loadProductApi();
  const portal = new MemoryPortal();
  const auth = new MemoryAuthGateway(users);
  const requests: string[] = [];
  const violations: string[] = [];
  const json = async <T>(request: Request) => (await request.json()) as T;
  const handlers: Readonly<Record<string, Handler>> = {
    'POST /auth/token': async (request) => auth.login(await json(request)),
    'POST /common/PostData': async (request) => {
      const files: Array<{ field: string; name: string; size: number }> = [];
      const fields: Record<string, string> = {};
      for (const [key, value] of (await request.formData()).entries()) {
        if (typeof value === 'string') fields[key] = value;
        else files.push({ field: key, name: value.name, size: value.size });
      }
      return { isOk: true, data: { files, fields } };
    },
    'POST /common/CreateWorkSpace': async (request) => portal.createWorkspace(await json(request)),
    'POST /common/DeleteWorkSpace': async (request) => portal.deleteWorkspace(await json(request)),
    'POST /Common/PostDataBase': async (request) => portal.createDatabase((await json<{ dataBaseName: string }>(request)).dataBaseName),
    'DELETE /Common/DeleteDataBase': async (_request, query) => portal.deleteDatabase(query.get('dataBaseName') ?? ''),
    'DELETE /common/deletetable': async (_request, query) =>
      portal.deleteTable({ dataBaseName: query.get('dataBaseName') ?? '', tableName: query.get('tableName') ?? '' }),
    'POST /common/InsertData': async (request) => portal.insertData(await json(request)),
  };
  return {
    portal,
    requests,
    violations,
    async handle(request) {
      const url = new URL(request.url);
      const path = url.pathname.slice(basePath.length);
      requests.push(`${request.method} ${path}${url.search}`);
      violations.push(...(await validator.validate(request.clone(), basePath)));
      const handler = url.pathname.startsWith(`${basePath}/`) ? handlers[`${request.method} ${path}`] : undefined;
      if (!handler) return new Response(`no product API call ${request.method} ${path}`, { status: 404 });
      return Response.json(await handler(request, url.searchParams));
    },
  };
}
