import type { EditableFeature, Geometry } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { featuresInView, spokenName } from './feature-stepping';

const square = (x: number, y: number, half: number): Geometry => ({
  type: 'Polygon',
  coordinates: [[[x - half, y - half], [x + half, y - half], [x + half, y + half], [x - half, y + half], [x - half, y - half]]],
});
const feature = (id: string, geometry: Geometry, name?: string): EditableFeature =>
  ({ id, geometry, properties: name === undefined ? {} : { name }, state: 'exist' }) as EditableFeature;

describe('featuresInView', () => {
  const view: [number, number, number, number] = [0, 0, 10, 10];

  it('keeps the features meeting the view, nearest its centre first', () => {
    const features = [
      feature('far', square(9, 9, 0.5), '远'),
      feature('outside', square(20, 20, 1), '外'),
      feature('near', square(6, 6, 0.5), '近'),
      feature('line', { type: 'LineString', coordinates: [[-5, 5], [1, 5]] }, '线'),
    ];
    expect(featuresInView(features, view).map(({ id }) => id)).toEqual(['near', 'line', 'far']);
  });

  it('puts the boxes holding the centre first, the one centred nearest before the others', () => {
    const features = [feature('big', square(3, 3, 4)), feature('small', square(5.5, 5.5, 1)), feature('aside', square(7, 5, 1))];
    expect(featuresInView(features, view).map(({ id }) => id)).toEqual(['small', 'big', 'aside']);
  });

  it('orders equally near features by id', () => {
    const features = [feature('b', square(5, 8, 1)), feature('a', square(5, 2, 1))];
    expect(featuresInView(features, view).map(({ id }) => id)).toEqual(['a', 'b']);
  });
});

describe('spokenName', () => {
  it('is the name property, or the id when there is none', () => {
    expect(spokenName(feature('f1', square(0, 0, 1), '福州'))).toBe('福州');
    expect(spokenName(feature('f2', square(0, 0, 1), ' '))).toBe('f2');
    expect(spokenName(feature('f3', square(0, 0, 1)))).toBe('f3');
  });
});
