import { DRAWING, geometryProblem } from '@gportal/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { geometryOfParts, type ShapeParts } from '../geometry';
import { markerIcon, UNSAVED_STYLE } from '../layer';
import { L, leafletDrawLoaded, loadLeafletDraw } from '../leaflet';
import { drawingParts, loadMeasuring, measuringLoaded } from '../geometry';
import { useLatest } from '../../ui/use-latest';
import { writeLastDrawLocale } from './draw-locale';
import { useTapsWithoutZoom } from './use-taps-without-zoom';

export type DrawTool = 'polygon' | 'line' | 'point';

export interface DrawToolCallbacks {
  /** The finished shape; the caller checks it and hands it to the session. */
  onCreated(parts: ShapeParts): void;
  /** The tool stopped: finished, cancelled with Escape, or switched off. */
  onStop(): void;
  /** The shape so far, with the cursor as its next vertex; `undefined` when drawing ends. */
  onShape(parts: ShapeParts | undefined): void;
  /** leaflet-draw refused a vertex or the finish because edges would cross. */
  onIntersection(): void;
  /** The number of points placed so far (0 when drawing starts or ends), e.g. to enable an undo. */
  onVertices(count: number): void;
  /** Where a placed vertex snaps (`undefined`: where it was clicked); by touch or not. Without it, no snapping. */
  snap?(latlng: L.LatLng, touch: boolean): L.LatLng | undefined;
  /**
   * Tracing: the vertices between two snapped vertices of one neighbour's boundary, the shorter
   * way round (`longer`: the click held Shift), which the drawing takes before the second. None
   * when the two are not on one ring or line.
   */
  trace?(from: L.LatLng, to: L.LatLng, longer: boolean): L.LatLng[];
}

/** What the caller can do to the drawing under way. */
export interface DrawControl {
  /**
   * The tool running: what the hook was given, once leaflet-draw is there (`undefined` while its
   * script is fetched on the first use of a tool).
   */
  tool: DrawTool | undefined;
  /**
   * leaflet-draw's handler while the tool runs, for drawing by keyboard through the same rules.
   * A ref, set by the effect that enables the handler: an effect of the same commit that depends
   * on `tool` finds it there. leaflet-draw focuses the map as it enables, so the keys must listen
   * from that moment; a handler handed over through state (a render later) left keys typed at
   * once to Leaflet, whose arrows pan the map.
   */
  handler: { readonly current: L.Draw.Feature | undefined };
  /** Takes back the last point placed (leaflet-draw's `deleteLastVertex`); nothing when none is. */
  deleteLastVertex(): void;
  /**
   * Finishes the polygon or line as a tap on its closing vertex does (the crossing check, then
   * `onCreated`); nothing before it has {@link FINISH_MINIMUM} points, or with no such tool running.
   */
  finish(): void;
  /**
   * Places typed vertices (输入坐标), unsnapped, through the same rules as a click (a vertex whose
   * edges would cross is refused, and the placing stops there), then with `finish` finishes the
   * shape as {@link DrawControl.finish} does. With 画点, places the point. How many were placed,
   * the vertices the drawing has now, and whether it finished (the shape handed on).
   */
  place(latlngs: readonly L.LatLng[], finish: boolean): { placed: number; total: number; finished: boolean };
  /** The last vertex placed; `undefined` before the first, or with no polygon or line tool running. */
  lastVertex(): L.LatLng | undefined;
}

/** Escape cancels the drawing from anywhere but a dialog over it (输入坐标's), whose own Escape closes only the dialog. */
function cancelsDrawing(event: KeyboardEvent): boolean {
  return event.key === 'Escape' && !(event.target instanceof Element && event.target.closest('[role="dialog"]'));
}

const NOTHING_PLACED = { placed: 0, total: 0, finished: false } as const;

/** The fewest points a polygon and a line finish with (leaflet-draw's rule). */
export const FINISH_MINIMUM = { polygon: 3, line: 2 } as const;

