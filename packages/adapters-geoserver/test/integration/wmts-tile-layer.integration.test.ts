import { wmtsTileLayer } from '@gportal/adapters-geoserver';
import { describe, expect, inject, it } from 'vitest';

const url = inject('wfsUrl');

/** Fills a Leaflet URL template as `L.TileLayer#getTileUrl` does. */
function tileUrl(template: string, tile: { z: number; x: number; y: number }): string {
  return template.replace(/\{(\w)\}/g, (_match, key: 'z' | 'x' | 'y') => String(tile[key]));
}

describe('wmtsTileLayer against QGIS Server WMTS', () => {
  it('gives the URL of a PNG tile: Fuzhou at Leaflet EPSG4326 zoom 6 is column 106, row 22', async () => {
    const layer = wmtsTileLayer({ url, layer: 'towns', style: 'default', tileMatrixPrefix: '' });
    expect(layer.crs).toBe('EPSG4326');
    // Leaflet's EPSG4326 at zoom z is 2^(z+1) × 2^z tiles of 256 px from (-180, 90).
    const degreesPerTile = 180 / 2 ** 6;
    const tile = { z: 6, x: Math.floor((119.3 + 180) / degreesPerTile), y: Math.floor((90 - 26.08) / degreesPerTile) };
    expect(tile).toEqual({ z: 6, x: 106, y: 22 });
    const response = await fetch(tileUrl(layer.urlTemplate, tile));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
    // IHDR width and height: 256 × 256.
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([256, 256]);
  });
});
