import { MapServerError } from '@gportal/core';
import { readableMessage, type HttpResponse } from '../http/index.js';

/**
 * GeoServer answers a creation with 201 and the new resource in `Location`; the body is only the
 * name as plain text, or empty, and is never parsed. Any other 2xx (a proxy's or login form's
 * 200 page) means nothing was created.
 */
export function expectCreated(response: HttpResponse): void {
  if (response.status !== 201) {
    throw new MapServerError({ status: response.status, text: `expected 201 Created, got ${response.status}: ${readableMessage(response)}` });
  }
}
