import type { Geometry, Position } from '@gportal/core';

/**
 * Where a feature's label goes, in lon/lat: for a polygon the middle of the widest stretch of its
 * inside along the line of latitude through its centre (holes left out), which always lies inside
 * it, even for a C-shaped town whose centroid lies outside; for a line its middle by length; for
 * a point the point. `span` is the stretch's width in degrees of longitude: a polygon's label is
 * shown only where it fits inside it.
 */
export interface LabelAnchor {
  kind: 'area' | 'line' | 'point';
  at: Position;
  /** Polygons: the width (degrees of longitude) of the inside the label is centred on. */
  span?: number;
  /** Polygons: the part's size (degrees², its bounding box), to label the largest first. */
  size?: number;
}

const ringBox = (ring: readonly Position[]) => {
  let south = Infinity;
  let north = -Infinity;
  let west = Infinity;
  let east = -Infinity;
  for (const [x = 0, y = 0] of ring) {
    if (y < south) south = y;
    if (y > north) north = y;
    if (x < west) west = x;
    if (x > east) east = x;
  }
  return { south, north, west, east };
};

/** The widest inside stretch of a polygon (outer ring and holes) along latitude `y`. */
function widestStretch(rings: readonly (readonly Position[])[], y: number): { from: number; to: number } | undefined {
  const crossings: number[] = [];
  for (const ring of rings) {
    for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index++) {
      const [x1 = 0, y1 = 0] = ring[previous]!;
      const [x2 = 0, y2 = 0] = ring[index]!;
      // Half-open on y, so a vertex on the line counts once.
      if (y1 > y !== y2 > y) crossings.push(x1 + ((y - y1) / (y2 - y1)) * (x2 - x1));
    }
  }
  crossings.sort((a, b) => a - b);
  let best: { from: number; to: number } | undefined;
  for (let index = 0; index + 1 < crossings.length; index += 2) {
    const from = crossings[index]!;
    const to = crossings[index + 1]!;
    if (!best || to - from > best.to - best.from) best = { from, to };
  }
  return best;
}

function polygonAnchor(polygon: readonly (readonly Position[])[]): LabelAnchor | undefined {
  const outer = polygon[0];
  if (!outer || outer.length < 4) return undefined;
  const box = ringBox(outer);
  // Nudged off the middle by a hair: a line exactly through vertices (a square's) is ambiguous.
  const y = box.south + (box.north - box.south) * 0.5000001;
  const stretch = widestStretch(polygon, y);
  if (!stretch) return undefined;
  return { kind: 'area', at: [(stretch.from + stretch.to) / 2, y], span: stretch.to - stretch.from, size: (box.east - box.west) * (box.north - box.south) };
}

function lineAnchor(line: readonly Position[]): { anchor: LabelAnchor; length: number } | undefined {
  if (line.length === 0) return undefined;
  const steps: number[] = [];
  let length = 0;
  for (let index = 1; index < line.length; index++) {
    const [x1 = 0, y1 = 0] = line[index - 1]!;
    const [x2 = 0, y2 = 0] = line[index]!;
    const step = Math.hypot(x2 - x1, y2 - y1);
    steps.push(step);
    length += step;
  }
  let left = length / 2;
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index]!;
    if (left <= step && step > 0) {
      const [x1 = 0, y1 = 0] = line[index]!;
      const [x2 = 0, y2 = 0] = line[index + 1]!;
      const share = left / step;
      return { anchor: { kind: 'line', at: [x1 + (x2 - x1) * share, y1 + (y2 - y1) * share] }, length };
    }
    left -= step;
  }
  return { anchor: { kind: 'line', at: line[0]! }, length };
}

/** The label anchor of a geometry (its largest polygon part, its longest line, its first point); `undefined` for an empty one. */
export function labelAnchor(geometry: Geometry): LabelAnchor | undefined {
  switch (geometry.type) {
    case 'Point':
      return { kind: 'point', at: geometry.coordinates };
    case 'MultiPoint':
      return geometry.coordinates[0] ? { kind: 'point', at: geometry.coordinates[0] } : undefined;
    case 'LineString':
      return lineAnchor(geometry.coordinates)?.anchor;
    case 'MultiLineString': {
      let best: { anchor: LabelAnchor; length: number } | undefined;
      for (const line of geometry.coordinates) {
        const candidate = lineAnchor(line);
        if (candidate && (!best || candidate.length > best.length)) best = candidate;
      }
      return best?.anchor;
    }
    case 'Polygon':
      return polygonAnchor(geometry.coordinates);
    case 'MultiPolygon': {
      let best: LabelAnchor | undefined;
      for (const polygon of geometry.coordinates) {
        const candidate = polygonAnchor(polygon);
        if (candidate && (!best || (candidate.size ?? 0) > (best.size ?? 0))) best = candidate;
      }
      return best;
    }
    default:
      return undefined;
  }
}
