import { POSITION_DEPTH, type Geometry, type GeometryKind, type MapFeature, type Position } from '@gportal/core';

/**
 * Features with their positions in typed arrays, for handing a read answer from a worker to the
 * main thread: the buffers are transferred (moved, not copied) and the structured clone of the
 * rest (ids, properties, a kind per feature) is small. Each geometry's nesting is written as
 * child counts, depth first: a Polygon is `[rings, positions of ring 0, positions of ring 1 …]`,
 * a MultiPolygon `[polygons, rings of polygon 0, positions of its ring 0 …]`, a Point nothing.
 */
export interface PackedFeatures {
  ids: string[];
  properties: Array<MapFeature['properties']>;
  /** Each feature's geometry kind, as its index in {@link PACKED_KINDS}. */
  kinds: Uint8Array;
  /** The child counts of every geometry, one after the other. */
  counts: Uint32Array;
  /** x, y, x, y … of every position, in the order the geometries list them. */
  positions: Float64Array;
}

/** The geometry kinds by their number in `PackedFeatures.kinds`. */
const PACKED_KINDS = Object.keys(POSITION_DEPTH) as GeometryKind[];
const KIND_NUMBERS = new Map(PACKED_KINDS.map((kind, index) => [kind, index]));

/** The positions and counts a geometry takes when packed. */
function sizeOf(coordinates: unknown, depth: number, size: { counts: number; positions: number }): void {
  if (depth === 0) {
    size.positions += 1;
    return;
  }
  const children = coordinates as unknown[];
  size.counts += 1;
  for (let index = 0; index < children.length; index += 1) sizeOf(children[index], depth - 1, size);
}

/**
 * Packs features read by the answer readers (2D positions: the readers drop z). Positions of more
 * values would lose them: the readers never give any.
 */
export function packFeatures(features: readonly MapFeature[]): PackedFeatures {
  const size = { counts: 0, positions: 0 };
  for (const { geometry } of features) sizeOf(geometry.coordinates, POSITION_DEPTH[geometry.type], size);
  const kinds = new Uint8Array(features.length);
  const counts = new Uint32Array(size.counts);
  const positions = new Float64Array(size.positions * 2);
  let countAt = 0;
  let positionAt = 0;
  const write = (coordinates: unknown, depth: number): void => {
    if (depth === 0) {
      const position = coordinates as Position;
      positions[positionAt++] = position[0] as number;
      positions[positionAt++] = position[1] as number;
      return;
    }
    const children = coordinates as unknown[];
    counts[countAt++] = children.length;
    for (let index = 0; index < children.length; index += 1) write(children[index], depth - 1);
  };
  features.forEach(({ geometry }, index) => {
    kinds[index] = KIND_NUMBERS.get(geometry.type) as number;
    write(geometry.coordinates, POSITION_DEPTH[geometry.type]);
  });
  return { ids: features.map((feature) => feature.id), properties: features.map((feature) => feature.properties), kinds, counts, positions };
}

/** The buffers of a packed block, for the transfer list of `postMessage`. */
export function transferablesOfFeatures({ kinds, counts, positions }: PackedFeatures): Transferable[] {
  return [kinds.buffer, counts.buffer, positions.buffer];
}

/** The features of a packed block, their geometries rebuilt as GeoJSON-like arrays (the core's `Geometry`). */
export function unpackFeatures({ ids, properties, kinds, counts, positions }: PackedFeatures): MapFeature[] {
  let countAt = 0;
  let positionAt = 0;
  const read = (depth: number): unknown => {
    if (depth === 0) {
      const position = [positions[positionAt] as number, positions[positionAt + 1] as number];
      positionAt += 2;
      return position;
    }
    const length = counts[countAt++] as number;
    const children: unknown[] = [];
    for (let index = 0; index < length; index += 1) children.push(read(depth - 1));
    return children;
  };
  return ids.map((id, index) => {
    const type = PACKED_KINDS[kinds[index] as number] as GeometryKind;
    const geometry = { type, coordinates: read(POSITION_DEPTH[type]) } as Geometry;
    return { id, geometry, properties: properties[index] as MapFeature['properties'] };
  });
}