/** leaflet-draw's options for both tools: the limits of spec sections 4 and 9, our own measurement. */
function drawOptions(): L.DrawOptions.PolylineOptions {
  return {
    allowIntersection: false,
    // The live read-out uses the core's ellipsoidal measures; leaflet-draw's spherical ones are off.
    showLength: false,
    drawError: { color: '#b00b00', timeout: DRAWING.errorDisplayMs.drawing },
    guidelineDistance: DRAWING.guidelineDashSpacingPx,
    maxGuideLineLength: DRAWING.maxGuideLineLength,
    shapeOptions: { ...UNSAVED_STYLE, fill: false },
    repeatMode: false,
  };
}

/** Whether these vertices, as the polygon (closed) or line they draw, have edges that cross. */
export function crossesItself(tool: 'polygon' | 'line', vertices: readonly L.LatLng[]): boolean {
  return geometryProblem(geometryOfParts(tool === 'polygon' ? 'Polygon' : 'LineString', drawingParts(tool, vertices))) === 'self-intersection';
}

/** leaflet-draw's marker tool: one click places the point, as an unsaved marker. */
function pointHandler(map: L.Map, onCreated: (latlng: L.LatLng) => void): { handler: L.Draw.Marker; off(): void } {
  const handler = new L.Draw.Marker(map as L.DrawMap, { icon: markerIcon(true), repeatMode: false });
  const created = (event: L.LeafletEvent) => onCreated(((event as L.DrawEvents.Created).layer as L.Marker).getLatLng());
  map.on(L.Draw.Event.CREATED, created);
  return { handler, off: () => map.off(L.Draw.Event.CREATED, created) };
}

/**
 * Whether leaflet-draw has run, fetching it once `wanted`. Its script is not part of the map's
 * first load: the first tool waits for it, the map `aria-busy` meanwhile (a click on it then does
 * nothing, as in any drawing tool before it runs). A failed fetch ends the tool (`onFailed`).
 */
function useLeafletDraw(map: L.Map | undefined, wanted: boolean, onFailed: () => void): boolean {
  const [loaded, setLoaded] = useState(() => leafletDrawLoaded() && measuringLoaded());
  const failed = useLatest(onFailed);
  useEffect(() => {
    if (!map || !wanted || loaded) return;
    let live = true;
    const container = map.getContainer();
    container.setAttribute('aria-busy', 'true');
    // The read-out's measurement comes with it: a drawn shape is measured from its first vertex.
    Promise.all([loadLeafletDraw(), loadMeasuring()]).then(
      () => {
        writeLastDrawLocale();
        if (live) setLoaded(true);
      },
      () => {
        if (live) failed.current();
      },
    );
    return () => {
      live = false;
      container.removeAttribute('aria-busy');
    };
  }, [map, wanted, loaded, failed]);
  return loaded;
}

/**
 * Runs leaflet-draw's polygon, line or marker tool while `wanted` is set (the first tool waits for
 * leaflet-draw's script, and ends if it cannot be fetched). A polygon needs 3 points
 * and a line 2 before it can be finished (leaflet-draw's own rule); the click tolerance (9 px) and
 * the touch finish tolerance (10 px) are leaflet-draw's. A point is placed by one click. Escape
 * cancels, from the map or anywhere.
 */
