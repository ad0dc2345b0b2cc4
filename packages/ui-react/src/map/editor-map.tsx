import {
  DRAWING,
  reshapeWithNeighbours,
  traceBoundary,
  geometryProblem,
  type GeometryProblem,
  type LineString,
  type Properties,
} from '@gportal/core';
import { App } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { tellError } from '../i18n/describe-error';
import { useI18n } from '../i18n/i18n-provider';
import type { MessageKey } from '../i18n/messages';
import { LayersPanel, SessionConflictDialog } from './panels';
import { applyDrawLocale } from './draw';
import { FeaturePopup } from './panels';
import { geometryOfParts, shapeKindOf, toLatLng, toPosition, type ShapeParts } from './geometry';
import type { L } from './leaflet';
import { AreaUnitSelect, isAreaUnitChoice, loadMeasuring, measureText, measuringLoaded, type AreaUnitChoice } from './geometry';
import { useUserPreference } from '../ui/use-user-preference';
import { useDeleteMarks, useEscape } from './layer';
import { useDrawTool } from './draw';
import type { FeatureSessionView } from './session';
import { ShapeFeedback } from './geometry';
import { useConflictHighlight } from './layer';
import { useMissingHighlight } from './layer';
import { useFeatureLayer } from './use-feature-layer';
import { useTableSelection } from './use-table-selection';
import { SHOWN_COLORS, useShownLayers, type ShownLayerChoice } from './shown';
import { labelFieldOf, useFeatureLabels } from './labels';
import { useHeldFeatures } from './layer';
import { loadVertexEditor, useGeometryEdit } from './vertex';
import { useLargeLayer } from './layer';
import { useLatest } from '../ui/use-latest';
import { useLayerInfoMarker, type LayerInfoOptions } from './layer';
import { useLayerShown } from './layer';
import { useBaseLayer, useLeafletMap } from './base';
import { useUndoKeys } from './use-undo-keys';
import { useMeasureTool } from './use-measure-tool';
import './styles/map.css';
import { ErrorMessage } from '../ui/error-detail';
import { TOUCH_POINTER_QUERY, useMediaQuery } from '../ui/use-media-query';
import { usePartEdit, type PartTool } from './vertex';
import { useSnapping } from './draw';
import { useEditorFocus, type FocusOpener } from './panels';
import { useFeatureStepping } from './layer';
import { useKeyboardDraw, useTapsWithoutZoom } from './draw';
import { toolbarRowsBottom, useFolded } from './panels';
import { EditorToolbar } from './panels';
import { editorHint, runningDrawTool, type EditorMode } from './panels';
import { StatusLine } from './status';
import { loadTopologyEdits, SHARED_TOLERANCE, TopologyCheck, useShapeRules, useSplitMerge } from './topology';
import { useCoordinateTarget } from './use-coordinate-target';

/** The user-cache key of the unit the measurement read-out gives areas in. */
const AREA_UNIT_KEY = 'map.areaUnit';

/** The attribute form, fetched when a feature's attributes are first edited (a new feature's or from its popup). */
const CoordinateEntry = lazy(() => import('./status/coordinate-entry'));
/** The attribute table, fetched when it is first opened. */
const AttributeTable = lazy(() => import('./table/attribute-table'));
// 导出图片's dialog and the code that draws the image, fetched when it is first asked for.
const ExportImageDialog = lazy(() => import('./export/export-image-dialog'));
const NO_SHOWN_LAYERS: readonly ShownLayerChoice[] = [];
/** The edited layer's colours in the image's legend: the features' stroke (spec: blue) and its 15 % fill. */
const EXPORT_STROKE = DRAWING.featureStyle.color;
const EXPORT_FILL = 'rgba(0, 0, 255, 0.15)';
const AttributeForm = lazy(() => import('./panels/attribute-form').then((module) => ({ default: module.AttributeForm })));

const PROBLEM_MESSAGES: Readonly<Record<GeometryProblem, MessageKey>> = {
  'self-intersection': 'map.error.selfIntersection',
  'too-few-points': 'map.error.tooFewPoints',
};

