import type L from 'leaflet';
import type { FlatShape } from './flat-shape';
import type { Rect } from './screen-rect';

// The vocabulary the canvas's parts share: each part imports it here, so no two parts import
// each other for a type.

/** A line or polygon feature the canvas draws. */
export interface CanvasFeature {
  id: string;
  shape: FlatShape;
  style: L.PathOptions;
}

/**
 * How a new list of features differs from the one held, seen as features taken away and features
 * added on top: the features kept stay in their order, and every added one comes after them all.
 */
export interface FeatureChange {
  /** Features held and not kept in their place (gone, changed or moved). */
  removed: CanvasFeature[];
  /** Indices in the new list of the features after the last one kept. */
  added: number[];
}

/** What a canvas is drawn for: its map and zoom, the area it covers (world pixels at that zoom), and its pixels per CSS pixel. */
export interface CanvasView {
  map: L.Map;
  zoom: number;
  area: Rect;
  ratio: number;
}

/** A tile painted ahead: what it shows (`painted`, the features over it then, in drawing order), at one zoom. */
export interface AheadTile {
  zoom: number;
  area: Rect;
  painted: readonly CanvasFeature[];
  /** The tile's pixels (`undefined`: no feature over it, nothing painted). */
  bitmap: ImageBitmap | undefined;
}
