import {
  addHole,
  addPart,
  polygonPartAt,
  removePart,
  type EditableFeature,
  type Geometry,
  type GeometryKind,
  type PartEdit,
  type PartProblem,
  type PartRef,
} from '@gportal/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { geometryOfParts, toPosition, type ShapeParts } from '../geometry';
import { L } from '../leaflet';
import { useDrawTool, type DrawControl, type DrawTool } from '../draw';
import { useLatest } from '../../ui/use-latest';

/** The part tools of a shape edit: cut a hole, draw a new part, remove a part or hole with a click. */
export type PartTool = 'hole' | 'addPart' | 'removePart';

/** What 添加部分 draws on each multi layer: a polygon, a line, or a point. */
const ADD_PART_TOOLS: Readonly<Partial<Record<GeometryKind, DrawTool>>> = { MultiPolygon: 'polygon', MultiLineString: 'line', MultiPoint: 'point' };

/** How far from a line or point a click still picks it for removal, in CSS pixels (the vertex handles' reach). */
const LINE_PICK_PX = { mouse: 8, touch: 16 } as const;

export interface PartEditOptions {
  /** The layer's geometry kind: which tools apply. */
  geometryKind: GeometryKind | undefined;
  /** Reads the edited copy's current shape (vertex drags included). */
  readShape(): ShapeParts | undefined;
  /** A hole, part or removal refused: the shape stays as it was. */
  onRefused(problem: PartProblem): void;
  /** The ring or line being drawn (with the cursor), for the read-out; `undefined` when drawing ends. */
  onShape(parts: ShapeParts | undefined): void;
  /** Where a drawn vertex snaps (吸附). */
  snap?(latlng: L.LatLng, touch: boolean): L.LatLng | undefined;
}

/** Which part tools the layer's geometry kind takes. */
export function partToolsOf(kind: GeometryKind | undefined): readonly PartTool[] {
  switch (kind) {
    case 'Polygon':
      return ['hole', 'removePart'];
    case 'MultiPolygon':
      return ['hole', 'addPart', 'removePart'];
    case 'MultiLineString':
    case 'MultiPoint':
      return ['addPart', 'removePart'];
    default:
      return [];
  }
}

/** The point part nearest to a click within reach, on screen. */
function pointPartAt(map: L.Map, points: readonly L.LatLng[], latlng: L.LatLng, reach: number): PartRef | undefined {
  const click = map.latLngToContainerPoint(latlng);
  let best: { part: number; distance: number } | undefined;
  points.forEach((point, part) => {
    const distance = click.distanceTo(map.latLngToContainerPoint(point));
    if (distance <= reach && (!best || distance < best.distance)) best = { part, distance };
  });
  return best && { part: best.part, ring: 0 };
}

/** The line part nearest to a click within reach, on screen. */
function linePartAt(map: L.Map, parts: readonly L.LatLng[][], latlng: L.LatLng, reach: number): PartRef | undefined {
  const click = map.latLngToContainerPoint(latlng);
  let best: { part: number; distance: number } | undefined;
  parts.forEach((line, part) => {
    const points = line.map((vertex) => map.latLngToContainerPoint(vertex));
    for (let index = 1; index < points.length; index += 1) {
      const distance = L.LineUtil.pointToSegmentDistance(click, points[index - 1] as L.Point, points[index] as L.Point);
      if (distance <= reach && (!best || distance < best.distance)) best = { part, distance };
    }
  });
  return best && { part: best.part, ring: 0 };
}

/**
 * Holes and parts in a shape edit (`编辑图形`): `挖洞` draws a ring with leaflet-draw's polygon
 * tool and cuts it into the polygon holding it; `添加部分` draws a polygon or line that becomes a
 * new part; `删除部分` then a click removes the hole or part under it. The core's rules refuse a
 * hole or part whose edges cross, and the removal of the last part. An accepted change becomes
 * the edited copy's new geometry (`feature`, with a new `revision`, so the vertex editor starts
 * again on it); nothing reaches the session before the shape edit is saved.
 */