/** Props of {@link EditorMap}. */
export interface EditorMapProps {
  view: FeatureSessionView;
  /** Size of the editor: the map and, beneath it, its status line. */
  style?: CSSProperties;
  /** The map's own height in CSS pixels, the status line added beneath it; without it the map takes what `style` leaves. */
  mapHeight?: number;
  /**
   * Makes the base layer: the offline Natural Earth map, or the WMTS layer in map-server mode.
   * It is handed a promise of the layer first shown (loaded or failed, and painted), which it may
   * wait for (`baseLayerOf`: the offline map's land does).
   */
  baseLayer?: (layerShown?: Promise<unknown>) => Promise<L.Layer>;
  /**
   * The screen's own controls in the toolbar (save, redraw …), after 编辑 and 删除: antd controls
   * among them are disabled while a tool runs, unless they set `disabled` themselves
   * (`disabled={condition || undefined}` leaves it to the toolbar).
   */
  children?: ReactNode;
  /**
   * The toolbar `over` the map at its top right (the default), or `above` it in the page's flow: a
   * small map (the map test's 500 px) that its rows would cover.
   */
  toolbarPlacement?: 'over' | 'above';
  /**
   * The field whose value labels each feature on the map (标注), `''` for none; by default the
   * layer's `name` field where it has one.
   */
  labelField?: string;
  /** The loaded layer's info marker and popup (spec section 2); none without. */
  layerInfo?: LayerInfoOptions;
  /** The map server's WMS endpoint: its rendering stands in where the view holds too many features to load. */
  wmsUrl?: string;
  /** Shown over the map (a notice of the view), not over the table beneath it. */
  overlay?: ReactNode;
  /** Shows the attribute table (属性表) under the map. */
  tableOpen?: boolean;
  /** The table's own close button was pressed. */
  onTableClose?(): void;
  /** Layers of the map server shown under the edited one (图层), from the lowest up. */
  shownLayers?: readonly ShownLayerChoice[];
  /** The 图层 panel is open (above the map): the catalogue and the drawing order. */
  layersOpen?: boolean;
  /** The 图层 panel changed the shown layers (which, their order, their opacity). */
  onShownLayersChange?(shown: ShownLayerChoice[]): void;
  /** Shows the 导出图片 dialog, which exports the view as a PNG titled `title`. */
  exportOpen?: boolean;
  /** The export dialog closed (exported or cancelled). */
  onExportClose?(): void;
  /** The 拓扑检查 list is open (above the map): the problems of the loaded features. */
  topologyOpen?: boolean;
  /** The list's own close button was pressed. */
  onTopologyClose?(): void;
}

/**
 * The editor: a Leaflet view of the session's features with the drawing toolbar at the top
 * right (polygon, line, edit, delete), the feature popup, the attribute form and the live
 * measurement. Every change goes to the session (`add`, `update`, `remove`); what the map shows
 * comes back from the session's state.
 */
