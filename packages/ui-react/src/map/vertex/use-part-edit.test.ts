import { describe, expect, it } from 'vitest';
import { partToolsOf } from './use-part-edit';

describe('partToolsOf', () => {
  it('offers holes on polygons, parts on every multi layer (multipoints included), nothing on single points and lines', () => {
    expect(partToolsOf('Polygon')).toEqual(['hole', 'removePart']);
    expect(partToolsOf('MultiPolygon')).toEqual(['hole', 'addPart', 'removePart']);
    expect(partToolsOf('MultiLineString')).toEqual(['addPart', 'removePart']);
    expect(partToolsOf('MultiPoint')).toEqual(['addPart', 'removePart']);
    expect(partToolsOf('Point')).toEqual([]);
    expect(partToolsOf('LineString')).toEqual([]);
    expect(partToolsOf(undefined)).toEqual([]);
  });
});
