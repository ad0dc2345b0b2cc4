import { geometryProblem } from '@gportal/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/messages';
import { geometryOfParts, shapeParts } from './latlngs';
import { L } from '../leaflet';
import { measureText } from './measure';
import { loadMeasuring } from './measuring';
import { ShapeFeedback } from './shape-feedback';

// The app fetches the measurement with its first tool; here it is fetched up front.
beforeAll(() => loadMeasuring());

const t = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) => translate('zh-CN', key, values);

describe('ShapeFeedback', () => {
  it.each([
    ['a multipolygon with a hole', 'MultiPolygon', shapeParts({ type: 'MultiPolygon', coordinates: [[[[118, 24], [118.4, 24], [118.4, 24.4], [118, 24.4], [118, 24]], [[118.1, 24.1], [118.2, 24.1], [118.2, 24.2], [118.1, 24.1]]], [[[119, 24], [119.2, 24], [119.2, 24.2], [119, 24]]]] })],
    ['a multiline', 'MultiLineString', shapeParts({ type: 'MultiLineString', coordinates: [[[118, 24], [118.4, 24], [118.4, 24.4]], [[119, 24], [119.2, 24.3]]] })],
  ] as const)('reads out and checks %s as measureText and geometryProblem do, step after step', (_name, kind, shape) => {
    const feedback = new ShapeFeedback(kind);
    const paths = shape.kind === 'polygon' ? shape.parts.flat() : shape.kind === 'line' ? shape.parts : [];
    // Drag steps, an insertion, a bow tie (a crossing) undone by a drag, and a removal.
    const steps: Array<() => void> = [
      () => undefined,
      () => (paths[0]![1] = L.latLng(24.05, 118.45)),
      () => (paths[0]![1] = L.latLng(24.5, 118.2)),
      () => (paths[0]![1] = L.latLng(23.9, 118.5)),
      () => paths[0]!.splice(1, 0, L.latLng(23.95, 118.2)),
      () => paths[0]!.splice(0, paths[0]!.length, L.latLng(24, 118), L.latLng(24.1, 118.1), L.latLng(24, 118.1), L.latLng(24.1, 118)),
      () => (paths[0]![1] = L.latLng(24.1, 117.9)),
      () => paths[1]!.splice(0, 1),
    ];
    const problems = steps.map((step) => {
      step();
      expect(feedback.readout(shape, t)).toBe(measureText(shape, t));
      const problem = feedback.problem(shape);
      expect(problem).toBe(geometryProblem(geometryOfParts(kind, shape)));
      return problem;
    });
    expect(problems).toContain('self-intersection');
  });
});
