import type { EditableFeature } from '@gportal/core';
import { useEffect, useRef } from 'react';
import { shapeParts, type ShapeParts } from './geometry-latlngs';
import { markerIcon, UNSAVED_STYLE } from './feature-layer-renderer';
import { L, VERTEX_REFUSED_EVENT } from './leaflet';
import { useLatest } from './use-latest';

export interface GeometryEditCallbacks {
  /** The shape after each vertex drag, move, insertion or removal (and once at the start). */
  onShape(parts: ShapeParts): void;
  onVertexRefused(): void;
}

type EditableLayer = L.Path | L.Marker;

/** leaflet-draw's vertex editor, which it attaches to every polyline and polygon. */
const editingOf = (layer: L.Path): L.Handler => (layer as unknown as { editing: L.Handler }).editing;

function readParts(kind: ShapeParts['kind'], layers: readonly EditableLayer[]): ShapeParts {
  if (kind === 'polygon') return { kind, parts: layers.map((layer) => (layer as L.Polygon).getLatLngs() as L.LatLng[][]) };
  if (kind === 'line') return { kind, parts: layers.map((layer) => (layer as L.Polyline).getLatLngs() as L.LatLng[]) };
  return { kind, parts: layers.map((layer) => (layer as L.Marker).getLatLng()) };
}

/**
 * The "hot" copy of the feature being edited: each of its polygons, lines or points as an
 * editable leaflet-draw layer (vertex handles, midpoints to add a vertex, click to remove one).
 * Nothing reaches the session until the caller reads the shape and calls `update`; cancelling
 * is dropping the copy. Returns a reader of the current shape.
 */
export function useGeometryEdit(map: L.Map | undefined, feature: EditableFeature | undefined, callbacks: GeometryEditCallbacks) {
  const latest = useLatest(callbacks);
  const reader = useRef<() => ShapeParts | undefined>(() => undefined);
  const id = feature?.id;
  const featureRef = useLatest(feature);
  useEffect(() => {
    const edited = featureRef.current;
    if (!map || !edited) return;
    const shape = shapeParts(edited.geometry);
    const layers: EditableLayer[] =
      shape.kind === 'polygon'
        ? shape.parts.map((rings): EditableLayer => L.polygon(rings, UNSAVED_STYLE))
        : shape.kind === 'line'
          ? shape.parts.map((line): EditableLayer => L.polyline(line, UNSAVED_STYLE))
          : shape.parts.map((latlng) => L.marker(latlng, { icon: markerIcon(true), draggable: true }));
    const group = L.featureGroup(layers).addTo(map);
    for (const layer of layers) if (!(layer instanceof L.Marker)) editingOf(layer).enable();
    const read = () => readParts(shape.kind, layers);
    const changed = () => latest.current.onShape(read());
    const refused = () => latest.current.onVertexRefused();
    // Leaflet propagates only DOM events to a group, so each layer is listened to.
    for (const layer of layers) layer.on('edit editdrag drag', changed).on(VERTEX_REFUSED_EVENT, refused);
    reader.current = read;
    changed();
    return () => {
      reader.current = () => undefined;
      for (const layer of layers) layer.off('edit editdrag drag', changed).off(VERTEX_REFUSED_EVENT, refused);
      for (const layer of layers) if (!(layer instanceof L.Marker)) editingOf(layer).disable();
      map.removeLayer(group);
    };
  }, [map, id, latest, featureRef]);
  return reader;
}
