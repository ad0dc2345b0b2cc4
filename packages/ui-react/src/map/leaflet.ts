import './leaflet-global';
import 'leaflet/dist/leaflet.css';
import 'leaflet-draw/dist/leaflet.draw.css';
import { canRemoveVertex, type Position } from '@gportal/core';
import L from 'leaflet';

// A static import would not do: the bundler may place leaflet-draw's script before Leaflet's
// (CommonJS) module has run and before the global is set. Loaded here, it runs after both.
await import('leaflet-draw');

/** Fired on the edited layer when a vertex click is refused because the shape would get too few points. */
export const VERTEX_REFUSED_EVENT = 'gportal:vertexrefused';

interface PolyVerticesEditInternals {
  _poly: L.Polyline;
  _defaultShape(): L.LatLng[];
  _onMarkerClick(event: L.LeafletEvent): void;
}

const verticesEdit = L.Edit.PolyVerticesEdit.prototype as unknown as PolyVerticesEditInternals;
const removeVertex = verticesEdit._onMarkerClick;
// The vertex-removal rule is the core's (the same numbers as leaflet-draw's own check), and a
// refused click is announced so the editor can say why nothing happened.
verticesEdit._onMarkerClick = function (this: PolyVerticesEditInternals, event: L.LeafletEvent) {
  const kind = this._poly instanceof L.Polygon ? 'polygon' : 'line';
  const positions: Position[] = this._defaultShape().map((latlng) => [latlng.lng, latlng.lat]);
  if (!canRemoveVertex(kind, positions)) {
    this._poly.fire(VERTEX_REFUSED_EVENT);
    return;
  }
  removeVertex.call(this, event);
};

export { L };
