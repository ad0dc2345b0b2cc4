import { useEffect, useRef, type RefObject } from 'react';
import type { ShapeParts } from './geometry';
import { useEscape, UNSAVED_STYLE } from './layer';
import { L } from './leaflet';
import type { EditorMode } from './panels';

/**
 * Shows a finished measure's path or polygon on `map` (drawn as an unsaved shape is, not
 * interactive: clicks reach the map beneath) until `shape` is `undefined`. It is never a feature:
 * the session never sees it.
 */
function useMeasuredShape(map: L.Map | undefined, shape: ShapeParts | undefined): void {
  useEffect(() => {
    if (!map || !shape || shape.kind === 'point') return;
    const options = { ...UNSAVED_STYLE, interactive: false };
    const layer = shape.kind === 'polygon' ? L.polygon(shape.parts, options) : L.polyline(shape.parts, { ...options, fill: false });
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, shape]);
}

/** What the drawing tool tells {@link useMeasureTool}, and whether 测量's shape is kept on the map. */
export interface MeasureTool {
  /** A measure is finished: its shape and read-out stay until cleared (Escape, 取消, another tool). */
  done: boolean;
  /** The drawing made `parts`: under 测量 they are kept (true), never a feature. */
  created(parts: ShapeParts): boolean;
  /** The drawing tool stopped: a measure just drawn stays shown (true); otherwise the caller ends the tool. */
  stopped(): boolean;
  /** The shape under way changed (`undefined`: none); the read-out of a kept measure is left as it is. */
  shape(parts: ShapeParts | undefined): void;
}

/**
 * 测量 (`Measure`): a path or polygon drawn with the drawing tools, read out geodesically, and
 * never handed to the session. Once finished, its shape stays drawn with its read-out until
 * Escape, 取消 or another tool clears it.
 *
 * @param drawnShape - the shape last read out (what a finished measure shows).
 * @param showShape - reads a shape out (`undefined`: clears the read-out).
 */
export function useMeasureTool(map: L.Map | undefined, mode: EditorMode, setMode: (mode: EditorMode) => void, drawnShape: RefObject<ShapeParts | undefined>, showShape: (parts: ShapeParts | undefined) => void): MeasureTool {
  const done = mode.type === 'measure' && mode.done === true;
  // A finished measure's shape, between the drawing's end and the tool's stop.
  const measured = useRef<ShapeParts>(undefined);
  // Set while a finished measure is shown: the drawing's end (which reads out nothing) leaves its read-out.
  const kept = useRef(false);
  useMeasuredShape(map, done ? drawnShape.current : undefined);
  useEscape(done, () => setMode({ type: 'idle' }));
  useEffect(() => {
    if (done || !kept.current) return;
    kept.current = false;
    showShape(undefined);
  }, [done, showShape]);
  return {
    done,
    created: (parts) => {
      if (mode.type !== 'measure') return false;
      measured.current = parts;
      return true;
    },
    stopped: () => {
      const parts = measured.current;
      measured.current = undefined;
      if (!parts || mode.type !== 'measure') return false;
      showShape(parts);
      kept.current = true;
      setMode({ type: 'measure', tool: mode.tool, done: true });
      return true;
    },
    shape: (parts) => {
      if (parts || !kept.current) showShape(parts);
    },
  };
}
