import { describe, expect, it } from 'vitest';
import type { PropertySchema } from './feature.js';
import { fitGeometry, textProblem, valueProblem } from './schema-fit.js';

const property = (type: PropertySchema['type']): PropertySchema => ({ name: 'p', type, nullable: false });
const ring = [
  [119, 26],
  [119.5, 26],
  [119.5, 26.5],
  [119, 26],
];

describe('valueProblem', () => {
  it('accepts values of the property type and null', () => {
    expect(valueProblem(null, property('number'))).toBeUndefined();
    expect(valueProblem(new Date(), property('date'))).toBeUndefined();
    expect(valueProblem('福州', property('string'))).toBeUndefined();
    expect(valueProblem(Number.POSITIVE_INFINITY, property('number'))).toBe('expected a number, got number');
    expect(valueProblem(new Date(Number.NaN), property('date'))).toBe('expected a date, got a date');
    expect(valueProblem(1, property('boolean'))).toBe('expected a boolean, got number');
  });
});

describe('whole numbers and text XML can carry', () => {
  const integer: PropertySchema = { name: 'population', type: 'number', nullable: true, integer: true };

  it('refuses a fraction in a whole-number property, not in a decimal one', () => {
    expect(valueProblem(3.7, integer)).toBe('expected a whole number, got 3.7');
    expect(valueProblem(12.5, integer)).toBe('expected a whole number, got 12.5');
    expect(valueProblem(3, integer)).toBeUndefined();
    expect(valueProblem(-0, integer)).toBeUndefined();
    expect(valueProblem(3.7, property('number'))).toBeUndefined();
  });

  it.each([
    ['a vertical tab pasted from a presentation', 'line one\u000Bline two', 'U+000B at position 9'],
    ['the NUL character', 'a\u0000', 'U+0000 at position 2'],
    ['another C0 control', '\u001F', 'U+001F at position 1'],
    ['a lone high surrogate', 'x\uD83D', 'U+D83D at position 2'],
    ['a lone low surrogate', '\uDE00y', 'U+DE00 at position 1'],
    ['a non-character', '\uFFFE', 'U+FFFE at position 1'],
  ])('refuses text with a character XML cannot carry: %s', (_kind, text, where) => {
    expect(textProblem(text)).toBe(`contains the character ${where}, which cannot be saved`);
    expect(valueProblem(text, property('string'))).toBe(`contains the character ${where}, which cannot be saved`);
  });

  it('takes tabs, line breaks, Chinese and characters beyond the basic plane', () => {
    expect(textProblem('福州\t鼓楼区\r\n😀 𠀀')).toBeUndefined();
  });
});

describe('fitGeometry', () => {
  it('keeps a geometry of the layer kind and promotes a single one into a multi layer', () => {
    expect(fitGeometry({ type: 'Polygon', coordinates: [ring] }, 'Polygon')).toEqual({ type: 'Polygon', coordinates: [ring] });
    expect(fitGeometry({ type: 'Polygon', coordinates: [ring] }, 'MultiPolygon')).toEqual({ type: 'MultiPolygon', coordinates: [[ring]] });
    expect(fitGeometry({ type: 'LineString', coordinates: [[1, 2], [3, 4]] }, 'MultiLineString')).toEqual({ type: 'MultiLineString', coordinates: [[[1, 2], [3, 4]]] });
    expect(fitGeometry({ type: 'Point', coordinates: [1, 2] }, 'MultiPoint')).toEqual({ type: 'MultiPoint', coordinates: [[1, 2]] });
  });

  it('says why a geometry cannot be stored', () => {
    expect(fitGeometry({ type: 'Point', coordinates: [1, 2] }, 'Polygon')).toBe('a Point does not fit the Polygon layer');
    expect(fitGeometry({ type: 'MultiPolygon', coordinates: [[ring]] }, 'Polygon')).toBe('a MultiPolygon does not fit the Polygon layer');
    expect(fitGeometry({ type: 'Circle' }, 'Point')).toBe('not a GeoJSON geometry');
    expect(fitGeometry({ type: 'Point', coordinates: [1, Number.NaN] }, 'Point')).toBe('coordinates must be finite numbers');
    expect(fitGeometry({ type: 'MultiPoint', coordinates: [] }, 'MultiPoint')).toBe('no points');
    expect(fitGeometry({ type: 'LineString', coordinates: [[1, 2]] }, 'LineString')).toBe('a line needs at least 2 positions');
    expect(fitGeometry({ type: 'LineString', coordinates: [[1, 2], [3, '4']] }, 'LineString')).toBe('coordinates must be finite numbers');
    expect(fitGeometry({ type: 'MultiLineString', coordinates: [] }, 'MultiLineString')).toBe('no lines');
    expect(fitGeometry({ type: 'Polygon', coordinates: [] }, 'Polygon')).toBe('no rings');
    expect(fitGeometry({ type: 'Polygon', coordinates: [ring.slice(0, 3)] }, 'Polygon')).toBe('a polygon ring needs at least 4 positions');
    expect(fitGeometry({ type: 'Polygon', coordinates: [[...ring.slice(0, 3), [2, 2]]] }, 'Polygon')).toBe('a polygon ring must be closed');
    expect(fitGeometry({ type: 'Polygon', coordinates: [[...ring.slice(0, 3), [119, Infinity]]] }, 'Polygon')).toBe('coordinates must be finite numbers');
    expect(fitGeometry({ type: 'MultiPolygon', coordinates: [[]] }, 'MultiPolygon')).toBe('no rings');
  });
});
