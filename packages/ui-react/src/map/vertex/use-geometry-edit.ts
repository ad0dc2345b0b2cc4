import type { EditableFeature, Position, SharedEdit } from '@gportal/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { shapeKindOf, shapeParts, type ShapeParts } from '../geometry';
import { markerIcon, UNSAVED_STYLE } from '../layer';
import { L } from '../leaflet';
import { useLatest } from '../../ui/use-latest';
import type { VertexEditor, VertexStep } from './vertex-editor';

type VertexEditorClass = typeof VertexEditor;

let loadedEditor: VertexEditorClass | undefined;
let loading: Promise<VertexEditorClass> | undefined;

/**
 * `VertexEditor`, fetched when a shape is first edited (or a tool first chosen, see `editor-map.tsx`)
 * rather than with the map; a failed fetch is tried again on the next call.
 */
export function loadVertexEditor(): Promise<VertexEditorClass> {
  loading ??= import('./vertex-editor').then(
    ({ VertexEditor: editor }) => (loadedEditor = editor),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** What {@link useGeometryEdit} tells its caller while the copy is edited. */
export interface GeometryEditCallbacks {
  /** The shape after each vertex drag step, move, insertion or removal (and once at the start). */
  onShape(parts: ShapeParts): void;
  /** A vertex was not removed: the ring or line would get too few points. */
  onVertexRefused(): void;
  /** Where a dragged vertex snaps (see `VertexEditorOptions.snap`). */
  snap?(latlng: L.LatLng, touch: boolean): L.LatLng | undefined;
}

/**
 * The edited shape's vertex that typed coordinates (输入坐标) move: a polygon's or line's selected
 * vertex (the keyboard's handle), a point shape's last dragged point (its first until one is).
 */
export interface TypedVertexTarget {
  readonly kind: ShapeParts['kind'];
  /** The vertex, and the one before it on its ring or line (none before a line's first, nor for a point). */
  selected(): { latlng: L.LatLng; previous: L.LatLng | undefined } | undefined;
  /** Moves the vertex to `latlng`, as typed: no snapping. */
  move(latlng: L.LatLng): void;
  /** Puts `latlngs` in place of the vertex's ring or line; `false`, nothing changed, when too few (see `VertexEditor.replaceSelectedPath`). Never for points. */
  replace(latlngs: readonly L.LatLng[]): boolean;
}

/** What {@link useGeometryEdit} gives its caller: the shape as edited, and the vertex typed coordinates move. */
export interface GeometryEdit {
  /** The current shape of the copy (`undefined` when nothing is edited). */
  read(): ShapeParts | undefined;
  /** The vertex typed coordinates move, while a shape is edited. */
  typing(): TypedVertexTarget | undefined;
  /**
   * The edit's moves, insertions and removals so far, for topological editing (拓扑编辑) to replay
   * on the neighbours: one move per vertex dragged (a drag's steps joined), in the order made.
   */
  steps(): readonly SharedEdit[];
}

const positionOf = (latlng: L.LatLng): Position => [latlng.lng, latlng.lat];
const samePosition = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/** Adds a step to the list, a move joined to the move before it when it goes on from where that one ended (one drag). */
export function addStep(steps: SharedEdit[], step: VertexStep): void {
  if (step.kind === 'insert') {
    steps.push({ kind: 'insert', between: [positionOf(step.between[0]), positionOf(step.between[1])], at: positionOf(step.at) });
    return;
  }
  if (step.kind === 'remove') {
    steps.push({ kind: 'remove', at: positionOf(step.at) });
    return;
  }
  const from = positionOf(step.from);
  const to = positionOf(step.to);
  const last = steps.at(-1);
  if (last?.kind === 'move' && samePosition(last.to, from)) steps[steps.length - 1] = { kind: 'move', from: last.from, to };
  else steps.push({ kind: 'move', from, to });
}

/** Each point of a point shape as a draggable marker, edited in place in `shape`; what typed coordinates move. */
function pointMarkers(map: L.Map, shape: Extract<ShapeParts, { kind: 'point' }>, changed: () => void): { stop(): void; typing: TypedVertexTarget } {
  let last = 0;
  const markers = shape.parts.map((latlng, index) => {
    const marker = L.marker(latlng, { icon: markerIcon(true), draggable: true }).addTo(map);
    marker.on('drag', () => {
      shape.parts[index] = marker.getLatLng();
      last = index;
      changed();
    });
    return marker;
  });
  return {
    stop: () => {
      for (const marker of markers) marker.off('drag').remove();
    },
    typing: {
      kind: 'point',
      selected: () => {
        const latlng = shape.parts[last];
        return latlng && { latlng, previous: undefined };
      },
      move: (latlng) => {
        shape.parts[last] = latlng;
        markers[last]?.setLatLng(latlng);
        changed();
      },
      replace: () => false,
    },
  };
}

/**
 * The "hot" copy of the feature being edited: its polygons or lines in a `VertexEditor` (vertex
 * and midpoint handles on one canvas; drag a vertex, drag a midpoint to add one, click a vertex to
 * remove it), its points as draggable markers. Nothing reaches the session until the caller
 * reads the shape and calls `update`; cancelling is dropping the copy. A new `revision` starts
 * again on the feature's geometry (a hole or part was added). Returns a reader of the current shape
 * and the vertex typed coordinates move.
 */
export function useGeometryEdit(map: L.Map | undefined, feature: EditableFeature | undefined, callbacks: GeometryEditCallbacks, revision = 0) {
  const latest = useLatest(callbacks);
  const { t } = useI18n();
  const translate = useLatest(t);
  const reader = useRef<() => ShapeParts | undefined>(() => undefined);
  const typing = useRef<TypedVertexTarget>(undefined);
  const editorRef = useRef<VertexEditor>(undefined);
  const steps = useRef<SharedEdit[]>([]);
  const id = feature?.id;
  // A new shape edit starts a new list; a part tool's change of the same shape (a new revision) keeps it.
  useEffect(() => {
    steps.current = [];
  }, [id]);
  const featureRef = useLatest(feature);
  // A polygon's or line's handles wait for the editor's module; a point's markers need none (and
  // are not started again when it arrives).
  const [Editor, setEditor] = useState(() => loadedEditor);
  const needsEditor = feature !== undefined && shapeKindOf(feature.geometry.type) !== 'point';
  useEffect(() => {
    if (!needsEditor || Editor) return;
    let live = true;
    loadVertexEditor().then(
      (editor) => {
        if (live) setEditor(() => editor);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needsEditor, Editor]);
  useEffect(() => {
    const edited = featureRef.current;
    if (!map || !edited) return;
    const shape = shapeParts(edited.geometry);
    const changed = () => latest.current.onShape(shape);
    let stop: () => void;
    if (shape.kind === 'point') {
      const markers = pointMarkers(map, shape, changed);
      typing.current = markers.typing;
      stop = markers.stop;
    } else {
      if (!Editor) return;
      const editor = new Editor(map, shape, {
        style: UNSAVED_STYLE,
        color: UNSAVED_STYLE.color as string,
        onChange: changed,
        onRefused: () => latest.current.onVertexRefused(),
        handleLabel: (index, count) => translate.current('map.vertex.handle', { index, count }),
        snap: (latlng, touch) => latest.current.snap?.(latlng, touch),
        onStep: (step) => addStep(steps.current, step),
      });
      editorRef.current = editor;
      typing.current = {
        kind: shape.kind,
        selected: () => editor.selectedVertex(),
        move: (latlng) => editor.moveSelected(latlng),
        replace: (latlngs) => editor.replaceSelectedPath(latlngs),
      };
      stop = () => {
        editorRef.current = undefined;
        editor.remove();
      };
    }
    reader.current = () => shape;
    changed();
    return () => {
      reader.current = () => undefined;
      typing.current = undefined;
      stop();
    };
  }, [map, id, revision, latest, featureRef, translate, Editor]);
  useEffect(() => editorRef.current?.relabel(), [t]);
  return useMemo<GeometryEdit>(() => ({ read: () => reader.current(), typing: () => typing.current, steps: () => steps.current }), []);
}
