import Flatbush from 'flatbush';
import { CACHED_ZOOMS } from './snapshots';
import { simplify, shapeHit, type FlatShape, type Project, type ScreenShape } from './flat-shape';
import L from 'leaflet';
import type { CanvasFeature, FeatureChange } from './types';
import { projectAt } from './project-at';
import type { Rect } from './screen-rect';

/** Half the widest outline drawn, in pixels: how far around a position the index is searched for a hit. */
export const STROKE_REACH = 8;

/**
 * The features a feature canvas draws, in drawing order: their spatial index (`flatbush`), which
 * finds those a view or a click meets, the ones hidden (being edited), and each shape simplified
 * for the last few zooms it was drawn at.
 */
export class FeatureIndex {
  private list: readonly CanvasFeature[] = [];
  private hidden: ReadonlySet<string> = new Set();
  private index: Flatbush | undefined;
  /** The ids of the features held, once asked for (`holds`). */
  private ids: Set<string> | undefined;
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
    this.ids = undefined;
    this.index = boxIndex(features);
    return true;
  }

  /**
   * How `next` differs from the features held (to be asked before `set`): those kept in order,
   * matched from the start, and the rest of `next` after the last of them.
   */
  changeTo(next: readonly CanvasFeature[]): FeatureChange {
    const removed: CanvasFeature[] = [];
    let at = 0;
    for (const held of this.list) {
      const feature = next[at];
      if (feature && sameFeature(feature, held)) at += 1;
      else removed.push(held);
    }
    return { removed, added: Array.from({ length: next.length - at }, (_, offset) => at + offset) };
  }

  /** Those of these indices whose feature is shown (not hidden) and whose box meets `bounds`, in drawing order. */
  shownAmong(indices: readonly number[], bounds: L.LatLngBounds): number[] {
    return indices.filter((index) => !this.hidden.has(this.at(index).id) && boxMeets(this.at(index).shape.bbox, bounds));
  }

  /** Whether a feature's box meets `bounds`. */
  static meets(feature: CanvasFeature, bounds: L.LatLngBounds): boolean {
    return boxMeets(feature.shape.bbox, bounds);
  }

  /** Whether a feature of this id is held or hidden: a copy of it read ahead is not drawn. */
  holds(id: string): boolean {
    this.ids ??= new Set(this.list.map((feature) => feature.id));
    return this.ids.has(id) || this.hidden.has(id);
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

  /** Indices of the shown features that meet these regions (world pixels at `zoom`), in drawing order. */
  shownIn(map: L.Map, zoom: number, regions: readonly Rect[]): number[] {
    const found = new Set<number>();
    for (const region of regions) for (const index of this.visible(boundsOf(map, zoom, region))) found.add(index);
    return [...found].sort((a, b) => a - b);
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

/** The lon/lat bounds a feature drawn in a region (world pixels at `zoom`) may lie in, its outline's reach included. */
export function boundsOf(map: L.Map, zoom: number, { left, top, width, height }: Rect): L.LatLngBounds {
  return L.latLngBounds(map.unproject(L.point(left - STROKE_REACH, top - STROKE_REACH), zoom), map.unproject(L.point(left + width + STROKE_REACH, top + height + STROKE_REACH), zoom));
}

/** Whether two features draw the same shape with the same style. */
export function sameFeature(a: CanvasFeature, b: CanvasFeature): boolean {
  return a.id === b.id && a.shape === b.shape && a.style === b.style;
}

/** Whether two lists draw the same shapes with the same styles in the same order. */
function sameFeatures(next: readonly CanvasFeature[], drawn: readonly CanvasFeature[]): boolean {
  return next.length === drawn.length && next.every((feature, at) => sameFeature(feature, drawn[at] as CanvasFeature));
}

/** A spatial index of these features' boxes (`flatbush`), their indices in the list as its items; `undefined` for none. */
export function boxIndex(features: readonly CanvasFeature[]): Flatbush | undefined {
  if (features.length === 0) return undefined;
  const index = new Flatbush(features.length);
  for (const { shape } of features) index.add(...shape.bbox);
  index.finish();
  return index;
}

/** The indices of the features a `boxIndex` holds whose box meets `bounds`, in list order. */
export function boxesMeeting(index: Flatbush | undefined, bounds: L.LatLngBounds): number[] {
  return index ? index.search(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()).sort((a, b) => a - b) : [];
}

/** Whether a box (west, south, east, north) meets lon/lat bounds. */
function boxMeets([west, south, east, north]: FlatShape['bbox'], bounds: L.LatLngBounds): boolean {
  return west <= bounds.getEast() && east >= bounds.getWest() && south <= bounds.getNorth() && north >= bounds.getSouth();
}
