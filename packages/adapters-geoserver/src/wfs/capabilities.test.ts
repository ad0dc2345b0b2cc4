import './test-support/register-dom.js';
import { describe, expect, it } from 'vitest';
import { readFeatureTypes } from './capabilities.js';
import { readGeoServerFixture, readQgisFixture } from './test-support/fixtures.js';
import { parseXml } from './wfs-xml.js';

const typesOf = (xml: string) => readFeatureTypes(parseXml(xml, 'test'));

describe('readFeatureTypes', () => {
  it('reads QGIS Server WFS 1.1 capabilities: names, titles, WGS84 boxes', () => {
    const types = typesOf(readQgisFixture('wfs110-GetCapabilities.xml'));
    expect(types.map((type) => type.name)).toEqual(['poi', 'roads', 'towns', 'districts', 'rivers', 'towns_cgcs2000']);
    expect(types[0]).toEqual({ name: 'poi', title: 'poi', bbox: [116.68, 23.35, 120.67, 28] });
  });

  it('reads the LatLongBoundingBox of WFS 1.0', () => {
    expect(typesOf(readQgisFixture('wfs100-GetCapabilities.xml'))[0]).toEqual({ name: 'poi', title: 'poi', bbox: [116.68, 23.35, 120.67, 28] });
  });

  it('reads GeoServer WFS 1.1 and 2.0 capabilities with prefixed names', () => {
    expect(typesOf(readGeoServerFixture('wfs/getcapabilities-1.1.0.xml'))).toContainEqual(
      expect.objectContaining({ name: 'topp:roads22', bbox: [-103.87779468316292, 44.37288961726252, -103.62268570651278, 44.50217396380937] }),
    );
    const types20 = typesOf(readGeoServerFixture('wfs/getcapabilities-2.0.0.xml'));
    expect(types20[0]).toEqual({
      name: 'tiger:poly_landmarks',
      title: 'Manhattan (NY) landmarks',
      bbox: [-74.047185, 40.679648, -73.90782, 40.882078],
    });
  });

  it('gives no types for a document without a FeatureTypeList', () => {
    expect(typesOf('<WFS_Capabilities xmlns="http://www.opengis.net/wfs"/>')).toEqual([]);
  });
});
