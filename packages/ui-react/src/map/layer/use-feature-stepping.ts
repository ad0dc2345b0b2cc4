import type { EditableFeature } from '@gportal/core';
import { useEffect } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { featuresInView } from './feature-stepping';
import { L } from '../leaflet';
import { useLatest } from '../../ui/use-latest';

export interface FeatureSteppingCallbacks {
  /** A sentence for the map's polite live region. */
  announce(text: string): void;
  /** Enter on the stepped feature: what a click on it does in the current mode. */
  onPick(id: string, latlng: L.LatLng): void;
}

/** The stepped feature's box: black dashes edged in white, seen on any base map and over any feature style. */
const MARK_STYLES: readonly L.PolylineOptions[] = [
  { color: '#fff', weight: 5, fill: false, interactive: false },
  { color: '#000', weight: 2, dashArray: '6 4', fill: false, interactive: false },
];

/**
 * Choosing features without a pointer: with the map focused and `phase` set (the editor's mode;
 * each new one starts again from the nearest feature), `]` and `[` step
 * through the features in view, nearest the centre first (the order is taken again at each step,
 * so it follows the view); each is outlined by its box and its name read out. Enter picks it as
 * a click would (its popup when idle, the feature to edit or to mark for deletion).
 */
export function useFeatureStepping(map: L.Map | undefined, features: readonly EditableFeature[], phase: string | undefined, callbacks: FeatureSteppingCallbacks): void {
  const { t } = useI18n();
  const latest = useLatest({ ...callbacks, features, t });
  useEffect(() => {
    if (!map || phase === undefined) return;
    const container = map.getContainer();
    let current: string | undefined;
    let mark: L.LayerGroup | undefined;
    const unmark = () => {
      mark?.remove();
      mark = undefined;
    };
    const step = (by: 1 | -1) => {
      const bounds = map.getBounds();
      const inView = featuresInView(latest.current.features, [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]);
      unmark();
      if (inView.length === 0) {
        current = undefined;
        latest.current.announce(latest.current.t('map.keys.noFeatures'));
        return;
      }
      const at = inView.findIndex(({ id }) => id === current);
      const index = at === -1 ? (by === 1 ? 0 : inView.length - 1) : (at + by + inView.length) % inView.length;
      const chosen = inView[index] as (typeof inView)[number];
      current = chosen.id;
      const [west, south, east, north] = chosen.bbox;
      const box = L.latLngBounds([south, west], [north, east]);
      mark = L.layerGroup(MARK_STYLES.map((style) => L.rectangle(box, style))).addTo(map);
      latest.current.announce(latest.current.t('map.keys.feature', { index: index + 1, count: inView.length, name: chosen.name }));
    };
    const pick = () => {
      const feature = latest.current.features.find(({ id }) => id === current);
      if (!feature || !mark) return;
      const box = (mark.getLayers()[0] as L.Rectangle).getBounds();
      unmark();
      latest.current.onPick(feature.id, box.getCenter());
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target !== container || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === ']') step(1);
      else if (event.key === '[') step(-1);
      else if (event.key === 'Enter' && current !== undefined) pick();
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    container.addEventListener('keydown', onKeyDown);
    return () => {
      container.removeEventListener('keydown', onKeyDown);
      unmark();
    };
  }, [map, phase, latest]);
}
