import { ValidationError } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { wmtsTileLayer } from './wmts-tile-layer.js';

describe('wmtsTileLayer', () => {
  it('builds the KVP GetTile template of cite:vec_town in EPSG:4326, PNG, 256 px by default (GeoWebCache matrix names)', () => {
    expect(wmtsTileLayer({ url: '/geoserver/gwc/service/wmts' })).toEqual({
      urlTemplate:
        '/geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=cite%3Avec_town&STYLE=&TILEMATRIXSET=EPSG%3A4326&FORMAT=image%2Fpng' +
        '&TILEMATRIX=EPSG%3A4326%3A{z}&TILEROW={y}&TILECOL={x}',
      tileLayerOptions: { tileSize: 256, zoomOffset: 0 },
      crs: 'EPSG4326',
    });
  });

  it('takes QGIS Server matrix names, a URL with a query, and Web Mercator', () => {
    const qgis = wmtsTileLayer({ url: 'http://127.0.0.1:8910/ows?MAP=x', layer: 'towns', style: 'default', tileMatrixPrefix: '' });
    expect(qgis.urlTemplate).toBe(
      'http://127.0.0.1:8910/ows?MAP=x&SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=towns&STYLE=default&TILEMATRIXSET=EPSG%3A4326&FORMAT=image%2Fpng&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}',
    );
    expect(wmtsTileLayer({ url: '/wmts', tileMatrixSet: 'EPSG:900913', tileSize: 512 })).toMatchObject({ crs: 'EPSG3857', tileLayerOptions: { tileSize: 512 } });
  });

  it('refuses a tile matrix set no Leaflet CRS matches', () => {
    expect(() => wmtsTileLayer({ url: '/wmts', tileMatrixSet: 'EPSG:2154' })).toThrow(ValidationError);
  });
});
