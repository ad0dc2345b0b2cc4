import { boundsOfGeometries, fittableBounds, INITIAL_BOUNDS_PADDING, padBounds, type EditableFeature, type EditSession, type Position } from '@gportal/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { toLatLng, type AreaUnitChoice } from '../geometry';
import { L } from '../leaflet';
import type { TopologyPanelProps } from './topology-panel';

/** 拓扑检查's list, with the check it runs, fetched when it is first opened. */
const TopologyPanel = lazy<(props: TopologyPanelProps) => ReactNode>(() => import('./topology-panel'));

/** Props of {@link TopologyCheck}. */
export interface TopologyCheckProps {
  map: L.Map | undefined;
  session: EditSession | undefined;
  /** The features loaded: what is checked. */
  features: readonly EditableFeature[];
  nameField: string | undefined;
  areaUnit: AreaUnitChoice;
  /** Selects the features of the problem zoomed to. */
  select(ids: string[]): void;
  onClose(): void;
}

/**
 * 拓扑检查 on the map: the list of problems (fetched with its check when first opened), and its
 * 缩放至, which puts the problem's position in the middle at the zoom that shows its features and
 * selects them.
 */
export function TopologyCheck({ map, session, features, nameField, areaUnit, select, onClose }: TopologyCheckProps) {
  const zoomTo = (ids: readonly string[], at: Position) => {
    const bounds = boundsOfGeometries(ids.flatMap((id) => session?.feature(id)?.geometry ?? []));
    if (!map || !bounds) return;
    select([...ids]);
    const { south, west, north, east } = padBounds(fittableBounds(bounds), INITIAL_BOUNDS_PADDING);
    map.setView(toLatLng(at), map.getBoundsZoom(L.latLngBounds([south, west], [north, east])), { animate: false });
  };
  return (
    <Suspense fallback={null}>
      <TopologyPanel features={features} nameField={nameField} areaUnit={areaUnit} onZoomTo={zoomTo} onClose={onClose} />
    </Suspense>
  );
}
