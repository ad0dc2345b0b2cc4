import { describe, expect, it } from 'vitest';
import type { AttributeSpec } from '../domain/admin.js';
import {
  DEFAULT_BBOX_SRID,
  DEFAULT_CRS,
  DEFAULT_GEOMETRY_FIELD,
  DEFAULT_MAX_FEATURES,
  DEFAULT_TILE_SIZE,
  DEFAULT_WFS_VERSION,
  WORKSPACE_CREATION_SRID,
} from '../domain/constants.js';
import { buildFeatureTypeSpec, defaultBoundingBox, LAYER_KINDS, type LayerKind } from './feature-type-spec.js';

const attributes: AttributeSpec[] = [
  { name: 'name', binding: 'String', nillable: true },
  { name: 'population', binding: 'Integer', nillable: true },
];

describe('spec section 9 constants', () => {
  it('are the business values, from one module', () => {
    expect({ DEFAULT_BBOX_SRID, WORKSPACE_CREATION_SRID, DEFAULT_CRS, DEFAULT_MAX_FEATURES, DEFAULT_WFS_VERSION, DEFAULT_GEOMETRY_FIELD, DEFAULT_TILE_SIZE }).toEqual({
      DEFAULT_BBOX_SRID: 4326,
      WORKSPACE_CREATION_SRID: 4490,
      DEFAULT_CRS: 'EPSG:4326',
      DEFAULT_MAX_FEATURES: 2000,
      DEFAULT_WFS_VERSION: '1.1.0',
      DEFAULT_GEOMETRY_FIELD: 'geom',
      DEFAULT_TILE_SIZE: 256,
    });
  });
});

describe('buildFeatureTypeSpec', () => {
  it.each<[LayerKind, string]>([
    ['point', 'Point'],
    ['line', 'LineString'],
    ['polygon', 'Polygon'],
    ['multipolygon', 'MultiPolygon'],
    ['multiline', 'MultiLineString'],
    ['multipoint', 'MultiPoint'],
  ])('builds a %s layer with a %s geometry attribute geom', (kind, binding) => {
    expect(LAYER_KINDS[kind]).toBe(binding);
    const spec = buildFeatureTypeSpec({ name: `towns_${kind}`, kind, store: 'store_33', namespace: 'store_33', attributes });
    expect(spec).toEqual({
      name: `towns_${kind}`,
      nativeName: `towns_${kind}`,
      namespace: 'store_33',
      title: `towns_${kind}`,
      keywords: ['features', `towns_${kind}`],
      nativeCRS: 'EPSG:4326',
      srs: 'EPSG:4326',
      nativeBoundingBox: { minx: -180, maxx: 180, miny: -90, maxy: 90, crs: 'EPSG:4326' },
      latLonBoundingBox: { minx: -180, maxx: 180, miny: -90, maxy: 90, crs: 'EPSG:4326' },
      projectionPolicy: 'FORCE_DECLARED',
      enabled: true,
      store: 'store_33',
      maxFeatures: 2000,
      numDecimals: 8,
      attributes: [{ name: 'geom', binding, nillable: true, minOccurs: 0, maxOccurs: 1 }, ...attributes],
    });
  });

  it('declares another srid natively and keeps the lon/lat box in EPSG:4326', () => {
    const spec = buildFeatureTypeSpec({ name: 'p', kind: 'point', store: 's', namespace: 'w', srid: 4490, title: '点', keywords: ['k'] });
    expect(spec).toMatchObject({ nativeCRS: 'EPSG:4490', srs: 'EPSG:4490', title: '点', keywords: ['k'] });
    expect(spec.nativeBoundingBox.crs).toBe('EPSG:4490');
    expect(spec.latLonBoundingBox).toEqual(defaultBoundingBox());
    expect(spec.attributes).toHaveLength(1);
  });
});
