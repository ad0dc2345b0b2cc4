import Flatbush from 'flatbush';
import type { Position } from '../domain/geometry.js';
import { orientation, strictlyBetween } from './planar.js';

/*
 * Noding of many segments at once (the edges a topology check has left over): wherever two
 * cross, or an end of one lies on the other, both get a node there, so that a face walk over
 * them sees a planar graph. The candidates come from a spatial index of the segments' boxes.
 */

/** A directed segment. */
export interface Segment {
  from: Position;
  to: Position;
}

function along(segment: Segment, point: Position): number {
  const dx = (segment.to[0] as number) - (segment.from[0] as number);
  const dy = (segment.to[1] as number) - (segment.from[1] as number);
  return (((point[0] as number) - (segment.from[0] as number)) * dx + ((point[1] as number) - (segment.from[1] as number)) * dy) / (dx * dx + dy * dy);
}

/** The segments split at every crossing and at every end of another lying on them, in their own directions. */
export function nodeSegments(segments: readonly Segment[]): Segment[] {
  if (segments.length === 0) return [];
  const index = new Flatbush(segments.length);
  for (const { from, to } of segments) {
    index.add(Math.min(from[0] as number, to[0] as number), Math.min(from[1] as number, to[1] as number), Math.max(from[0] as number, to[0] as number), Math.max(from[1] as number, to[1] as number));
  }
  index.finish();
  const cuts: Array<Array<{ at: number; position: Position }>> = segments.map(() => []);
  segments.forEach((segment, at) => {
    const { from: p, to: q } = segment;
    const box = [Math.min(p[0] as number, q[0] as number), Math.min(p[1] as number, q[1] as number), Math.max(p[0] as number, q[0] as number), Math.max(p[1] as number, q[1] as number)] as const;
    for (const other of index.search(box[0], box[1], box[2], box[3])) {
      if (other <= at) continue;
      const { from: a, to: b } = segments[other] as Segment;
      const sideOfA = orientation(p, q, a);
      const sideOfB = orientation(p, q, b);
      const sideOfP = orientation(a, b, p);
      const sideOfQ = orientation(a, b, q);
      if (sideOfA * sideOfB < 0 && sideOfP * sideOfQ < 0) {
        const t = along(segment, a) + (along(segment, b) - along(segment, a)) * (sideOfA / (sideOfA - sideOfB));
        const crossing = [(p[0] as number) + t * ((q[0] as number) - (p[0] as number)), (p[1] as number) + t * ((q[1] as number) - (p[1] as number))];
        cuts[at]?.push({ at: t, position: crossing });
        cuts[other]?.push({ at: along(segments[other] as Segment, crossing), position: crossing });
        continue;
      }
      for (const end of [a, b]) if (orientation(p, q, end) === 0 && strictlyBetween(p, q, end)) cuts[at]?.push({ at: along(segment, end), position: end });
      for (const end of [p, q]) if (orientation(a, b, end) === 0 && strictlyBetween(a, b, end)) cuts[other]?.push({ at: along(segments[other] as Segment, end), position: end });
    }
  });
  return segments.flatMap((segment, at) => {
    const points = [segment.from, ...(cuts[at] ?? []).sort((x, y) => x.at - y.at).map((cut) => cut.position), segment.to];
    const pieces: Segment[] = [];
    for (let step = 0; step + 1 < points.length; step += 1) {
      const from = points[step] as Position;
      const to = points[step + 1] as Position;
      if (from[0] !== to[0] || from[1] !== to[1]) pieces.push({ from, to });
    }
    return pieces;
  });
}
