import type { EditableFeature, Geometry } from '@gportal/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeatureCanvas } from '../canvas/feature-canvas';
import { FeatureLayerRenderer } from './feature-layer-renderer';
import { L } from '../leaflet';

const feature = (id: string, geometry: Geometry): EditableFeature => ({ id, geometry, properties: {}, state: 'exist' });

describe('FeatureLayerRenderer', () => {
  let element: HTMLDivElement;
  let map: L.Map;
  let renderer: FeatureLayerRenderer;

  beforeEach(() => {
    // jsdom draws nothing (and says so); the canvas then skips drawing, which these tests do not look at.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    element = document.createElement('div');
    document.body.append(element);
    map = L.map(element).setView([26, 119], 10);
    renderer = new FeatureLayerRenderer(map);
  });
  afterEach(() => {
    renderer.remove();
    map.remove();
    element.remove();
    vi.restoreAllMocks();
  });

  describe('bounds', () => {

    it('is undefined before anything is drawn', () => {
      expect(renderer.bounds()).toBeUndefined();
    });

    it('bounds polygons, lines and points together, hidden ones included, and follows what is drawn', () => {
      const polygon = feature('a', {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [119.1, 26.0],
              [119.3, 26.0],
              [119.3, 26.2],
              [119.1, 26.0],
            ],
          ],
        ],
      });
      const line = feature('b', {
        type: 'LineString',
        coordinates: [
          [119.2, 25.9],
          [119.25, 26.1],
        ],
      });
      const points = feature('c', {
        type: 'MultiPoint',
        coordinates: [
          [118.9, 26.05],
          [119.0, 26.4],
        ],
      });
      renderer.render([polygon, line, points]);
      renderer.hide(['c']);
      expect(renderer.bounds()).toEqual({ south: 25.9, west: 118.9, north: 26.4, east: 119.3 });

      renderer.render([polygon]);
      expect(renderer.bounds()).toEqual({ south: 26.0, west: 119.1, north: 26.2, east: 119.3 });

      renderer.render([feature('d', { type: 'Point', coordinates: [120, 27] })]);
      expect(renderer.bounds()).toEqual({ south: 27, west: 120, north: 27, east: 120 });

      renderer.render([]);
      expect(renderer.bounds()).toBeUndefined();
    });

    it('skips a geometry without positions', () => {
      renderer.render([feature('e', { type: 'MultiPoint', coordinates: [] }), feature('f', { type: 'Point', coordinates: [119, 26] })]);
      expect(renderer.bounds()).toEqual({ south: 26, west: 119, north: 26, east: 119 });
    });
  });

  describe('render and hide', () => {

    it('does nothing for the same features in the same order (a session event that changed none), and draws any change', () => {
      const setFeatures = vi.spyOn(FeatureCanvas.prototype, 'setFeatures');
      const line = feature('a', { type: 'LineString', coordinates: [[119, 26], [119.1, 26.1]] });
      const point = feature('b', { type: 'Point', coordinates: [119, 26] });
      renderer.render([line, point]);
      expect(setFeatures).toHaveBeenCalledTimes(1);
      // A new list of the same snapshots: nothing to draw.
      renderer.render([line, point]);
      expect(setFeatures).toHaveBeenCalledTimes(1);
      // Another order, another snapshot of a feature, or one feature fewer: drawn.
      renderer.render([point, line]);
      expect(setFeatures).toHaveBeenCalledTimes(2);
      const moved = feature('a', { type: 'LineString', coordinates: [[119, 26], [119.2, 26.2]] });
      renderer.render([point, moved]);
      expect(setFeatures).toHaveBeenCalledTimes(3);
      expect(renderer.bounds()).toEqual({ south: 26, west: 119, north: 26.2, east: 119.2 });
      renderer.render([point]);
      expect(setFeatures).toHaveBeenCalledTimes(4);
      expect(renderer.size).toBe(1);
    });

    it('repaints for another set of hidden features only', () => {
      const setHidden = vi.spyOn(FeatureCanvas.prototype, 'setHidden');
      renderer.render([feature('a', { type: 'LineString', coordinates: [[119, 26], [119.1, 26.1]] })]);
      renderer.hide(['a']);
      renderer.hide(new Set(['a']));
      expect(setHidden).toHaveBeenCalledTimes(1);
      renderer.hide([]);
      renderer.hide([]);
      expect(setHidden).toHaveBeenCalledTimes(2);
    });
  });
});
