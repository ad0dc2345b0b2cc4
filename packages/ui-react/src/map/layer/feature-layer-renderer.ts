import { DRAWING, type EditableFeature, type Geometry, type MapBounds, type MapFeature } from '@gportal/core';
import { FeatureCanvas, type CanvasFeature } from '../canvas';
import { flatShapeOf, type FlatShape } from '../canvas';
import { shapeParts, toLatLng } from '../geometry';
import { L } from '../leaflet';
import { snapPoint, type Snapped } from '../geometry';

/** Saved features: blue, weight 3 (spec section 9). */
export const FEATURE_STYLE: L.PathOptions = { color: DRAWING.featureStyle.color, weight: DRAWING.featureStyle.weight, fillOpacity: 0.15 };
/**
 * Unsaved shapes, and the handles of the edited one, in antd's orange-8: 4.1:1 against the
 * offline base map's sea (`#cfe3f2`) and 4.7:1 against its land (`#eef0e6`), where orange-7
 * `#d46b08` gave 2.7:1 on the sea.
 */
export const UNSAVED_COLOR = '#ad4e00';
/** Drawn or edited, not yet saved: the same weight, dashed in orange so staff see what is unsaved. */
export const UNSAVED_STYLE: L.PathOptions = { ...FEATURE_STYLE, color: UNSAVED_COLOR, dashArray: '8 6' };

const MARKER_SIZE = DRAWING.markerIconSizePx;

export function markerIcon(unsaved: boolean): L.DivIcon {
  return L.divIcon({
    className: unsaved ? 'gportal-marker gportal-marker-unsaved' : 'gportal-marker',
    iconSize: [MARKER_SIZE, MARKER_SIZE],
    iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2],
  });
}

/** Options of {@link FeatureLayerRenderer}. */
export interface FeatureLayerRendererOptions {
  /** A click on a drawn feature, with where it was clicked. */
  /** `extend`: the click held Ctrl, ⌘ or Shift (it adds to a selection rather than replacing it). */
  onFeatureClick?: (id: string, latlng: L.LatLng, extend: boolean) => void;
  /**
   * A layer shown beside the edited one (图层): drawn read-only in its own pane, in its own colour,
   * its points as small discs rather than the edited layer's markers, and never hit by a click.
   */
  shown?: { pane: string; color: string };
}

/** A feature as drawn: its lines and polygons on the canvas, its points as markers. */
interface Drawn {
  feature: EditableFeature;
  shape?: FlatShape;
  markers?: L.Layer;
  /** `[west, south, east, north]` of what is drawn, read once with the shape or the markers. */
  bbox: readonly [number, number, number, number];
}

/** Lines and polygons are simplified to a pixel for each zoom, as Leaflet's `smoothFactor` of 1 does. */
const SIMPLIFY_TOLERANCE_PX = 1;

/**
 * Draws every feature of a layer, the "cold" part of the editor: the feature being edited is
 * hidden here and shown as an editable copy instead. Lines and polygons are drawn on one canvas
 * for the whole layer (`FeatureCanvas`: flat shapes, simplified per zoom, culled and hit through
 * a spatial index); points are markers. `render` takes the session's snapshots and reads again
 * only those whose snapshot changed (the session keeps a snapshot's identity until its feature
 * changes).
 */
export class FeatureLayerRenderer {
  private readonly canvas: FeatureCanvas;
  private readonly markers = L.layerGroup();
  private readonly drawn = new Map<string, Drawn>();
  private hidden = new Set<string>();
  /** The features last rendered, in their order: a render of the same ones (a session event that changed none) does nothing. */
  private rendered: readonly EditableFeature[] = [];
  /**
   * Each geometry's flat shape (`null`: a point's, drawn as markers), read once: a feature read
   * ahead and painted ahead keeps its shape when a pan merges it (the session's snapshot shares
   * its geometry), so the canvas knows the tiles painted ahead show it.
   */
  private readonly shapes = new WeakMap<Geometry, FlatShape | null>();
  /** Each feature read ahead as the canvas paints it ahead (`null`: a point's), made once. */
  private readonly ahead = new WeakMap<MapFeature, CanvasFeature | null>();
  /** The saved features' style: the edited layer's blue, or a shown layer's colour. */
  private readonly style: L.PathOptions;
  /** A shown layer's points: discs on one Leaflet canvas in its pane, made with the first. */
  private pointCanvas: L.Canvas | undefined;

