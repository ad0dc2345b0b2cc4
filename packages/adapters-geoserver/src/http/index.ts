/**
 * The shared HTTP client of `@gportal/adapters-geoserver` (internal: import it inside this package
 * as `../http/index.js`). See README.md beside this file.
 */
export { CONTENT_TYPES, isJsonMediaType, mediaTypeOf } from './content-types.js';
export {
  basicAuthorization,
  createHttpClient,
  HTTP_CLIENT_DEFAULTS,
  type AuthorizationSource,
  type HttpClient,
  type HttpClientOptions,
  type HttpRequest,
  type HttpResponse,
  type PreparedRequest,
} from './http-client.js';
export { readableMessage, type HttpErrorRule } from './http-errors.js';
export { assertNoUserInfo, expandPath, originOf, sameOrigin } from './url-template.js';
