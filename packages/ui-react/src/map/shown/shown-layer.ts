import { DEFAULT_MAX_FEATURES, type EditableFeature, type FeatureSource } from '@gportal/core';
import { FeatureLayerRenderer } from '../layer/feature-layer-renderer';
import type { L } from '../leaflet';

/** What a shown layer shows now: its features in view, too many of them to read at this zoom, or a failed read. */
export type ShownLayerState = { status: 'loading' } | { status: 'shown'; count: number } | { status: 'too-many' } | { status: 'failed'; error: unknown };

/** The colours of shown layers, by their place in the list: none is the edited layer's blue or the unsaved orange. */
export const SHOWN_COLORS = ['#237804', '#531dab', '#a8071a', '#006d75', '#614700', '#c41d7f'] as const;

/** The panes of shown layers lie under the edited layer's (Leaflet's overlay pane, 400) and over the base maps. */
const FIRST_PANE_Z = 300;

let panes = 0;

/**
 * One layer of the map server shown beside the edited one (图层): read-only, read by view as the
 * map settles (the view and a quarter around it, at most a load's worth: more than that at this
 * zoom is `too-many`, and nothing is drawn rather than a part), and drawn in a pane of its own
 * (its order and opacity) on its own canvas, in its own colour. Snapping reaches its vertices and
 * edges ({@link snap}). Every listener it adds to the map, it takes off in {@link remove}.
 */
export class ShownLayer {
  private readonly renderer: FeatureLayerRenderer;
  private readonly pane: HTMLElement;
  private ticket = 0;
  /** The features read so far by id: read again, one keeps its object, so it is not drawn anew. */
  private known = new Map<string, EditableFeature>();

  constructor(
    private readonly map: L.Map,
    private readonly source: FeatureSource,
    readonly typeName: string,
    readonly color: string,
    private readonly onState: (state: ShownLayerState) => void,
  ) {
    const name = `gportal-shown-${(panes += 1)}`;
    this.pane = map.createPane(name);
    this.pane.dataset.typeName = typeName;
    this.pane.style.pointerEvents = 'none';
    this.renderer = new FeatureLayerRenderer(map, { shown: { pane: name, color } });
    map.on('moveend', this.read);
    this.read();
  }

  /** Its place among the shown layers (0 lowest) and its opacity (0–1). */
  arrange(order: number, opacity: number): void {
    this.pane.style.zIndex = String(FIRST_PANE_Z + order);
    this.pane.style.opacity = String(opacity);
  }

  /** Where a vertex at `latlng` snaps onto this layer (its renderer's {@link FeatureLayerRenderer.snap}). */
  snap(latlng: L.LatLng, reach: number): ReturnType<FeatureLayerRenderer['snap']> {
    return this.renderer.snap(latlng, reach);
  }

  remove(): void {
    this.ticket += 1;
    this.map.off('moveend', this.read);
    this.renderer.remove();
    this.pane.remove();
  }

  private readonly read = () => {
    const ticket = (this.ticket += 1);
    const bounds = this.map.getBounds().pad(0.25);
    this.onState({ status: 'loading' });
    this.source.getFeatures({ typeName: this.typeName, bbox: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], maxFeatures: DEFAULT_MAX_FEATURES + 1 }).then(
      (answer) => {
        if (ticket !== this.ticket) return;
        if (answer.features.length > DEFAULT_MAX_FEATURES) {
          this.known = new Map();
          this.renderer.render([]);
          this.onState({ status: 'too-many' });
          return;
        }
        const known = new Map<string, EditableFeature>();
        for (const feature of answer.features) known.set(feature.id, this.known.get(feature.id) ?? { ...feature, state: 'exist' });
        this.known = known;
        this.renderer.render([...known.values()]);
        this.onState({ status: 'shown', count: known.size });
      },
      (error: unknown) => {
        if (ticket === this.ticket) this.onState({ status: 'failed', error });
      },
    );
  };
}