  constructor(
    private readonly map: L.Map,
    private readonly options: FeatureLayerRendererOptions = {},
  ) {
    const shown = options.shown;
    this.style = shown ? { color: shown.color, weight: 2, fillOpacity: 0.1 } : FEATURE_STYLE;
    this.canvas = new FeatureCanvas({
      ...(shown ? { pane: shown.pane, className: 'gportal-shown-canvas' } : {}),
      padding: 0.1,
      simplifyTolerance: SIMPLIFY_TOLERANCE_PX,
      // A finger is less precise than a mouse pointer.
      hitTolerance: { mouse: 3, touch: 10 },
      // The layer's first repaint (the opening's features) goes to workers readied meanwhile.
      warmWorkers: true,
      ...(shown ? {} : { onClick: (id: string, event: MouseEvent) => this.options.onFeatureClick?.(id, map.mouseEventToLatLng(event), event.ctrlKey || event.metaKey || event.shiftKey) }),
    });
    this.canvas.addTo(map);
    this.markers.addTo(map);
  }

  /** Shows exactly these features: draws the new and changed ones, removes the ones no longer given. */
  render(features: readonly EditableFeature[]): void {
    if (features.length === this.rendered.length && features.every((feature, index) => feature === this.rendered[index])) return;
    this.rendered = [...features];
    const shown = new Set<string>();
    const onCanvas: CanvasFeature[] = [];
    for (const feature of features) {
      shown.add(feature.id);
      let current = this.drawn.get(feature.id);
      if (current?.feature !== feature) {
        if (current?.markers) this.markers.removeLayer(current.markers);
        current = this.drawnOf(feature);
        this.drawn.set(feature.id, current);
        if (current.markers && !this.hidden.has(feature.id)) this.markers.addLayer(current.markers);
      }
      if (current.shape) onCanvas.push({ id: feature.id, shape: current.shape, style: feature.state === 'exist' ? this.style : UNSAVED_STYLE });
    }
    for (const [id, { markers }] of this.drawn) {
      if (shown.has(id)) continue;
      if (markers) this.markers.removeLayer(markers);
      this.drawn.delete(id);
    }
    this.canvas.setFeatures(onCanvas);
  }

  /**
   * The features the session read ahead around the view and keeps aside (`featuresAhead`): not
   * drawn, but painted ahead in tiles around the canvas, in the style of a saved feature, so a
   * pan that merges them shows at once. Points are left out (markers are not painted ahead).
   */
  renderAhead(features: readonly MapFeature[]): void {
    const ahead: CanvasFeature[] = [];
    for (const feature of features) {
      if (this.drawn.has(feature.id)) continue;
      let drawn = this.ahead.get(feature);
      if (drawn === undefined) {
        const shape = this.shapeOf(feature.geometry);
        drawn = shape ? { id: feature.id, shape, style: FEATURE_STYLE } : null;
        this.ahead.set(feature, drawn);
      }
      if (drawn) ahead.push(drawn);
    }
    this.canvas.setAhead(ahead);
  }

  /** Tiles painted ahead around the canvas (for tests and benches). */
  get tilesAhead(): number {
    return this.canvas.tilesAhead;
  }

  /** Resolves once nothing is being painted ahead (for tests and benches). */
  whenPaintedAhead(): Promise<void> {
    return this.canvas.whenPaintedAhead();
  }

  /**
   * The bounds of every drawn feature (hidden ones included), from the boxes read when each was
   * drawn: no second pass over the positions. `undefined` when nothing is drawn.
   */
  bounds(): MapBounds | undefined {
    let west = Infinity;
    let south = Infinity;
    let east = -Infinity;
    let north = -Infinity;
    for (const { bbox } of this.drawn.values()) {
      if (!bbox.every(Number.isFinite)) continue;
      west = Math.min(west, bbox[0]);
      south = Math.min(south, bbox[1]);
      east = Math.max(east, bbox[2]);
      north = Math.max(north, bbox[3]);
    }
    return west <= east ? { south, west, north, east } : undefined;
  }

