import './test-support/register-dom.js';
import { describe, expect, it } from 'vitest';
import { readGeoServerFixture, readQgisFixture } from './test-support/fixtures.js';
import { identifyMapServer } from './server-kind.js';
import { parseXml } from './wfs-xml.js';

const xml = (path: string) => parseXml(path.startsWith('qgis-server/') ? readQgisFixture(path.slice('qgis-server/'.length)) : readGeoServerFixture(path.slice('geoserver/'.length)), path);

describe('identifyMapServer', () => {
  it('knows QGIS Server by the namespace of its features, and by its GeoJSON format name in GetCapabilities', () => {
    expect(identifyMapServer(xml('qgis-server/wfs110-GetFeature-towns-gml3.xml')).server).toBe('qgis-server');
    expect(identifyMapServer(xml('qgis-server/wfs110-GetCapabilities.xml'))).toEqual({ server: 'qgis-server', clue: 'the application/vnd.geo+json output format' });
  });

  it("knows GeoServer by its GetCapabilities when its answer says nothing", () => {
    const answer = xml('geoserver/wfs/getfeature-1.1.0-gml3.xml');
    expect(identifyMapServer(answer)).toEqual({ server: 'unknown' });
    expect(identifyMapServer(answer, xml('geoserver/wfs/getcapabilities-1.1.0.xml')).server).toBe('geoserver');
  });

  it('reads the provider and the service title, not the titles of layers', () => {
    const capabilities = (title: string, layerTitle: string) =>
      parseXml(
        `<WFS_Capabilities xmlns="http://www.opengis.net/wfs" xmlns:ows="http://www.opengis.net/ows"><ows:ServiceIdentification><ows:Title>${title}</ows:Title></ows:ServiceIdentification>` +
          `<FeatureTypeList><FeatureType><Name>a</Name><Title>${layerTitle}</Title></FeatureType></FeatureTypeList></WFS_Capabilities>`,
        'capabilities',
      );
    expect(identifyMapServer(capabilities('GeoServer Web Feature Service', 'x')).server).toBe('geoserver');
    expect(identifyMapServer(capabilities('Our maps', 'Roads drawn in QGIS')).server).toBe('unknown');
  });
});
