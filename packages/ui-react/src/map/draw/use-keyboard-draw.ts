import { useEffect } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { L } from '../leaflet';
import { drawingParts, measureText, type AreaUnitChoice } from '../geometry';
import { FINISH_MINIMUM, type DrawControl } from './use-draw-tool';
import { useLatest } from '../../ui/use-latest';

/** Drawing by keyboard: the crosshair's steps in screen pixels and the fewest vertices a shape finishes with (leaflet-draw's rule). */
export const KEYBOARD_DRAW = {
  stepPx: 10,
  fineStepPx: 1,
  minimumVertices: FINISH_MINIMUM,
} as const;

export interface KeyboardDrawCallbacks {
  /** A sentence for the map's polite live region. */
  announce(text: string): void;
  /** Shift+Enter with fewer vertices than the shape needs. */
  onTooFewPoints(): void;
  /** The unit areas are announced in, as the read-out shows them; `auto` by default. */
  areaUnit?: AreaUnitChoice;
}

/** What of leaflet-draw's polyline, polygon and marker handlers the keyboard needs beyond its typed API. */
interface DrawInternals {
  /** Polyline and polygon: the vertices placed. */
  _markers?: L.Marker[] | null;
  _mouseMarker?: L.Marker;
  /** Polyline and polygon: the finish a click on the closing vertex runs: the crossing check, then the created event. */
  _finishShape(): void;
  /** Marker: a tap at `latlng`, which places the point and ends the tool. */
  _onTouch(event: { latlng: L.LatLng }): void;
}

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Drawing without a pointer (WCAG 2.1.1) while leaflet-draw's `handler` runs and the map has
 * focus: a crosshair at the centre of the map, moved by the arrow keys (10 px, Shift 1 px; the map
 * pans when it would leave the view); Enter adds a vertex there through `handler.addVertex`, so
 * the crossing rule and its message are leaflet-draw's as for a click; Shift+Enter finishes as a
 * click on the closing vertex does; Backspace removes the last vertex; Escape (leaflet-draw's and
 * the draw tool's) cancels. Each step is announced with the area or length so far. With 画点,
 * Enter (or Shift+Enter) places the point at the crosshair, as a tap does.
 */
export function useKeyboardDraw(map: L.Map | undefined, drawing: DrawControl, callbacks: KeyboardDrawCallbacks): void {
  const { t } = useI18n();
  const latest = useLatest({ ...callbacks, t });
  const { tool, handler: running } = drawing;
  // After `useDrawTool`'s effect in the same commit: the handler it enabled is in the ref.
  useEffect(() => {
    const handler = running.current;
    if (!map || !handler || !tool) return;
    const container = map.getContainer();
    const internals = handler as unknown as DrawInternals;
    const crosshair = L.DomUtil.create('div', 'gportal-crosshair', container);
    crosshair.setAttribute('aria-hidden', 'true');
    crosshair.dataset.testid = 'draw-crosshair';
    let point = map.getSize().divideBy(2).round();

    const vertices = () => (internals._markers ?? []).map((marker) => marker.getLatLng());
    // leaflet-draw's markers are pointer targets (Leaflet makes each a focusable button with no
    // name); the keyboard has the crosshair, so they leave the tab order and the accessibility tree.
    const quietMarkers = () => {
      for (const marker of [...(internals._markers ?? []), internals._mouseMarker]) {
        const icon = marker?.getElement();
        if (!icon) continue;
        icon.removeAttribute('role');
        icon.tabIndex = -1;
        icon.setAttribute('aria-hidden', 'true');
      }
    };
    // The crosshair is the keyboard's: shown when focus came by keyboard (a tool chosen with Enter)
    // or once a key is pressed on the map, not after a tap or a click (on a phone it would look
    // like a target in the middle of the map).
    let keyed = false;
    const show = () => {
      const byKeyboard = keyed || container.matches(':focus-visible');
      crosshair.classList.toggle('gportal-crosshair-shown', document.activeElement === container && byKeyboard);
      L.DomUtil.setPosition(crosshair, point);
    };
    // As a pointer move would: leaflet-draw's guide line and the read-out follow the crosshair.
    const follow = () => {
      const box = container.getBoundingClientRect();
      map.fire('mousemove', {
        latlng: map.containerPointToLatLng(point),
        layerPoint: map.containerPointToLayerPoint(point),
        containerPoint: point,
        originalEvent: { clientX: box.left + point.x, clientY: box.top + point.y, preventDefault: () => undefined },
      });
    };
    /** `sentence`, then the area or length of the vertices so far once there is one. */
    const announceWithMeasure = (sentence: string) => {
      const measure = tool === 'point' ? undefined : measureText(drawingParts(tool, vertices()), latest.current.t, undefined, latest.current.areaUnit);
      latest.current.announce(measure ? `${sentence} ${measure}` : sentence);
    };

    const move = (dx: number, dy: number) => {
      const size = map.getSize();
      const next = point.add([dx, dy]);
      if (next.x < 0 || next.y < 0 || next.x >= size.x || next.y >= size.y) map.panBy([dx, dy], { animate: false });
      else point = next;
      show();
      follow();
    };
    const addVertex = () => {
      // The point's tool ends with it; the editor announces the finished shape.
      if (tool === 'point') {
        internals._onTouch({ latlng: map.containerPointToLatLng(point) });
        return;
      }
      const before = vertices().length;
      (handler as L.Draw.Polyline).addVertex(map.containerPointToLatLng(point));
      quietMarkers();
      const count = vertices().length;
      // A refused vertex (edges would cross) is announced by the editor's alert.
      if (count > before) announceWithMeasure(latest.current.t('map.keys.vertexAdded', { count }));
    };
    const removeVertex = () => {
      if (tool === 'point') return;
      const before = vertices().length;
      (handler as L.Draw.Polyline).deleteLastVertex();
      const count = vertices().length;
      if (count < before) announceWithMeasure(latest.current.t('map.keys.vertexRemoved', { count }));
      follow();
    };
    const finish = () => {
      if (tool === 'point') addVertex();
      else if (vertices().length < KEYBOARD_DRAW.minimumVertices[tool]) latest.current.onTooFewPoints();
      else internals._finishShape();
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target !== container || event.altKey || event.ctrlKey || event.metaKey) return;
      if (!keyed) {
        keyed = true;
        show();
      }
      const arrow = ARROWS[event.key];
      if (arrow) {
        const step = event.shiftKey ? KEYBOARD_DRAW.fineStepPx : KEYBOARD_DRAW.stepPx;
        move(arrow[0] * step, arrow[1] * step);
      } else if (event.key === 'Enter') {
        if (event.shiftKey) finish();
        else addVertex();
      } else if (event.key === 'Backspace') removeVertex();
      else {
        if (event.key === 'Escape') latest.current.announce(latest.current.t('map.keys.cancelled'));
        return;
      }
      // Leaflet's own keys (arrows pan the map) listen on the document, after this.
      event.preventDefault();
      event.stopPropagation();
    };
    const onResize = () => {
      const size = map.getSize();
      point = L.point(Math.min(point.x, size.x - 1), Math.min(point.y, size.y - 1));
      show();
    };

    quietMarkers();
    show();
    container.addEventListener('keydown', onKeyDown);
    container.addEventListener('focus', show);
    container.addEventListener('blur', show);
    map.on('resize', onResize).on(L.Draw.Event.DRAWVERTEX, quietMarkers);
    return () => {
      map.off(L.Draw.Event.DRAWVERTEX, quietMarkers);
      container.removeEventListener('keydown', onKeyDown);
      container.removeEventListener('focus', show);
      container.removeEventListener('blur', show);
      map.off('resize', onResize);
      crosshair.remove();
    };
  }, [map, running, tool, latest]);
}
