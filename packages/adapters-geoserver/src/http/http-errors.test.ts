import { ConflictError, MapServerError, NotFoundError } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { readableMessage, toHttpError, type HttpFailure } from './http-errors.js';

const failure = (init: Partial<HttpFailure>): HttpFailure => ({
  status: 500,
  statusText: '',
  mediaType: 'text/plain',
  body: '',
  resource: 'workspace acme',
  ...init,
});

const JETTY_PAGE = `<html>
<head>
<meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
<title>Error 403 Can&#39;t delete style referenced by existing layers.</title>
</head>
<body><h2>HTTP ERROR 403 Can&#39;t delete style referenced by existing layers.</h2>
<table>
<tr><th>URI:</th><td>/geoserver/rest/styles/point</td></tr>
<tr><th>STATUS:</th><td>403</td></tr>
<tr><th>MESSAGE:</th><td>Can&#39;t delete style referenced by existing layers.</td></tr>
<tr><th>SERVLET:</th><td>dispatcher</td></tr>
</table>
</body>
</html>`;

const TOMCAT_PAGE = `<!doctype html><html lang="en"><head><title>HTTP Status 401 – Unauthorized</title><style type="text/css">body {font-family:Tahoma}</style></head><body><h1>HTTP Status 401 – Unauthorized</h1><hr class="line" /><p><b>Type</b> Status Report</p><p><b>Message</b> Full authentication is required to access this resource</p><p><b>Description</b> The request has not been applied.</p><hr class="line" /><h3>Apache Tomcat/9.0.83</h3></body></html>`;

describe('readableMessage', () => {
  it('reads the message row of a Jetty error page, entities decoded', () => {
    expect(readableMessage(failure({ status: 403, mediaType: 'text/html', body: JETTY_PAGE }))).toBe("Can't delete style referenced by existing layers.");
  });
  it('reads the Message paragraph of a Tomcat error page', () => {
    expect(readableMessage(failure({ status: 401, mediaType: 'text/html', body: TOMCAT_PAGE }))).toBe(
      'Full authentication is required to access this resource',
    );
  });
  it('falls back to the title of another HTML page, and to the status line of an empty body', () => {
    expect(readableMessage(failure({ mediaType: 'text/html', body: '<html><head><title>Bad Gateway</title></head><body></body></html>' }))).toBe(
      'Bad Gateway',
    );
    expect(readableMessage(failure({ status: 502, statusText: 'Bad Gateway', body: '' }))).toBe('HTTP 502 Bad Gateway');
  });
  it('keeps plain text as is and cuts a very long body', () => {
    expect(readableMessage(failure({ body: "  Store 'a' already exists in workspace 'b'\n" }))).toBe("Store 'a' already exists in workspace 'b'");
    expect(readableMessage(failure({ body: 'x'.repeat(2000) })).length).toBe(501);
  });
});

describe('toHttpError with GeoServer rules', () => {
  it('maps a 404, plain text or HTML, to NotFoundError with the resource and message', () => {
    const error = toHttpError(failure({ status: 404, body: "No such workspace: 'acme' found" }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ resource: 'workspace acme', message: "No such workspace: 'acme' found" });
    expect(toHttpError(failure({ status: 404, mediaType: 'text/html', body: JETTY_PAGE.replace(/403/g, '404') }))).toBeInstanceOf(NotFoundError);
  });
  it('maps 409, "already exists" 500 and 403, and non-empty or referenced 403 to ConflictError', () => {
    expect(toHttpError(failure({ status: 409, mediaType: 'text/html', body: "<title>Error 409 Workspace 'acme' already exists</title>" }))).toBeInstanceOf(
      ConflictError,
    );
    expect(toHttpError(failure({ status: 500, body: "Store 'nyc' already exists in workspace 'acme'" }))).toBeInstanceOf(ConflictError);
    expect(toHttpError(failure({ status: 500, body: "Resource named 'roads' already exists in store: 'nyc'" }))).toBeInstanceOf(ConflictError);
    expect(toHttpError(failure({ status: 403, mediaType: 'text/html', body: '<title>Error 403 Style dup already exists.</title>' }))).toBeInstanceOf(
      ConflictError,
    );
    for (const message of ['Workspace not empty', 'Unable to delete non-empty store.', 'feature type referenced by layer(s)']) {
      expect(toHttpError(failure({ status: 403, body: message }))).toBeInstanceOf(ConflictError);
    }
    expect(toHttpError(failure({ status: 403, mediaType: 'text/html', body: JETTY_PAGE }))).toBeInstanceOf(ConflictError);
  });
  it('maps anything else to MapServerError with status and readable text', () => {
    const denied = toHttpError(failure({ status: 403, mediaType: 'text/html', body: '<title>Error 403 Access denied</title>' }));
    expect(denied).toBeInstanceOf(MapServerError);
    expect(denied).toMatchObject({ status: 403, text: 'Error 403 Access denied' });
    const unauthorized = toHttpError(failure({ status: 401, mediaType: 'text/html', body: TOMCAT_PAGE }));
    expect(unauthorized).toMatchObject({ status: 401, text: 'Full authentication is required to access this resource' });
    expect(toHttpError(failure({ status: 500, body: 'java.lang.NullPointerException' }))).toMatchObject({
      status: 500,
      text: 'java.lang.NullPointerException',
    });
    expect(toHttpError(failure({ status: 400, body: 'Invalid style:Content is not allowed in prolog.' }))).toBeInstanceOf(MapServerError);
  });
  it('uses the rules it is given instead', () => {
    expect(toHttpError(failure({ status: 404 }), [])).toBeInstanceOf(MapServerError);
    expect(toHttpError(failure({ status: 418, body: 'teapot' }), [{ statuses: [418], kind: 'conflict' }])).toBeInstanceOf(ConflictError);
  });
});
