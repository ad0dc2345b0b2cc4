import type { EditableFeature, Geometry } from '@gportal/core';
import { L } from '../leaflet';
import { labelAnchor, type LabelAnchor } from './label-anchor';
import { LABEL_HALO_PX, placeLabels, type LabelCandidate, type PlacedLabel } from './label-placement';

/** The pane the labels are drawn in: over the features and the vertex handles' canvas, under the popups and markers' tooltips. */
export const LABELS_PANE = 'gportal-labels';
/** The labels' font: the UI's (the family the map's element inherits, the app's or an embedding app's), 12 px: Chinese names stay readable at that size. */
export const labelFont = (map: L.Map) => `12px ${getComputedStyle(map.getContainer()).fontFamily}`;
const LINE_HEIGHT_PX = 16;

/**
 * The labels of a layer's features on one canvas of their own, drawn again whenever the view
 * settles (a pan, a zoom, a resize) or the features change: each feature's text at its anchor
 * ({@link labelAnchor}), in the UI's font with a white halo, and no two overlapping
 * ({@link placeLabels}). Leaflet's own tooltips cannot leave out the labels that collide. The
 * labels placed are on the canvas's `data-labels` (their texts and boxes) for tests and tools to
 * read. The canvas is hidden from assistive technology: the features' names reach it through the
 * popups and the keyboard's feature stepping.
 */
export class FeatureLabels {
  private readonly canvas: HTMLCanvasElement;
  private features: readonly EditableFeature[] = [];
  private textOf: (feature: EditableFeature) => string = () => '';
  /** Anchors by geometry object: a geometry is replaced, never changed, when a feature is edited. */
  private readonly anchors = new WeakMap<Geometry, LabelAnchor | null>();
  private readonly widths = new Map<string, number>();
  private frame = 0;
  private readonly schedule = () => {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.draw());
  };
  private readonly hide = () => {
    this.canvas.style.visibility = 'hidden';
  };

  constructor(private readonly map: L.Map) {
    const pane = map.getPane(LABELS_PANE) ?? map.createPane(LABELS_PANE);
    pane.style.zIndex = '640';
    pane.style.pointerEvents = 'none';
    this.canvas = L.DomUtil.create('canvas', 'gportal-labels', pane);
    this.canvas.setAttribute('aria-hidden', 'true');
    this.canvas.dataset.testid = 'feature-labels';
    map.on('moveend zoomend resize viewreset', this.schedule);
    map.on('zoomstart', this.hide);
  }

  /** The features to label and each one's text ('' for none); drawn at the next frame. */
  show(features: readonly EditableFeature[], textOf: (feature: EditableFeature) => string): void {
    this.features = features;
    this.textOf = textOf;
    this.schedule();
  }

  /** Takes the canvas and its listeners off the map. */
  remove(): void {
    cancelAnimationFrame(this.frame);
    this.map.off('moveend zoomend resize viewreset', this.schedule);
    this.map.off('zoomstart', this.hide);
    this.canvas.remove();
  }

  private anchorOf(geometry: Geometry): LabelAnchor | undefined {
    let anchor = this.anchors.get(geometry);
    if (anchor === undefined) {
      anchor = labelAnchor(geometry) ?? null;
      this.anchors.set(geometry, anchor);
    }
    return anchor ?? undefined;
  }

  private widthOf(context: CanvasRenderingContext2D, text: string): number {
    let width = this.widths.get(text);
    if (width === undefined) {
      width = Math.ceil(context.measureText(text).width);
      if (this.widths.size > 5000) this.widths.clear();
      this.widths.set(text, width);
    }
    return width;
  }

  private draw(): void {
    const { map, canvas } = this;
    const size = map.getSize();
    const ratio = window.devicePixelRatio || 1;
    // The canvas covers the container, wherever the map pane has been panned to.
    L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([0, 0]));
    canvas.width = Math.round(size.x * ratio);
    canvas.height = Math.round(size.y * ratio);
    canvas.style.width = `${size.x}px`;
    canvas.style.height = `${size.y}px`;
    canvas.style.visibility = '';
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.font = labelFont(map);
    canvas.dataset.font = context.font;
    const bounds = map.getBounds().pad(0.1);
    const candidates: LabelCandidate[] = [];
    for (const feature of this.features) {
      const text = this.textOf(feature);
      if (text === '') continue;
      const anchor = this.anchorOf(feature.geometry);
      if (!anchor) continue;
      const [lng = 0, lat = 0] = anchor.at;
      if (!bounds.contains([lat, lng])) continue;
      const point = map.latLngToContainerPoint([lat, lng]);
      const width = this.widthOf(context, text);
      let room: number | undefined;
      let priority = anchor.kind === 'area' ? 2 : anchor.kind === 'line' ? 1 : 0;
      if (anchor.kind === 'area') {
        const span = anchor.span ?? 0;
        room = map.latLngToContainerPoint([lat, lng + span / 2]).x - map.latLngToContainerPoint([lat, lng - span / 2]).x;
        priority += room / 1e4;
      }
      candidates.push({ text, x: point.x, y: point.y, width, height: LINE_HEIGHT_PX - 2 * LABEL_HALO_PX, kind: anchor.kind, ...(room === undefined ? {} : { room }), priority });
    }
    const placed = placeLabels(candidates, { width: size.x, height: size.y });
    context.textBaseline = 'middle';
    context.textAlign = 'left';
    context.lineJoin = 'round';
    context.lineWidth = 2 * LABEL_HALO_PX + 1;
    context.strokeStyle = 'rgba(255, 255, 255, 0.92)';
    context.fillStyle = '#1f1f1f';
    for (const label of placed) {
      const x = label.x + LABEL_HALO_PX;
      const y = label.y + label.height / 2;
      context.strokeText(label.text, x, y);
      context.fillText(label.text, x, y);
    }
    canvas.dataset.labels = JSON.stringify(placed satisfies PlacedLabel[]);
  }
}
