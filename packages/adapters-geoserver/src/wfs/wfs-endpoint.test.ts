import './test-support/register-dom.js';
import { MapServerError } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { fakeWfs } from './test-support/fake-wfs.js';
import { readQgisFixture } from './test-support/fixtures.js';
import { WfsEndpoint } from './wfs-endpoint.js';

function endpointAnswering(body: string, status = 200): WfsEndpoint {
  const { fetch } = fakeWfs(() => ({ body, status }));
  return new WfsEndpoint({ url: 'http://wfs.test/ows', timeoutMs: 5_000, withCredentials: false, fetch });
}

describe('WfsEndpoint answers handed on as bytes (for a reader in a worker)', () => {
  it('hands a feature collection, GML or GeoJSON, on undecoded', async () => {
    for (const text of [readQgisFixture('wfs110-GetFeature-towns-gml3.xml'), readQgisFixture('wfs110-GetFeature-towns-geojson.json')]) {
      const answer = await endpointAnswering(text).post('<GetFeature/>', 'GetFeature towns', undefined, 'bytes');
      expect(answer.text).toBe('');
      expect(new TextDecoder().decode(answer.bytes)).toBe(text);
    }
  });

  it('still throws the exception report of a 200 answer, as the text form does', async () => {
    const report = readQgisFixture('wfs110-GetFeature-unknown-typename.ExceptionReport.xml');
    const post = (form: 'bytes' | 'text') => endpointAnswering(report).post('<GetFeature/>', 'GetFeature nowhere', undefined, form);
    const asText = await post('text').catch((error: unknown) => error);
    expect(asText).toBeInstanceOf(MapServerError);
    await expect(post('bytes')).rejects.toEqual(asText);
  });

  it('decodes the whole answer when its root element does not fit the decoded beginning', async () => {
    const text = `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" note="${'x'.repeat(5000)}"/>`;
    const answer = await endpointAnswering(text).post('<GetFeature/>', 'GetFeature towns', undefined, 'bytes');
    expect(answer).toMatchObject({ status: 200, text });
    expect(answer.bytes).toBeUndefined();
  });
});
