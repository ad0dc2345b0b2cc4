import type { Position } from '@gportal/core';
import { useMemo } from 'react';
import type { DrawControl } from './draw';
import type { ShapeParts } from './geometry';
import { L } from './leaflet';
import type { CoordinateEntryTarget } from './status';
import type { GeometryEdit } from './vertex';

/**
 * What 输入坐标 types into: the drawing under way, or the shape being edited (`shapeKind`, none
 * while a part tool draws in it), else nothing (the dialog cannot open).
 */
export function useCoordinateTarget(map: L.Map | undefined, drawing: DrawControl, shapeKind: ShapeParts['kind'] | undefined, shapeEdit: GeometryEdit): CoordinateEntryTarget | undefined {
  return useMemo<CoordinateEntryTarget | undefined>(() => {
    if (!map) return undefined;
    const lonLat = (latlng: L.LatLng): Position => [latlng.lng, latlng.lat];
    const latLng = ([lon = Number.NaN, lat = Number.NaN]: Position) => L.latLng(lat, lon);
    const centre = () => lonLat(map.getCenter());
    if (drawing.tool) {
      return {
        kind: 'draw',
        tool: drawing.tool,
        lastVertex: () => {
          const last = drawing.lastVertex();
          return last && lonLat(last);
        },
        centre,
        place: (positions, finish) => drawing.place(positions.map(latLng), finish),
      };
    }
    if (!shapeKind) return undefined;
    return {
      kind: 'edit',
      tool: shapeKind,
      selected: () => {
        const selected = shapeEdit.typing()?.selected();
        return selected && lonLat(selected.latlng);
      },
      previous: () => {
        const previous = shapeEdit.typing()?.selected()?.previous;
        return previous && lonLat(previous);
      },
      centre,
      move: (position) => shapeEdit.typing()?.move(latLng(position)),
      replace: (positions) => shapeEdit.typing()?.replace(positions.map(latLng)) ?? false,
    };
  }, [map, drawing, shapeKind, shapeEdit]);
}
