import { fittableBounds, INITIAL_BOUNDS_PADDING, padBounds, type EditableFeature, type EditSession } from '@gportal/core';
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { FeatureLayerRenderer } from './layer';
import { toolbarRowsBottom } from './panels';
import type { L } from './leaflet';
import { loadsByView } from './session';
import { toLatLngBounds } from './base';
import { nextTask } from '../ui/stages';

/** The session's events after which it shows other features (an edit, a view's tiles merged), besides a load. */
const FEATURE_EVENTS = ['change', 'view'] as const;
/** How long the features read ahead are left to gather before the canvas takes them: tiles come two at a time. */
const AHEAD_BURST_MS = 100;
/** The session's events after which the features it read ahead are others (a tile kept aside, a load, a view merging some). */
const AHEAD_EVENTS = ['ahead', 'load', 'view', 'save:success'] as const;

/** What {@link useFeatureLayer} draws and where it fits. */
export interface FeatureLayerOptions {
  session: EditSession | undefined;
  /** What is drawn while there is no session. */
  features: readonly EditableFeature[];
  /** Bumped at each load: the map fits the loaded features then. */
  loads: number;
  /** The editor's toolbar, whose rows of buttons a fit leaves clear. */
  toolbar: RefObject<HTMLElement | null>;
  /** What a click on a feature does, as it is when clicked (`useLatest`): the renderer is made once per map. */
  onFeatureClick: RefObject<(id: string, latlng: L.LatLng, extend?: boolean) => void>;
}

/**
 * The layer's features on the map: their canvas (`FeatureLayerRenderer`), drawn from the
 * session's events; what is drawn and the map's bounds on its element (`data-features`,
 * `data-bounds`); and the fit to each load. Answers the renderer once the map has one.
 */
export function useFeatureLayer(map: L.Map | undefined, { session, features, loads, toolbar, onFeatureClick }: FeatureLayerOptions): FeatureLayerRenderer | undefined {
  const [renderer, setRenderer] = useState<FeatureLayerRenderer>();
  useEffect(() => {
    if (!map) return;
    const created = new FeatureLayerRenderer(map, { onFeatureClick: (id, latlng, extend) => onFeatureClick.current(id, latlng, extend) });
    setRenderer(created);
    return () => {
      created.remove();
      setRenderer(undefined);
    };
  }, [map, onFeatureClick]);

  // The canvas draws the session's features as they are now: straight from the session's events,
  // in the task that changed them (a pan's tiles read ahead are merged as the move ends, before
  // the repaint the move asked for), without waiting for React to render the editor; and before
  // the browser paints after a render (a layout effect). Drawing what is drawn already does nothing.
  useLayoutEffect(() => {
    if (!map || !renderer) return;
    const element = map.getContainer();
    const draw = () => {
      renderer.render(session ? session.features() : features);
      const size = String(renderer.size);
      if (element.dataset.features !== size) element.dataset.features = size;
    };
    draw();
    // The load of a layer larger than a load (its first view's tiles merged: thousands of
    // features) is drawn in the next task: drawn in the load's own, the two would be one long
    // task. A whole layer's load is drawn at once: the fit to it reads what was drawn.
    let live = true;
    let loadDrawn: Promise<void> | undefined;
    const drawLoad = () => {
      if (!session || !loadsByView(session)) return draw();
      loadDrawn ??= nextTask().then(() => {
        loadDrawn = undefined;
        if (live) draw();
      });
    };
    const offs = session ? [session.on('load', drawLoad), ...FEATURE_EVENTS.map((name) => session.on(name, draw))] : [];
    // The features read ahead, painted ahead around the view: taken once after a burst of tiles
    // (they come two at a time), and again after a load or a view (which merge or drop them).
    let aheadTimer: ReturnType<typeof setTimeout> | undefined;
    const drawAhead = () => {
      if (aheadTimer !== undefined) return;
      aheadTimer = setTimeout(() => {
        aheadTimer = undefined;
        if (session) renderer.renderAhead(session.featuresAhead());
      }, AHEAD_BURST_MS);
    };
    if (session) offs.push(...AHEAD_EVENTS.map((name) => session.on(name, drawAhead)));
    return () => {
      live = false;
      for (const off of offs) off();
      if (aheadTimer !== undefined) clearTimeout(aheadTimer);
    };
  }, [map, renderer, session, features]);

  // The extent and what is drawn, on the element, for pages that embed the map and for tests:
  // in EPSG:4326 a screen position is a linear function of lat/lng inside these bounds.
  useEffect(() => {
    if (!map) return;
    const element = map.getContainer();
    const mark = () => {
      const bounds = map.getBounds();
      element.dataset.bounds = [bounds.getSouth(), bounds.getWest(), bounds.getNorth(), bounds.getEast()].join(',');
    };
    mark();
    map.on('moveend zoomend resize', mark);
    return () => {
      map.off('moveend zoomend resize', mark);
    };
  }, [map]);

  // Once per load: the features' bounds, padded 10 % (a single point widened to a 10 m box), as
  // the renderer read them while drawing the load (its effect runs first), in the map's part
  // below the toolbar's rows (two at 1024 px), so none of them lies under a button.
  useEffect(() => {
    if (!map || !renderer || loads === 0) return;
    const bounds = renderer.bounds();
    // Not animated: a second fit (after a restore) during the first one's zoom animation would be
    // dropped by Leaflet, which answers "moved" while a zoom animates.
    if (bounds) map.fitBounds(toLatLngBounds(padBounds(fittableBounds(bounds), INITIAL_BOUNDS_PADDING)), { animate: false, paddingTopLeft: [0, toolbarRowsBottom(toolbar.current)] });
  }, [map, renderer, loads, toolbar]);

  return renderer;
}
