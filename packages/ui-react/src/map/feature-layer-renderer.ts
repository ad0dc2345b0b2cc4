import { DRAWING, type EditableFeature } from '@gportal/core';
import { shapeParts } from './geometry-latlngs';
import { L } from './leaflet';

/** Saved features: blue, weight 3 (spec section 9). */
export const FEATURE_STYLE: L.PathOptions = { color: DRAWING.featureStyle.color, weight: DRAWING.featureStyle.weight, fillOpacity: 0.15 };
/** Drawn or edited, not yet saved: the same weight, dashed in orange so staff see what is unsaved. */
export const UNSAVED_STYLE: L.PathOptions = { ...FEATURE_STYLE, color: '#d46b08', dashArray: '8 6' };

const MARKER_SIZE = DRAWING.markerIconSizePx;

export function markerIcon(unsaved: boolean): L.DivIcon {
  return L.divIcon({
    className: unsaved ? 'gportal-marker gportal-marker-unsaved' : 'gportal-marker',
    iconSize: [MARKER_SIZE, MARKER_SIZE],
    iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2],
  });
}

export interface FeatureLayerRendererOptions {
  /** A click on a drawn feature, with where it was clicked. */
  onFeatureClick?: (id: string, latlng: L.LatLng) => void;
}

interface Drawn {
  feature: EditableFeature;
  layer: L.Layer;
}

/**
 * Draws every feature of a layer on one canvas renderer, the "cold" part of the editor: the
 * feature being edited is hidden here and shown as an editable copy instead. `render` takes the
 * session's snapshots and rebuilds only those whose snapshot changed (the session keeps a
 * snapshot's identity until its feature changes).
 */
export class FeatureLayerRenderer {
  private readonly renderer = L.canvas({ padding: 0.5 });
  private readonly group = L.layerGroup();
  private readonly drawn = new Map<string, Drawn>();
  private hidden = new Set<string>();

  constructor(
    private readonly map: L.Map,
    private readonly options: FeatureLayerRendererOptions = {},
  ) {
    this.group.addTo(map);
  }

  render(features: readonly EditableFeature[]): void {
    const shown = new Set<string>();
    for (const feature of features) {
      shown.add(feature.id);
      const current = this.drawn.get(feature.id);
      if (current?.feature === feature) continue;
      if (current) this.group.removeLayer(current.layer);
      const layer = this.layerOf(feature);
      this.drawn.set(feature.id, { feature, layer });
      if (!this.hidden.has(feature.id)) this.group.addLayer(layer);
    }
    for (const [id, { layer }] of this.drawn) {
      if (shown.has(id)) continue;
      this.group.removeLayer(layer);
      this.drawn.delete(id);
    }
  }

  /** How many features are drawn (hidden ones included). */
  get size(): number {
    return this.drawn.size;
  }

  /** Hides these features (the one being edited, those marked in delete mode) and shows the others again. */
  hide(ids: Iterable<string>): void {
    const next = new Set(ids);
    for (const [id, { layer }] of this.drawn) {
      const hide = next.has(id);
      if (hide && !this.hidden.has(id)) this.group.removeLayer(layer);
      if (!hide && this.hidden.has(id)) this.group.addLayer(layer);
    }
    this.hidden = next;
  }

  /** Removes everything this renderer added to the map. */
  remove(): void {
    this.group.clearLayers();
    this.map.removeLayer(this.group);
    this.drawn.clear();
  }

  private layerOf(feature: EditableFeature): L.Layer {
    const unsaved = feature.state !== 'exist';
    const style: L.PathOptions = { ...(unsaved ? UNSAVED_STYLE : FEATURE_STYLE), renderer: this.renderer };
    const shape = shapeParts(feature.geometry);
    let layer: L.Layer;
    if (shape.kind === 'polygon') layer = L.polygon(shape.parts, style);
    else if (shape.kind === 'line') layer = L.polyline(shape.parts, style);
    else {
      const icon = markerIcon(unsaved);
      const markers = shape.parts.map((latlng) => L.marker(latlng, { icon, keyboard: false }));
      layer = markers.length === 1 && markers[0] ? markers[0] : L.featureGroup(markers);
    }
    const { onFeatureClick } = this.options;
    if (onFeatureClick) {
      layer.on('click', (event: L.LeafletMouseEvent) => {
        L.DomEvent.stopPropagation(event);
        onFeatureClick(feature.id, event.latlng);
      });
    }
    return layer;
  }
}