export function useDrawTool(map: L.Map | undefined, wanted: DrawTool | undefined, callbacks: DrawToolCallbacks): DrawControl {
  const latest = useLatest(callbacks);
  const loaded = useLeafletDraw(map, wanted !== undefined, () => latest.current.onStop());
  const tool = loaded ? wanted : undefined;
  const undo = useRef<() => void>(() => undefined);
  const finish = useRef<() => void>(() => undefined);
  const running = useRef<L.Draw.Feature>(undefined);
  const place = useRef<DrawControl['place']>(() => NOTHING_PLACED);
  const lastVertex = useRef<() => L.LatLng | undefined>(() => undefined);
  // While a tool runs, a tap places a vertex (or finishes): never a zoom. Leaflet makes two taps
  // within 200 ms a double tap wherever they land and zooms in, animated: the next vertex then
  // missed leaflet-draw's mouse marker mid-animation, or the closing tap landed where the first
  // vertex no longer was (three vertices placed, no shape, on a phone tapping at a brisk pace). A
  // double click or tap on the closing vertex finishes without zooming too.
  useTapsWithoutZoom(map, Boolean(tool));
  useEffect(() => {
    if (!map || tool !== 'point') return;
    const { handler, off } = pointHandler(map, (latlng) => latest.current.onCreated({ kind: 'point', parts: [latlng] }));
    const onStop = () => latest.current.onStop();
    const onKey = (event: KeyboardEvent) => {
      if (cancelsDrawing(event)) handler.disable();
    };
    map.on(L.Draw.Event.DRAWSTOP, onStop);
    document.addEventListener('keydown', onKey);
    running.current = handler;
    handler.enable();
    place.current = (latlngs) => {
      const [latlng] = latlngs;
      if (!latlng) return NOTHING_PLACED;
      (handler as unknown as { _onTouch(event: { latlng: L.LatLng }): void })._onTouch({ latlng });
      return { placed: 1, total: 1, finished: true };
    };
    return () => {
      place.current = () => NOTHING_PLACED;
      running.current = undefined;
      map.off(L.Draw.Event.DRAWSTOP, onStop);
      handler.disable();
      off();
      document.removeEventListener('keydown', onKey);
    };
  }, [map, tool, latest]);
  useEffect(() => {
    if (!map || !tool || tool === 'point') return;
    const handler =
      tool === 'polygon'
        ? new L.Draw.Polygon(map as L.DrawMap, { ...drawOptions(), showArea: false, shapeOptions: { ...UNSAVED_STYLE } })
        : new L.Draw.Polyline(map as L.DrawMap, drawOptions());
    // leaflet-draw shows the crossing error only in its tooltip; the editor also announces it.
    const internals = handler as unknown as { _showErrorTooltip(): void; _shapeIsValid(): boolean };
    const showError = internals._showErrorTooltip;
    internals._showErrorTooltip = function (this: unknown) {
      showError.call(this);
      latest.current.onIntersection();
    };
    // leaflet-draw checks each new edge but not a polygon's closing edge: a crossing one would
    // finish the drawing and be refused whole. Refused here, only that click is: the drawing stays.
    const shapeIsValid = internals._shapeIsValid;
    internals._shapeIsValid = function (this: unknown) {
      return shapeIsValid.call(this) && !(tool === 'polygon' && crossesItself(tool, vertices));
    };

    // Every placed vertex goes through addVertex (clicks, taps and the keyboard's Enter alike):
    // snapped there, the crossing check and the finish see the snapped position. Snapped onto a
    // vertex after a vertex snapped onto the same boundary, the boundary's vertices between them
    // come first (tracing), each through the same rules.
    let touch = false;
    let shift = false;
    const onPointer = (event: PointerEvent) => {
      touch = event.pointerType !== 'mouse';
      shift = event.shiftKey;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      shift = event.shiftKey;
    };
    map.getContainer().addEventListener('pointerdown', onPointer, true);
    map.getContainer().addEventListener('keydown', onKeyDown, true);
    const drawer = handler as unknown as { addVertex(latlng: L.LatLng): void };
    const addVertex = drawer.addVertex;
    let lastSnapped = false;
    drawer.addVertex = function (this: unknown, latlng: L.LatLng) {
      const snapped = latest.current.snap?.(latlng, touch);
      const previous = vertices.at(-1);
      if (snapped && previous && lastSnapped) {
        for (const between of latest.current.trace?.(previous, snapped, shift) ?? []) {
          const before = vertices.length;
          addVertex.call(this, between);
          if (vertices.length === before) break;
        }
      }
      const before = vertices.length;
      addVertex.call(this, snapped ?? latlng);
      if (vertices.length > before) lastSnapped = snapped !== undefined;
    };

    let vertices: L.LatLng[] = [];
    const onVertex = (event: L.LeafletEvent) => {
      const markers = (event as L.DrawEvents.DrawVertex).layers.getLayers() as L.Marker[];
      vertices = markers.map((marker) => marker.getLatLng());
      latest.current.onVertices(vertices.length);
      latest.current.onShape(drawingParts(tool, vertices));
    };
    // With the cursor as the next vertex, unless that vertex would be refused: the read-out then
    // keeps the shape drawn so far (a crossing polygon's lobes would cancel out to 0 m²).
    const onMove = (event: L.LeafletMouseEvent) => {
      if (vertices.length === 0) return;
      const next = [...vertices, event.latlng];
      latest.current.onShape(drawingParts(tool, crossesItself(tool, next) ? vertices : next));
    };
    const onCreated = (event: L.LeafletEvent) => {
      const layer = (event as L.DrawEvents.Created).layer as L.Polyline;
      const latlngs = layer.getLatLngs();
      latest.current.onCreated(tool === 'polygon' ? { kind: 'polygon', parts: [latlngs as L.LatLng[][]] } : { kind: 'line', parts: [latlngs as L.LatLng[]] });
    };
    const onStop = () => {
      latest.current.onVertices(0);
      latest.current.onShape(undefined);
      latest.current.onStop();
    };
    const onKey = (event: KeyboardEvent) => {
      if (cancelsDrawing(event)) handler.disable();
    };
    map.on(L.Draw.Event.DRAWVERTEX, onVertex).on('mousemove', onMove).on(L.Draw.Event.CREATED, onCreated).on(L.Draw.Event.DRAWSTOP, onStop);
    document.addEventListener('keydown', onKey);
    running.current = handler;
    handler.enable();
    // leaflet-draw fires DRAWVERTEX after removing the point, so the read-out and count follow.
    undo.current = () => {
      if (vertices.length > 0) handler.deleteLastVertex();
    };
    const finisher = handler as unknown as { _finishShape(): void };
    finish.current = () => {
      if (vertices.length >= FINISH_MINIMUM[tool]) finisher._finishShape();
    };
    let finished = false;
    const onFinished = () => {
      finished = true;
    };
    map.on(L.Draw.Event.CREATED, onFinished);
    place.current = (latlngs, end) => {
      let placed = 0;
      for (const latlng of latlngs) {
        const before = vertices.length;
        // The handler's own addVertex, not the snapping one: typed coordinates are taken as typed.
        addVertex.call(handler, latlng);
        if (vertices.length === before) break;
        placed += 1;
      }
      const total = vertices.length;
      if (end && placed === latlngs.length) finish.current();
      return { placed, total, finished };
    };
    lastVertex.current = () => vertices[vertices.length - 1];
    return () => {
      undo.current = () => undefined;
      finish.current = () => undefined;
      place.current = () => NOTHING_PLACED;
      lastVertex.current = () => undefined;
      map.off(L.Draw.Event.CREATED, onFinished);
      running.current = undefined;
      map.off(L.Draw.Event.DRAWSTOP, onStop);
      handler.disable();
      map.off(L.Draw.Event.DRAWVERTEX, onVertex).off('mousemove', onMove).off(L.Draw.Event.CREATED, onCreated);
      document.removeEventListener('keydown', onKey);
      map.getContainer().removeEventListener('pointerdown', onPointer, true);
      map.getContainer().removeEventListener('keydown', onKeyDown, true);
      latest.current.onShape(undefined);
    };
  }, [map, tool, latest]);
  return useMemo(
    () => ({
      tool,
      handler: running,
      deleteLastVertex: () => undo.current(),
      finish: () => finish.current(),
      place: (latlngs: readonly L.LatLng[], end: boolean) => place.current(latlngs, end),
      lastVertex: () => lastVertex.current(),
    }),
    [tool],
  );
}