export function EditorMap({ view, style, mapHeight, baseLayer, children, toolbarPlacement = 'over', labelField, layerInfo, wmsUrl, overlay, tableOpen = false, onTableClose, exportOpen = false, onExportClose, topologyOpen = false, onTopologyClose, shownLayers = NO_SHOWN_LAYERS, layersOpen = false, onShownLayersChange }: EditorMapProps) {
  const { t } = useI18n();
  const touchScreen = useMediaQuery(TOUCH_POINTER_QUERY);
  const { message } = App.useApp();
  const { session, schema, features } = view;
  const geometryKind = schema?.geometryKind;
  const shapeKind = geometryKind ? shapeKindOf(geometryKind) : undefined;

  const containerRef = useRef<HTMLDivElement>(null);
  const map = useLeafletMap(containerRef);

  const [mode, setMode] = useState<EditorMode>({ type: 'idle' });
  /** The open popup: its feature, where it points, and how far down the map its pan keeps clear (the toolbar's rows then). */
  const [popup, setPopup] = useState<{ id: string; latlng: L.LatLng; clearTop: number }>();
  /** The feature whose attribute form is open: just drawn (`isNew`), or missing a required field of a refused save (`showErrors`). */
  const [attributesOf, setAttributesOf] = useState<{ id: string; isNew?: boolean; showErrors?: boolean }>();
  const [readout, setReadout] = useState<string>();
  const [alert, setAlert] = useState<string>();
  // What keyboard drawing and feature stepping read out (a polite live region).
  const [announcement, setAnnouncement] = useState('');
  const toolbarRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const folded = useFolded(editorRef);
  const alertTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const flash = useCallback((text: string, durationMs: number) => {
    clearTimeout(alertTimer.current);
    setAlert(text);
    alertTimer.current = setTimeout(() => setAlert(undefined), durationMs);
  }, []);
  useEffect(() => () => clearTimeout(alertTimer.current), []);

  useEffect(() => applyDrawLocale(t), [t]);

  // A new layer or session ends whatever tool was active.
  useEffect(() => {
    setMode({ type: 'idle' });
    setPopup(undefined);
    setAttributesOf(undefined);
  }, [session]);

  const onFeatureClick = useLatest((id: string, latlng: L.LatLng, extend = false) => {
    // The toolbar floats inside the map's container: its rows' bottom is measured from the map's top.
    if (mode.type === 'idle') {
      // A click with Ctrl or Shift adds to the selection: no popup over it.
      if (!extend) setPopup({ id, latlng, clearTop: toolbarRowsBottom(toolbarRef.current) });
      pick(id, extend);
    }
    else if (mode.type === 'split' && !mode.id) {
      setSelected([id]);
      setMode({ type: 'split', id });
    }
    else if (mode.type === 'merge') pick(id, true);
    else if (mode.type === 'edit' && !mode.id) setMode({ type: 'edit', id });
    else if (mode.type === 'delete') {
      setMode({ type: 'delete', marked: mode.marked.includes(id) ? mode.marked.filter((marked) => marked !== id) : [...mode.marked, id] });
    }
  });

  const renderer = useFeatureLayer(map, { session, features, loads: view.loads, toolbar: toolbarRef, onFeatureClick });
  useFeatureLabels(map, features, labelFieldOf(labelField, schema));
  const layerShown = useLayerShown(renderer, view.status);
  useBaseLayer(map, baseLayer, (error) => void message.warning(<ErrorMessage tell={tellError(error)} lead={(reason, translate) => translate('map.baseMapFailed', { reason })} />), layerShown);
  const large = useLargeLayer(map, view, wmsUrl);
  const shown = useShownLayers(map, shownLayers, view.typeName);
  const snapping = useSnapping(map, renderer, shown.snap);
  const hideSnap = snapping.hide;
  useEffect(() => {
    if (mode.type === 'idle') hideSnap();
  }, [mode, hideSnap]);
  // In 删除, marked features stay clickable (a second click unmarks); Escape leaves 编辑 and 删除 as 取消 does (below).
  const marked = useMemo(() => (mode.type === 'delete' ? features.filter((feature) => mode.marked.includes(feature.id)) : []), [mode, features]);
  useDeleteMarks(map, marked, (id) => setMode((now) => (now.type === 'delete' ? { type: 'delete', marked: now.marked.filter((other) => other !== id) } : now)));
  const hidden = useMemo(() => (mode.type === 'edit' && mode.id ? [mode.id] : mode.type === 'delete' ? mode.marked : []), [mode]);
  useEffect(() => renderer?.hide(hidden), [renderer, hidden]);

  useLayerInfoMarker(layerInfo && map, renderer, view.loads, mode.type === 'idle', layerInfo ?? { title: undefined });

  const [areaUnit, setAreaUnit] = useUserPreference<AreaUnitChoice>(AREA_UNIT_KEY, 'auto', isAreaUnitChoice);
  // Read by the effect that reads out again on a change of language or unit, which a new mode does not run.
  const drawingNow = useLatest(mode.type === 'draw' || mode.type === 'measure');
  // The shape being drawn, as last read out: read out again when the unit or the language changes.
  const drawnShape = useRef<ShapeParts>(undefined);
  const showShape = useCallback(
    (parts: ShapeParts | undefined) => {
      drawnShape.current = parts;
      setReadout(parts ? measureText(parts, t, undefined, areaUnit) : undefined);
    },
    [t, areaUnit],
  );

  const refuse = useCallback(
    (problem: GeometryProblem, durationMs: number) => flash(t(PROBLEM_MESSAGES[problem]), durationMs),
    [flash, t],
  );

  /** Hands an edit to the session; a refusal (busy, invalid) is shown and changes nothing. */
  const apply = useCallback(
    (edit: () => void): boolean => {
      try {
        edit();
        return true;
      } catch (error) {
        void message.error(<ErrorMessage tell={tellError(error)} lead={(reason, translate) => translate('map.editRefused', { reason })} />);
        return false;
      }
    },
    [message, t],
  );

  const [drawnPoints, setDrawnPoints] = useState(0);
  // 输入坐标: open while a drawing tool runs or a shape is edited; it ends with them.
  const [enteringCoordinates, setEnteringCoordinates] = useState(false);
  const drawTool = runningDrawTool(mode);
  const measure = useMeasureTool(map, mode, setMode, drawnShape, showShape);
  const drawing = useDrawTool(map, drawTool, {
    onVertices: setDrawnPoints,
    onCreated: (parts) => {
      // 分割's cutting line is never a feature: the session cuts the feature picked along it.
      if (mode.type === 'split') {
        if (mode.id && session) splitMerge.cut(session, mode.id, geometryOfParts('LineString', parts) as LineString);
        return;
      }
      // Measuring never creates a feature and never touches the session.
      if (measure.created(parts)) return;
      if (!session || !geometryKind) return;
      const geometry = geometryOfParts(geometryKind, parts);
      const problem = geometryProblem(geometry);
      if (problem) {
        refuse(problem, DRAWING.errorDisplayMs.drawing);
        return;
      }
      rules.keepClipped(session, geometry, undefined, (kept) => {
        let id: string | undefined;
        if (!apply(() => (id = session.add({ geometry: kept })))) return;
        setAnnouncement(t(kept === geometry ? 'map.keys.finished' : 'map.avoid.clipped'));
        // The new feature's attributes at once, when it has any the user fills; 跳过 leaves them
        // empty (a required one then stops the save).
        const fillable = schema?.properties.some((property) => !schema.readOnly?.includes(property.name));
        if (id && fillable) setAttributesOf({ id, isNew: true });
      });
    },
    onStop: () => {
      if (!measure.stopped()) setMode({ type: 'idle' });
    },
    onShape: measure.shape,
    onIntersection: () => refuse('self-intersection', DRAWING.errorDisplayMs.drawing),
    snap: snapping.snap,
    // Tracing, with snapping on: two vertices of one loaded feature's boundary clicked in turn, the
    // boundary's vertices between them are taken too (Shift: the longer way round). Not for 分割's
    // line, which must cross the feature rather than run along it.
    trace: (from, to, longer) => (snapping.enabled && mode.type !== 'split' ? traceBoundary(features, toPosition(from), toPosition(to), { longer, tolerance: SHARED_TOLERANCE }).map(toLatLng) : []),
  });
  useKeyboardDraw(map, drawing, {
    announce: setAnnouncement,
    onTooFewPoints: () => refuse('too-few-points', DRAWING.errorDisplayMs.drawing),
    areaUnit,
  });
  // 分割's cut and 合并's dialog.
  const splitMerge = useSplitMerge({
    session,
    merging: mode.type === 'merge',
    nameField: labelFieldOf(labelField, schema) || undefined,
    tableOpen,
    select: (ids) => setSelected(ids),
    flash,
    announce: setAnnouncement,
    apply,
    onCutRefused: (id) => setMode({ type: 'split', id }),
    onMerged: () => setMode({ type: 'idle' }),
  });
  // A drawing tool takes the focus to the map once it runs: while its first use waits for
  // leaflet-draw, keys stay with the tool's button rather than reaching Leaflet, whose arrows pan.
  const focus = useEditorFocus(map, toolbarRef, mode.type === 'idle' ? undefined : mode.type === 'draw' || mode.type === 'measure' || (mode.type === 'split' && mode.id) ? drawing.tool : mode.type, attributesOf !== undefined || splitMerge.dialogOpen);
  // While editing a shape its vertices have the keys; stepping picks the shape to edit.
  const stepping = mode.type === 'idle' || mode.type === 'delete' || mode.type === 'merge' || ((mode.type === 'edit' || mode.type === 'split') && !mode.id) ? mode.type : undefined;
  // A pick's second tap unpicks (合并, 删除) or lands on the picked feature: never a zoom.
  useTapsWithoutZoom(map, mode.type === 'delete' || mode.type === 'merge' || ((mode.type === 'edit' || mode.type === 'split') && !mode.id));
  useFeatureStepping(map, features, stepping, { announce: setAnnouncement, onPick: (id, latlng) => onFeatureClick.current(id, latlng) });

  const edited = mode.type === 'edit' && mode.id ? features.find((feature) => feature.id === mode.id) : undefined;
  const editingId = edited?.id;
  const partEdit = usePartEdit(map, edited, {
    geometryKind,
    readShape: () => shapeEdit.read(),
    snap: snapping.snap,
    onRefused: (problem) => flash(t(problem === 'last-part' ? 'map.error.lastPart' : PROBLEM_MESSAGES[problem]), DRAWING.errorDisplayMs.editing),
    onShape: (parts) => {
      const shape = parts ?? shapeEdit.read();
      setReadout(shape && feedback ? (parts ? measureText(parts, t, undefined, areaUnit) : feedback.readout(shape, t, areaUnit)) : undefined);
    },
  });
  // 挖洞 and 添加部分 draw by keyboard too, as 标绘 and 画线 do.
  useKeyboardDraw(map, partEdit.drawing, {
    announce: setAnnouncement,
    onTooFewPoints: () => flash(t(PROBLEM_MESSAGES['too-few-points']), DRAWING.errorDisplayMs.editing),
    areaUnit,
  });
  // While a part tool draws, Escape cancels that drawing only (leaflet-draw's own key), not the shape edit.
  useEscape((mode.type === 'edit' && !partEdit.tool) || mode.type === 'delete' || mode.type === 'merge' || (mode.type === 'split' && !mode.id), () => cancelMode());
  const editing = partEdit.feature;
  const feedback = useMemo(() => (geometryKind && editingId ? new ShapeFeedback(geometryKind) : undefined), [geometryKind, editingId]);
  const shapeEdit = useGeometryEdit(map, editing, {
    onShape: (parts) => {
      rules.stepped();
      if (!feedback) return;
      setReadout(feedback.readout(parts, t, areaUnit));
      if (feedback.problem(parts) === 'self-intersection') refuse('self-intersection', DRAWING.errorDisplayMs.editing);
    },
    onVertexRefused: () => flash(t('map.error.vertexMinimum'), DRAWING.errorDisplayMs.editing),
    snap: snapping.snap,
  }, partEdit.revision);
  useEffect(() => {
    if (!editing) setReadout(undefined);
  }, [editing]);
  // 避免重叠 and 拓扑编辑.
  const rules = useShapeRules(map, {
    session,
    geometryKind,
    features,
    editing: editingId,
    steps: shapeEdit.steps,
    refused: (sentence) => flash(t(sentence), DRAWING.errorDisplayMs.editing),
    clipped: () => setAnnouncement(t('map.avoid.clipped')),
    failed: (error) => apply(() => {
      throw error;
    }),
  });
  // 输入坐标 types into the drawing under way, or into the shape being edited (not while a part tool draws in it).
  const typedShapeKind = editing && !partEdit.tool ? shapeKindOf(editing.geometry.type) : undefined;
  const coordinateTarget = useCoordinateTarget(map, drawing, typedShapeKind, shapeEdit);
  const showCoordinateEntry = enteringCoordinates && coordinateTarget !== undefined;
  useEffect(() => {
    if (!coordinateTarget) setEnteringCoordinates(false);
  }, [coordinateTarget]);
  // The read-out's measurement is fetched with the first tool (a drawing tool waits for it; a
  // shape edit reads out once it has arrived), and the shape editor with it, before a shape is picked.
  const [measuring, setMeasuring] = useState(measuringLoaded);
  useEffect(() => {
    if (mode.type === 'idle' || measuring) return;
    let live = true;
    loadVertexEditor().catch(() => undefined);
    loadMeasuring().then(
      () => {
        if (live) setMeasuring(true);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [mode.type, measuring]);
  // The read-out follows a language switch, another area unit, and the measurement's arrival, without waiting for the next edit.
  useEffect(() => {
    const parts = shapeEdit.read();
    if (parts && feedback) setReadout(feedback.readout(parts, t, areaUnit));
    else if (drawnShape.current && drawingNow.current) setReadout(measureText(drawnShape.current, t, undefined, areaUnit));
  }, [t, shapeEdit, feedback, areaUnit, drawingNow, measuring]);

  const saveMode = () => {
    if (mode.type === 'edit' && mode.id && session && geometryKind) {
      const parts = shapeEdit.read();
      if (!parts) return;
      const geometry = geometryOfParts(geometryKind, parts);
      // The edit's own check knows the shape already: no count of every pair of edges again.
      const problem = feedback ? feedback.problem(parts) : geometryProblem(geometry);
      if (problem) {
        refuse(problem, DRAWING.errorDisplayMs.editing);
        return;
      }
      const id = mode.id;
      // Cut back from the neighbours first (避免重叠): the edit ends once the clipped shape is kept.
      // 拓扑编辑: the neighbours sharing what the edit moved follow, in the same undo step.
      const steps = rules.stepsToFollow();
      rules.keepClipped(session, geometry, id, (kept) => {
        const saved = steps.length > 0 ? () => reshapeWithNeighbours(session, id, kept, steps, { tolerance: SHARED_TOLERANCE }) : () => session.update(id, { geometry: kept });
        if (apply(saved)) setMode({ type: 'idle' });
      });
      return;
    }
    if (mode.type === 'delete' && session) {
      const marked = mode.marked;
      if (!apply(() => marked.forEach((id) => session.remove(id)))) return;
    }
    if (mode.type === 'merge') {
      splitMerge.finishMerge(picked.length);
      return;
    }
    setMode({ type: 'idle' });
  };

  // While drawing, undo takes back the last point (leaflet-draw keeps the first one); otherwise
  // the session's last edit. A shape edit in progress is not in the session yet: nothing to undo.
  // A layer another tab edits is only shown here, and so is a view with too many features to load.
  const ready = Boolean(session && schema) && view.status === 'ready' && !view.editingElsewhere && large.editable;
  const canUndo = drawTool ? drawnPoints > 1 : mode.type === 'idle' && ready && Boolean(session?.canUndo);
  const canRedo = mode.type === 'idle' && ready && Boolean(session?.canRedo);
  const undo = () => {
    if (drawTool) drawing.deleteLastVertex();
    else if (session) apply(() => session.undo());
  };
  const redo = () => {
    if (session) apply(() => session.redo());
  };
  useUndoKeys({ canUndo, canRedo, undo, redo });

  const conflicting = useMemo(() => {
    const ids = new Set(view.conflicts.map((conflict) => conflict.id));
    return features.filter((feature) => ids.has(feature.id));
  }, [features, view.conflicts]);
  useConflictHighlight(map, conflicting);
  useMissingHighlight(map, view.missingRequired);
  // Highlighted over the conflicts and missing fields: the table's rows are what the user works on now.
  const { selected, setSelected, pick } = useTableSelection(map, features, session, tableOpen);
  const picked = useMemo(() => selected.filter((id) => features.some((feature) => feature.id === id)), [selected, features]);
  /** Leaves the tool; a selection made for it, with the table closed, goes with it. */
  const cancelMode = () => {
    if ((mode.type === 'merge' || mode.type === 'split') && !tableOpen) setSelected([]);
    setMode({ type: 'idle' });
  };
  // A save refused for a missing required field: the form of the first such feature says which.
  const missingFirst = useLatest(view.missingRequired[0]?.id);
  useEffect(() => {
    const id = missingFirst.current;
    if (view.refusals > 0 && id) {
      setMode({ type: 'idle' });
      setPopup(undefined);
      setAttributesOf({ id, showErrors: true });
    }
  }, [view.refusals, missingFirst]);

  const start = (next: EditorMode, opener: FocusOpener) => {
    focus.opening(opener);
    setPopup(undefined);
    if (next.type === 'split' || next.type === 'merge') loadTopologyEdits().catch(() => undefined);
    // 分割 with one feature selected cuts that one: its line is drawn at once.
    const one = picked.length === 1 ? picked[0] : undefined;
    setMode(next.type === 'split' && one ? { type: 'split', id: one } : next);
  };

  const popupFeature = popup ? features.find((feature) => feature.id === popup.id) : undefined;
  const { toMap, toOpener } = focus;
  const closePopup = useCallback(() => {
    setPopup(undefined);
    toMap();
  }, [toMap]);
  // The dialog gone, focus to the map: the popup button that opened it is gone too; after the form
  // of a new feature, to the drawing tool's button, as a finished drawing without the form does.
  // After the dialog's own focus handling, which would otherwise hand it back to a missing button.
  const dialogOpen = useRef<{ isNew: boolean }>(undefined);
  useEffect(() => {
    if (attributesOf) dialogOpen.current = { isNew: attributesOf.isNew === true };
    else if (dialogOpen.current) {
      const back = dialogOpen.current.isNew ? toOpener : toMap;
      dialogOpen.current = undefined;
      const timer = setTimeout(back);
      return () => clearTimeout(timer);
    }
  }, [attributesOf, toMap, toOpener]);
  const attributesFeature = attributesOf ? features.find((feature) => feature.id === attributesOf.id) : undefined;
  // What the map works on stays loaded however far the view moves (a layer loaded by view lets go
  // of far tiles): the shape being edited, those marked for removal, the open popup's and form's.
  useHeldFeatures(session, [...hidden, ...(popup ? [popup.id] : []), ...(attributesOf ? [attributesOf.id] : []), ...(mode.type === 'split' && mode.id ? [mode.id] : []), ...(mode.type === 'merge' ? picked : [])]);
  const shownHint = editorHint(mode, partEdit.tool, touchScreen, picked.length);
  const hint = shownHint && t(shownHint.key, shownHint.values);
  // The toolbar (antd's buttons, icons and tooltips: the costliest part of a render of the editor)
  // renders again only when what it shows changes, not on every change of the map beside it (the
  // map made, its layers, a popup, a view loaded): its handlers stay the same, calling the latest.
  const toolbarActions = useLatest({ start, finish: drawing.finish, save: saveMode, cancel: cancelMode, undo, redo, partTool: partEdit.setTool, snap: snapping.setEnabled });
  const toolbarHandlers = useMemo(
    () => ({
      onStart: (next: EditorMode, opener: FocusOpener) => toolbarActions.current.start(next, opener),
      onFinish: () => toolbarActions.current.finish(),
      onSave: () => toolbarActions.current.save(),
      onCancel: () => toolbarActions.current.cancel(),
      onUndo: () => toolbarActions.current.undo(),
      onRedo: () => toolbarActions.current.redo(),
      onPartTool: (tool: PartTool | undefined) => toolbarActions.current.partTool(tool),
      onEnterCoordinates: () => setEnteringCoordinates(true),
    }),
    [toolbarActions],
  );
  const snappingToggle = useMemo(() => ({ enabled: snapping.enabled, setEnabled: (on: boolean) => toolbarActions.current.snap(on) }), [snapping.enabled, toolbarActions]);

  const toolbar = (
    <EditorToolbar
      ref={toolbarRef}
      placement={toolbarPlacement}
      folded={folded}
      mode={mode}
      ready={ready}
      shapeKind={shapeKind}
      drawnPoints={drawnPoints}
      hasFeatures={features.length > 0}
      hasFeaturesToMerge={features.length > 1}
      hint={hint}
      canUndo={canUndo}
      canRedo={canRedo}
      snapping={snappingToggle}
      avoidOverlaps={rules.avoid}
      topological={rules.topological}
      editing={Boolean(editing)}
      geometryKind={geometryKind}
      partTool={partEdit.tool}
      {...toolbarHandlers}
    >
      {children}
    </EditorToolbar>
  );

  return (
    <>
      {topologyOpen && <TopologyCheck map={map} session={session} features={features} nameField={labelFieldOf(labelField, schema) || undefined} areaUnit={areaUnit} select={setSelected} onClose={() => onTopologyClose?.()} />}
      {layersOpen && (
        <LayersPanel layers={view.layers} edited={view.typeName} shown={shownLayers} states={shown.states} onChange={(next) => onShownLayersChange?.(next)} />
      )}
      <div className="gportal-editor" style={style}>
        {toolbarPlacement === 'above' && toolbar}
        <div ref={editorRef} className="gportal-editor-view" style={mapHeight === undefined ? undefined : { flex: 'none', height: mapHeight }}>
          <div ref={containerRef} className="gportal-map" role="region" aria-label={t('map.region')} />
          {toolbarPlacement === 'over' && toolbar}
          {readout && (
            <div className="gportal-readout">
              {/* While drawing the read-out follows every move of the pointer or crosshair; the
                  announcement reads the figure at each vertex instead. */}
              <span data-testid="measure-readout" aria-live={drawTool ? 'off' : 'polite'}>
                {readout}
              </span>
              {(mode.type === 'measure' ? mode.tool === 'polygon' : shapeKind === 'polygon') && <AreaUnitSelect value={areaUnit} onChange={setAreaUnit} />}
            </div>
          )}
          <div className="gportal-visually-hidden" aria-live="polite" data-testid="map-announcement">
            {announcement}
          </div>
          {alert && (
            <div className="gportal-alert" role="alert">
              {alert}
            </div>
          )}
          {map && popup && popupFeature && mode.type === 'idle' && (
            <FeaturePopup
              map={map}
              feature={popupFeature}
              schema={schema}
              labels={view.labels}
              latlng={popup.latlng}
              readOnly={!ready}
              clearTop={popup.clearTop}
              onClose={closePopup}
              onEditGeometry={() => start({ type: 'edit', id: popupFeature.id }, 'map')}
              onEditAttributes={() => {
                setPopup(undefined);
                setAttributesOf({ id: popupFeature.id });
              }}
              onDelete={() => {
                setPopup(undefined);
                if (session) apply(() => session.remove(popupFeature.id));
                toMap();
              }}
            />
          )}
          {overlay}
          <SessionConflictDialog session={session} conflicts={view.conflicts} />
          {splitMerge.renderDialog(picked.map((id) => features.find((feature) => feature.id === id)).filter((feature) => feature !== undefined))}
          {showCoordinateEntry && (
            <Suspense fallback={null}>
              <CoordinateEntry target={coordinateTarget} onClose={() => setEnteringCoordinates(false)} />
            </Suspense>
          )}
          {attributesFeature && schema && session && (
            <Suspense fallback={null}>
              <AttributeForm
                // A new form for each feature, so one never shows the values typed into another.
                key={`${attributesFeature.id}:${view.refusals}`}
                feature={attributesFeature}
                schema={schema}
                labels={view.labels}
                isNew={attributesOf?.isNew}
                showErrors={attributesOf?.showErrors}
                onCancel={() => setAttributesOf(undefined)}
                onSubmit={(properties: Properties) => {
                  // The values of a feature just drawn are part of drawing it: one undo takes back both.
                  const joinLastStep = attributesOf?.isNew === true;
                  if (apply(() => session.update(attributesFeature.id, { properties }, { joinLastStep }))) setAttributesOf(undefined);
                }}
              />
            </Suspense>
          )}
        </div>
        <StatusLine map={map} />
      </div>
      {exportOpen && map && (
        <Suspense fallback={null}>
          <ExportImageDialog
            map={map}
            title={view.title ?? view.typeName ?? t('featureMap.title')}
            legend={[
              { label: view.title ?? view.typeName ?? t('featureMap.title'), stroke: EXPORT_STROKE, fill: EXPORT_FILL },
              ...shownLayers
                .filter((choice) => choice.typeName !== view.typeName)
                .map((choice) => {
                  const color = shown.colors[choice.typeName] ?? SHOWN_COLORS[0];
                  return { label: view.layers.find((layer) => layer.name === choice.typeName)?.title || choice.typeName, stroke: color, fill: `${color}1a` };
                })
                .reverse(),
            ]}
            onClose={() => onExportClose?.()}
          />
        </Suspense>
      )}
      {tableOpen && session && schema && (
        <Suspense fallback={null}>
          <AttributeTable
            session={session}
            schema={schema}
            revision={view.revision}
            labels={view.labels}
            map={map}
            editable={ready && mode.type === 'idle'}
            selected={selected}
            onSelect={setSelected}
            areaUnit={areaUnit}
            onAreaUnit={setAreaUnit}
            apply={apply}
            onClose={() => onTableClose?.()}
          />
        </Suspense>
      )}
    </>
  );
}
