import { bboxIntersects, geometryBBox, type BBox, type EditableFeature } from '@gportal/core';

/** A feature the keyboard can step to: its id, the name read out, and its box. */
export interface SteppableFeature {
  id: string;
  name: string;
  bbox: BBox;
}

/** The name read out for a feature: its `name` property when it has one, its id otherwise. */
export function spokenName(feature: EditableFeature): string {
  const name = feature.properties.name;
  return typeof name === 'string' && name.trim() !== '' ? name : feature.id;
}

/** Squared distance from a point to a box (0 inside it). */
function distanceToBox([x, y]: readonly [number, number], [west, south, east, north]: BBox): number {
  const dx = x < west ? west - x : x > east ? x - east : 0;
  const dy = y < south ? south - y : y > north ? y - north : 0;
  return dx * dx + dy * dy;
}

/**
 * The features whose box meets the view, nearest the view's centre first: by the distance from
 * the centre to the box (0 for every box holding the centre), then by the distance to the box's
 * own centre, so of nested boxes the one centred nearer comes first; then by id, for a stable order.
 */
export function featuresInView(features: readonly EditableFeature[], view: BBox): SteppableFeature[] {
  const centre: [number, number] = [(view[0] + view[2]) / 2, (view[1] + view[3]) / 2];
  return features
    .map((feature) => ({ id: feature.id, name: spokenName(feature), bbox: geometryBBox(feature.geometry) }))
    .filter(({ bbox }) => bboxIntersects(bbox, view))
    .map((feature) => {
      const [west, south, east, north] = feature.bbox;
      const middle: [number, number] = [(west + east) / 2, (south + north) / 2];
      return { feature, edge: distanceToBox(centre, feature.bbox), middle: distanceToBox(centre, [...middle, ...middle]) };
    })
    .sort((a, b) => a.edge - b.edge || a.middle - b.middle || (a.feature.id < b.feature.id ? -1 : a.feature.id > b.feature.id ? 1 : 0))
    .map(({ feature }) => feature);
}
