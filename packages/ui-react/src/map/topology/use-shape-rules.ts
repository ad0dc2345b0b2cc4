import { followSharedEdits, geometryBBox, type BBox, type EditableFeature, type EditSession, type Geometry, type GeometryKind, type SharedEdit } from '@gportal/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { MessageKey } from '../../i18n/messages';
import { useUserPreference } from '../../ui/use-user-preference';
import type { L } from '../leaflet';
import { avoidOverlaps } from './avoid-overlaps';
import { useNeighbourPreview } from './use-neighbour-preview';

/** The user-cache key of 避免重叠: on, a polygon drawn or reshaped is cut back from its neighbours. */
const AVOID_OVERLAPS_KEY = 'map.avoidOverlaps';
/** The user-cache key of 拓扑编辑: on, a shape edit's shared vertices move in its neighbours too. */
const TOPOLOGICAL_KEY = 'map.topologicalEditing';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const NOT_FOLLOWING: ReadonlyArray<{ id: string; geometry: Geometry }> = [];
/** How far apart two vertices may be and still be one shared vertex, in degrees: the same position, give or take a rounding. */
export const SHARED_TOLERANCE = 1e-9;

/** A toggle of the toolbar: whether it is on, and the switch. */
export interface ShapeRuleToggle {
  enabled: boolean;
  setEnabled(on: boolean): void;
}

/** What {@link useShapeRules} gives the editor. */
export interface ShapeRules {
  /** 避免重叠's toggle, on a polygon layer. */
  avoid: ShapeRuleToggle | undefined;
  /** 拓扑编辑's toggle, on a polygon or line layer. */
  topological: ShapeRuleToggle | undefined;
  /**
   * The shape to keep, cut back from its neighbours when 避免重叠 is on (the polygon algebra's
   * chunk fetched first), then handed to `keep`; one covered by them whole, or fallen apart on a
   * layer of single polygons, is refused (`refused`) and `keep` never called.
   */
  keepClipped(session: EditSession, geometry: Geometry, self: string | undefined, keep: (geometry: Geometry) => void): void;
  /** The shape edit's steps the neighbours follow when saved: none while 拓扑编辑 is off. */
  stepsToFollow(): readonly SharedEdit[];
  /** A step of the shape edit was made: the neighbours' preview follows it. */
  stepped(): void;
}

export interface ShapeRuleOptions {
  /** The session the map edits; an answer for another (a layer switched meanwhile) is dropped. */
  session: EditSession | undefined;
  geometryKind: GeometryKind | undefined;
  /** The loaded features. */
  features: readonly EditableFeature[];
  /** The feature whose shape is being edited. */
  editing: string | undefined;
  /** The shape edit's steps so far (`GeometryEdit.steps`). */
  steps(): readonly SharedEdit[];
  /** A refusal's sentence, shown over the map. */
  refused(sentence: MessageKey): void;
  /** The shape was cut back: a sentence for the live region. */
  clipped(): void;
  /** An error other than a refusal (the chunk not fetched). */
  failed(error: unknown): void;
}

/**
 * The editor's two shape rules, toggles remembered for the user: 避免重叠 (a polygon drawn or
 * reshaped is cut back from its neighbours before it becomes pending) and 拓扑编辑 (a shape edit's
 * moved and inserted vertices are replayed on the neighbours that share them, previewed as it is
 * made, saved in the same undo step).
 */
export function useShapeRules(map: L.Map | undefined, { session, geometryKind, features, editing, steps, refused, clipped, failed }: ShapeRuleOptions): ShapeRules {
  const [avoiding, setAvoiding] = useUserPreference<boolean>(AVOID_OVERLAPS_KEY, false, isBoolean);
  const [topological, setTopological] = useUserPreference<boolean>(TOPOLOGICAL_KEY, false, isBoolean);
  const polygonLayer = geometryKind === 'Polygon' || geometryKind === 'MultiPolygon';
  const cuttableLayer = polygonLayer || geometryKind === 'LineString' || geometryKind === 'MultiLineString';
  const following = useFollowing(map, topological ? editing : undefined, features, steps);

  const keepClipped = (on: EditSession, geometry: Geometry, self: string | undefined, keep: (geometry: Geometry) => void) => {
    if (!avoiding || !polygonLayer) {
      keep(geometry);
      return;
    }
    avoidOverlaps(on, geometry, self).then((outcome) => {
      if (on !== session) return;
      if ('refused' in outcome) refused(outcome.refused);
      else {
        if (outcome.geometry !== geometry) clipped();
        keep(outcome.geometry);
      }
    }, failed);
  };
  const avoid = useMemo(() => (polygonLayer ? { enabled: avoiding, setEnabled: setAvoiding } : undefined), [polygonLayer, avoiding, setAvoiding]);
  const topologicalToggle = useMemo(() => (cuttableLayer ? { enabled: topological, setEnabled: setTopological } : undefined), [cuttableLayer, topological, setTopological]);
  return { avoid, topological: topologicalToggle, keepClipped, stepsToFollow: () => (topological ? steps() : []), stepped: following };
}

/**
 * 拓扑编辑's preview: the neighbours of the shape `editing` as they follow its steps (those whose
 * boxes, read once per edit, hold a position a step moved, removed or split), drawn by
 * {@link useNeighbourPreview}; none once the edit ends. Returns what to call at each step.
 */
function useFollowing(map: L.Map | undefined, editing: string | undefined, features: readonly EditableFeature[], steps: () => readonly SharedEdit[]): () => void {
  const [following, setFollowing] = useState(NOT_FOLLOWING);
  const boxes = useMemo(() => (editing ? new Map<string, BBox>(features.map((feature) => [feature.id, geometryBBox(feature.geometry)])) : undefined), [editing, features]);
  useEffect(() => setFollowing(NOT_FOLLOWING), [editing]);
  useNeighbourPreview(map, following);
  return useCallback(() => {
    const made = steps();
    if (!editing || !boxes || made.length === 0) return;
    const touched = made.flatMap((step) => (step.kind === 'move' ? [step.from] : step.kind === 'remove' ? [step.at] : [...step.between]));
    const holds = (box: BBox) => touched.some(([lng, lat]) => (lng as number) >= box[0] - SHARED_TOLERANCE && (lng as number) <= box[2] + SHARED_TOLERANCE && (lat as number) >= box[1] - SHARED_TOLERANCE && (lat as number) <= box[3] + SHARED_TOLERANCE);
    const near = features.filter((feature) => {
      const box = feature.id !== editing && feature.state !== 'remove' ? boxes.get(feature.id) : undefined;
      return box !== undefined && holds(box);
    });
    const followed = followSharedEdits(near, made, { tolerance: SHARED_TOLERANCE });
    setFollowing(followed.length === 0 ? NOT_FOLLOWING : followed);
  }, [editing, boxes, features, steps]);
}
