import './test-support/register-dom.js';
import type { BBox, Geometry } from '@gportal/core';
import { describe, expect, it, vi } from 'vitest';
import type { AxisOrderCorrection } from './axis-order.js';
import { createWfsAdapters } from './create-wfs-adapters.js';
import { readFeatureSchema } from './describe-feature-type.js';
import { readFeatureSet } from './feature-reader.js';
import { fakeWfs } from './test-support/fake-wfs.js';
import { answerOf, readGeoServerFixture, readQgisFixture } from './test-support/fixtures.js';
import { parseXml } from './wfs-xml.js';

/**
 * Answers labelled with the bare, ambiguous `EPSG:4326`, captured from both servers, read through
 * the adapter: the order comes from what the server is known to write and is verified against the
 * layer's WGS84 box of GetCapabilities.
 */

const FUZHOU = [[[119.1, 25.9], [119.5, 25.9], [119.5, 26.25], [119.1, 26.25], [119.1, 25.9]]];
/** The WGS84 boxes of the captured GetCapabilities. */
const TOWNS_BOX: BBox = [115.8, 20.5, 120.7, 28.2];
const ROADS22_BOX: BBox = [-103.87779468316292, 44.37288961726252, -103.62268570651278, 44.50217396380937];

/** GeoServer's answer as it writes it with the `EPSG_CODE` srsName style: the same lon/lat numbers under a bare `EPSG:4326`. */
const geoServerBareLabel = () => readGeoServerFixture('wfs/getfeature-1.1.0-gml3.xml').replaceAll('http://www.opengis.net/gml/srs/epsg.xml#4326', 'EPSG:4326');

interface Server {
  capabilities: string;
  schema: string;
  features: string;
}

const QGIS = (features: string): Server => ({
  capabilities: readQgisFixture('wfs110-GetCapabilities.xml'),
  schema: readQgisFixture('wfs110-DescribeFeatureType-towns.xsd'),
  features,
});
const GEOSERVER = (features: string): Server => ({
  capabilities: readGeoServerFixture('wfs/getcapabilities-1.1.0.xml'),
  schema: readGeoServerFixture('wfs/describefeaturetype-1.1.0.xsd'),
  features,
});

/** A GML `WfsFeatureSource` of a server answering with the captured files. */
function sourceOf(server: Server, onAxisOrderCorrected: (correction: AxisOrderCorrection) => void) {
  const wfs = fakeWfs((request) => {
    const bodies: Record<string, string> = { GetCapabilities: server.capabilities, DescribeFeatureType: server.schema, GetFeature: server.features };
    const body = bodies[request.operation];
    return body === undefined ? undefined : { body };
  });
  const { source } = createWfsAdapters({ url: 'http://wfs.test/ows', outputFormat: 'GML3', fetch: wfs.fetch, onAxisOrderCorrected });
  return { source, requests: wfs.requests };
}

/** Reads `typeName`; returns what was read, reported and requested. */
async function readFrom(server: Server, typeName: string) {
  const corrections: AxisOrderCorrection[] = [];
  const { source, requests } = sourceOf(server, (correction) => corrections.push(correction));
  const set = await source.getFeatures({ typeName });
  return { set, corrections, operations: requests.map((request) => request.operation) };
}

function firstPosition(geometry: Geometry | undefined): number[] {
  return ((geometry?.coordinates.flat(3) ?? []) as number[]).slice(0, 2);
}

describe('a bare EPSG:4326 from QGIS Server', () => {
  it('is read latitude first, as QGIS writes it by default, with nothing to correct', async () => {
    const { set, corrections, operations } = await readFrom(QGIS(readQgisFixture('wfs110-GetFeature-towns-gml3.xml')), 'towns');
    expect(set.features[0]?.geometry).toEqual({ type: 'Polygon', coordinates: FUZHOU });
    expect(corrections).toEqual([]);
    // GetCapabilities is read for the check, asked with the features (QGIS' schema says whose answer comes), not after them.
    expect(operations).toEqual(['DescribeFeatureType', 'GetCapabilities', 'GetFeature']);
  });

  it('is read longitude first when QGIS wrote that (GET SRSNAME=EPSG:4326), and the correction is reported', async () => {
    const { set, corrections } = await readFrom(QGIS(readQgisFixture('wfs110-GetFeature-towns-gml3-srsname-EPSG4326.xml')), 'towns');
    expect(set.features[0]?.geometry).toEqual({ type: 'Polygon', coordinates: FUZHOU });
    expect(set.features.map((feature) => feature.id)).toEqual(['towns.1', 'towns.2']);
    expect(corrections).toEqual([{ typeName: 'towns', srsName: 'EPSG:4326', server: 'qgis-server', expected: 'lat-lon', used: 'lon-lat', layerBBox: TOWNS_BOX }]);
  });
});

