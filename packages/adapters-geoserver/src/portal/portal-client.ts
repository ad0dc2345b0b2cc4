import { MapServerError, type PortalResult } from '@gportal/core';
import { isJsonMediaType, type HttpClient, type HttpErrorRule, type HttpRequest } from '../http/index.js';
import type { PortalEndpoint } from './portal-endpoints.js';

/** The portal backend fails with its own `{isOk: false}` answers; only these statuses become typed errors by themselves. */
export const PORTAL_ERROR_RULES: readonly HttpErrorRule[] = [
  { statuses: [404], kind: 'not-found' },
  { statuses: [409], kind: 'conflict' },
];

type Payload = Readonly<Record<string, string | number>>;

function isPortalResult(value: unknown): value is PortalResult & Record<string, unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { isOk?: unknown }).isOk === 'boolean';
}

/**
 * Sends one portal call and reads its `{isOk, msg, data}` answer, whatever the HTTP status (a
 * backend may answer `isOk: false` with a 400). An answer without `isOk` throws the typed error
 * of its status (`NotFoundError`, `MapServerError` with the readable message…); transport
 * failures throw `NetworkError` or `TimeoutError`.
 */
export async function callPortal(
  http: HttpClient,
  endpoint: PortalEndpoint,
  payload: Payload | FormData,
  resource: string,
  onUploadProgress?: HttpRequest['onUploadProgress'],
): Promise<PortalResult> {
  const request: HttpRequest = {
    ...(onUploadProgress ? { onUploadProgress } : {}),
    method: endpoint.method,
    path: endpoint.path,
    accept: 'application/json',
    resource,
    ...(payload instanceof FormData
      ? { body: { formData: payload } }
      : endpoint.send === 'query'
        ? { query: payload }
        : { body: { json: payload } }),
  };
  const response = await http.exchange(request);
  let answer: unknown;
  if (isJsonMediaType(response.mediaType) || /^\s*\{/.test(response.body)) {
    try {
      answer = JSON.parse(response.body);
    } catch {
      answer = undefined;
    }
  }
  if (isPortalResult(answer)) {
    return {
      isOk: answer.isOk,
      ...(typeof answer.msg === 'string' ? { msg: answer.msg } : {}),
      ...(answer.data !== undefined && answer.data !== null ? { data: answer.data } : {}),
    };
  }
  if (!response.ok) throw http.failure(response, request);
  throw new MapServerError({ status: response.status, text: `the portal answered ${resource} without isOk: ${response.body.slice(0, 200)}` });
}