export function usePartEdit(map: L.Map | undefined, edited: EditableFeature | undefined, options: PartEditOptions) {
  const latest = useLatest(options);
  const [tool, setTool] = useState<PartTool>();
  const [draft, setDraft] = useState<{ id: string; geometry: Geometry; revision: number }>();
  const id = edited?.id;
  useEffect(() => {
    setTool(undefined);
    setDraft(undefined);
  }, [id]);

  const feature = useMemo(() => (edited && draft?.id === edited.id ? { ...edited, geometry: draft.geometry } : edited), [edited, draft]);

  /** The edited copy as the layer would store it, drags included. */
  const current = useCallback((): Geometry | undefined => {
    const parts = latest.current.readShape();
    const kind = latest.current.geometryKind;
    return parts && kind ? geometryOfParts(kind, parts) : undefined;
  }, [latest]);

  const accept = useCallback(
    (result: PartEdit<Geometry>) => {
      if (!result.ok) {
        latest.current.onRefused(result.problem);
        return;
      }
      if (!id) return;
      setDraft((before) => ({ id, geometry: result.geometry, revision: (before?.revision ?? 0) + 1 }));
    },
    [id, latest],
  );

  const drawTool: DrawTool | undefined = tool === 'hole' ? 'polygon' : tool === 'addPart' ? ADD_PART_TOOLS[options.geometryKind ?? 'MultiPolygon'] : undefined;
  const drawing: DrawControl = useDrawTool(map, edited ? drawTool : undefined, {
    onCreated: (parts) => {
      const geometry = current();
      const ring = parts.kind === 'polygon' ? parts.parts[0]?.[0] : parts.kind === 'line' ? parts.parts[0] : parts.parts;
      if (!geometry || !ring) return;
      const positions = ring.map(toPosition);
      if (tool === 'hole' && (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon')) accept(addHole(geometry, positions));
      else if (tool === 'addPart' && geometry.type === 'MultiPolygon') accept(addPart(geometry, positions));
      else if (tool === 'addPart' && geometry.type === 'MultiLineString') accept(addPart(geometry, positions));
      else if (tool === 'addPart' && geometry.type === 'MultiPoint') accept(addPart(geometry, positions));
    },
    onStop: () => setTool(undefined),
    onShape: (parts) => latest.current.onShape(parts),
    onIntersection: () => latest.current.onRefused('self-intersection'),
    onVertices: () => undefined,
    snap: (latlng, touch) => latest.current.snap?.(latlng, touch),
  });

  // 删除部分: the next click on a hole or part removes it and ends the tool; a click beside the shape does nothing.
  useEffect(() => {
    if (!map || tool !== 'removePart') return;
    const onClick = (event: L.LeafletMouseEvent) => {
      const geometry = current();
      const parts = latest.current.readShape();
      if (!geometry || !parts) return;
      const touch = (event.originalEvent as PointerEvent | undefined)?.pointerType === 'touch';
      const ref =
        geometry.type === 'Polygon' || geometry.type === 'MultiPolygon'
          ? polygonPartAt(geometry, toPosition(event.latlng))
          : parts.kind === 'line'
            ? linePartAt(map, parts.parts, event.latlng, LINE_PICK_PX[touch ? 'touch' : 'mouse'])
            : parts.kind === 'point'
              ? pointPartAt(map, parts.parts, event.latlng, LINE_PICK_PX[touch ? 'touch' : 'mouse'])
              : undefined;
      if (!ref) return;
      if (geometry.type !== 'Point') {
        accept(removePart(geometry, ref));
      }
      setTool(undefined);
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, tool, current, accept, latest]);

  return { tool, setTool, feature, revision: draft?.id === id ? (draft?.revision ?? 0) : 0, drawing };
}
