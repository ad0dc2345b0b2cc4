/**
 * The shared HTTP client of `@gportal/adapters-geoserver` (internal: import it inside this package
 * as `../http/index.js`). See README.md beside this file.
 */
export { CONTENT_TYPES, isJsonMediaType, mediaTypeOf, type ContentType } from './content-types.js';
export {
  basicAuthorization,
  createHttpClient,
  HTTP_CLIENT_DEFAULTS,
  type AuthorizationSource,
  type HttpBody,
  type HttpClient,
  type HttpClientOptions,
  type HttpMethod,
  type HttpRequest,
  type HttpResponse,
} from './http-client.js';
export { GEOSERVER_ERROR_RULES, readableMessage, toHttpError, type HttpErrorKind, type HttpErrorRule, type HttpFailure } from './http-errors.js';
export { expandPath, joinUrl, type ExpandOptions } from './url-template.js';