  /**
   * Resolves once the map shows every feature as last rendered and hidden (the layer's canvas is
   * repainted off the main thread, so a render shows a frame or more later).
   */
  whenDrawn(): Promise<void> {
    return this.canvas.whenDrawn();
  }

  /** How many features are drawn (hidden ones included). */
  get size(): number {
    return this.drawn.size;
  }

  /** Hides these features (the one being edited, those marked in delete mode) and shows the others again. */
  hide(ids: Iterable<string>): void {
    const next = new Set(ids);
    // The same features hidden (a mode that hides none after another): nothing to repaint.
    if (next.size === this.hidden.size && [...next].every((id) => this.hidden.has(id))) return;
    for (const [id, { markers }] of this.drawn) {
      if (!markers) continue;
      const hide = next.has(id);
      if (hide && !this.hidden.has(id)) this.markers.removeLayer(markers);
      if (!hide && this.hidden.has(id)) this.markers.addLayer(markers);
    }
    this.hidden = next;
    this.canvas.setHidden(next);
  }

  /**
   * Where a vertex at `latlng` snaps: the nearest vertex of a shown line or polygon within
   * `reach` pixels (its own coordinates), else the nearest point on an edge; `undefined` when none
   * is within reach. The candidates come from the canvas's spatial index.
   */
  snap(latlng: L.LatLng, reach: number): { latlng: L.LatLng; kind: Snapped['kind'] } | undefined {
    const at = this.map.latLngToContainerPoint(latlng);
    const corners = [at.subtract([reach, reach]), at.add([reach, reach])].map((point) => this.map.containerPointToLatLng(point));
    const rings = this.canvas.shapesNear(L.latLngBounds(corners)).flatMap((shape) => shape.rings);
    const snapped = snapPoint(rings, (position) => this.map.latLngToContainerPoint(toLatLng(position)), at, reach);
    if (!snapped) return undefined;
    return { kind: snapped.kind, latlng: snapped.kind === 'vertex' ? toLatLng(snapped.position) : this.map.containerPointToLatLng(L.point(snapped.point.x, snapped.point.y)) };
  }

  /** Removes everything this renderer added to the map. */
  remove(): void {
    this.markers.clearLayers();
    this.map.removeLayer(this.markers);
    this.map.removeLayer(this.canvas);
    if (this.pointCanvas) this.map.removeLayer(this.pointCanvas);
    this.drawn.clear();
    this.rendered = [];
  }

  private canvasForPoints(): L.Canvas {
    this.pointCanvas ??= L.canvas({ pane: this.options.shown?.pane ?? 'overlayPane' });
    return this.pointCanvas;
  }

  private shapeOf(geometry: Geometry): FlatShape | undefined {
    let shape = this.shapes.get(geometry);
    if (shape === undefined) {
      shape = flatShapeOf(geometry) ?? null;
      this.shapes.set(geometry, shape);
    }
    return shape ?? undefined;
  }

  private drawnOf(feature: EditableFeature): Drawn {
    const shape = this.shapeOf(feature.geometry);
    if (shape) return { feature, shape, bbox: shape.bbox };
    const parts = shapeParts(feature.geometry);
    const positions = parts.kind === 'point' ? parts.parts : [];
    const shown = this.options.shown;
    const markers: L.Layer[] = shown
      ? positions.map((latlng) => L.circleMarker(latlng, { pane: shown.pane, renderer: this.canvasForPoints(), radius: 4, color: shown.color, weight: 2, fillOpacity: 0.6, interactive: false }))
      : positions.map((latlng) => L.marker(latlng, { icon: markerIcon(feature.state !== 'exist'), keyboard: false }));
    const layer = markers.length === 1 && markers[0] ? markers[0] : L.featureGroup(markers);
    const { onFeatureClick } = this.options;
    if (onFeatureClick) {
      layer.on('click', (event: L.LeafletMouseEvent) => {
        L.DomEvent.stopPropagation(event);
        const { ctrlKey, metaKey, shiftKey } = event.originalEvent;
        onFeatureClick(feature.id, event.latlng, ctrlKey || metaKey || shiftKey);
      });
    }
    const box = positions.length > 0 ? L.latLngBounds(positions) : undefined;
    return { feature, markers: layer, bbox: box ? [box.getWest(), box.getSouth(), box.getEast(), box.getNorth()] : [NaN, NaN, NaN, NaN] };
  }
}
