import Flatbush from 'flatbush';
import { CACHED_ZOOMS } from './canvas-snapshots';
import { simplify, shapeHit, type FlatShape, type Project, type ScreenShape } from './flat-shape';
import { L } from './leaflet';
import { projectAt } from './project-at';

/** A line or polygon feature the canvas draws. */
export interface CanvasFeature {
  id: string;
  shape: FlatShape;
  style: L.PathOptions;
}

/** Half the widest outline drawn, in pixels: how far around a position the index is searched for a hit. */
export const STROKE_REACH = 8;

/**
 * The features a feature canvas draws, in drawing order: their spatial index (`flatbush`), which
 * finds those a view or a click meets, the ones hidden (being edited), and each shape simplified
 * for the last few zooms it was drawn at.
 */
export class CanvasFeatures {
  private list: readonly CanvasFeature[] = [];
  private hidden: ReadonlySet<string> = new Set();
  private index: Flatbush | undefined;
  private readonly screens = new WeakMap<FlatShape, Array<{ zoom: number; screen: ScreenShape }>>();

  /** `simplifyTolerance`: how far, in pixels, a position is simplified away for the zoom it is drawn at. */
  constructor(private readonly simplifyTolerance: number) {}

  get length(): number {
    return this.list.length;
  }

  /** The feature at this place in drawing order. */
  at(index: number): CanvasFeature {
    return this.list[index] as CanvasFeature;
  }

  /** Takes these features (indexed); `false` when they are those held, drawn the same way: nothing to repaint. */
  set(features: readonly CanvasFeature[]): boolean {
    if (sameFeatures(features, this.list)) return false;
    this.list = features;
    this.index = undefined;
    if (features.length > 0) {
      const index = new Flatbush(features.length);
      for (const { shape } of features) index.add(...shape.bbox);
      index.finish();
      this.index = index;
    }
    return true;
  }

  /** Leaves these features out of what a view or a click meets (they are drawn elsewhere while edited). */
  hide(ids: ReadonlySet<string>): void {
    this.hidden = ids;
  }

  /** Indices of the shown features whose box meets these bounds, in drawing order. */
  visible(bounds: L.LatLngBounds): number[] {
    if (!this.index) return [];
    const found = this.index.search(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth(), (index) => !this.hidden.has(this.at(index).id));
    return found.sort((a, b) => a - b);
  }

  /** The shape simplified for this zoom (kept for the last few zooms). */
  screenOf(shape: FlatShape, zoom: number, project: Project): ScreenShape {
    let cached = this.screens.get(shape);
    if (!cached) {
      cached = [];
      this.screens.set(shape, cached);
    }
    const hit = cached.find((entry) => entry.zoom === zoom);
    if (hit) return hit.screen;
    const screen = simplify(shape, project, this.simplifyTolerance);
    cached.unshift({ zoom, screen });
    if (cached.length > CACHED_ZOOMS) cached.pop();
    return screen;
  }

  /** The topmost shown feature at a position in `map`'s layer pixels, within `tolerance` pixels of a line or outline. */
  featureAt(map: L.Map, layerPoint: L.Point, tolerance: number): string | undefined {
    if (!this.index) return undefined;
    const zoom = map.getZoom();
    const world = layerPoint.add(map.getPixelOrigin());
    const reach = tolerance + STROKE_REACH;
    const corners = [layerPoint.subtract([reach, reach]), layerPoint.add([reach, reach])].map((point) => map.layerPointToLatLng(point));
    const found = this.visible(L.latLngBounds(corners));
    const project = projectAt(map.options.crs ?? L.CRS.EPSG3857, zoom);
    for (let at = found.length - 1; at >= 0; at -= 1) {
      const feature = this.at(found[at] as number);
      const outline = (feature.style.weight ?? 0) / 2 + tolerance;
      if (shapeHit(feature.shape.kind, this.screenOf(feature.shape, zoom, project), world.x, world.y, outline)) return feature.id;
    }
    return undefined;
  }
}

/** Whether two lists draw the same shapes with the same styles in the same order. */
function sameFeatures(next: readonly CanvasFeature[], drawn: readonly CanvasFeature[]): boolean {
  return next.length === drawn.length && next.every((feature, at) => feature.id === drawn[at]?.id && feature.shape === drawn[at]?.shape && feature.style === drawn[at]?.style);
}