describe('GetCapabilities read with the features of QGIS Server', () => {
  it('is asked again for the check when it failed meanwhile, and the features are read all the same', async () => {
    const server = QGIS(readQgisFixture('wfs110-GetFeature-towns-gml3.xml'));
    let capabilitiesAsked = 0;
    const wfs = fakeWfs((request) => {
      if (request.operation === 'GetCapabilities') {
        capabilitiesAsked += 1;
        return capabilitiesAsked === 1 ? { status: 503, body: 'busy', contentType: 'text/plain' } : { body: server.capabilities };
      }
      const bodies: Record<string, string> = { DescribeFeatureType: server.schema, GetFeature: server.features };
      return bodies[request.operation] === undefined ? undefined : { body: bodies[request.operation] as string };
    });
    const { source } = createWfsAdapters({ url: 'http://wfs.test/ows', outputFormat: 'GML3', fetch: wfs.fetch, onAxisOrderCorrected: () => undefined });
    const set = await source.getFeatures({ typeName: 'towns' });
    expect(set.features[0]?.geometry).toEqual({ type: 'Polygon', coordinates: FUZHOU });
    expect(wfs.requests.map((request) => request.operation)).toEqual(['DescribeFeatureType', 'GetCapabilities', 'GetFeature', 'GetCapabilities']);
    // Read once it succeeded: the next read asks only for its features.
    await source.getFeatures({ typeName: 'towns' });
    expect(wfs.requests.map((request) => request.operation).slice(4)).toEqual(['GetFeature']);
  });
});

describe('a bare EPSG:4326 from GeoServer', () => {
  it('is read longitude first, as GeoServer writes it, the server known from GetCapabilities', async () => {
    const { set, corrections, operations } = await readFrom(GEOSERVER(geoServerBareLabel()), 'topp:roads22');
    expect(set.features).toHaveLength(100);
    expect(firstPosition(set.features[0]?.geometry)).toEqual([-103.7211, 44.4555]);
    expect(corrections).toEqual([]);
    expect(operations).toContain('GetCapabilities');
  });

  it('is corrected when nothing tells the server and the EPSG order puts the data off the globe', () => {
    const roads = readFeatureSchema(parseXml(readGeoServerFixture('wfs/describefeaturetype-1.1.0.xsd'), 'schema'), 'topp:roads22');
    if (!roads) throw new Error('no roads22 in the fixture');
    const { features, axisOrderCorrection } = readFeatureSet(answerOf(geoServerBareLabel()), roads, { server: 'unknown', layerBBox: ROADS22_BOX });
    expect(firstPosition(features[0]?.geometry)).toEqual([-103.7211, 44.4555]);
    expect(axisOrderCorrection).toEqual({ typeName: 'topp:roads22', srsName: 'EPSG:4326', server: 'unknown', expected: 'lat-lon', used: 'lon-lat', layerBBox: ROADS22_BOX });
  });
});

describe('the correction handler', () => {
  it('cannot change what was read: its error is logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { source } = sourceOf(QGIS(readQgisFixture('wfs110-GetFeature-towns-gml3-srsname-EPSG4326.xml')), () => {
      throw new Error('handler broke');
    });
    expect((await source.getFeatures({ typeName: 'towns' })).features[0]?.geometry).toEqual({ type: 'Polygon', coordinates: FUZHOU });
    expect(error).toHaveBeenCalledWith('WFS towns: the onAxisOrderCorrected handler failed', expect.any(Error));
    error.mockRestore();
  });
});

describe('answers with an unambiguous label', () => {
  it('need no GetCapabilities', async () => {
    const { set, operations } = await readFrom(GEOSERVER(readGeoServerFixture('wfs/getfeature-1.1.0-gml3.xml')), 'topp:roads22');
    expect(firstPosition(set.features[0]?.geometry)).toEqual([-103.7211, 44.4555]);
    expect(operations).toEqual(['DescribeFeatureType', 'GetFeature']);
  });
});
