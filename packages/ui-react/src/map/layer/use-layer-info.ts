import { DRAWING, type MapBounds } from '@gportal/core';
import { useEffect, useState } from 'react';
import type { LayerInfoTemplate } from './layer-info';
import { useI18n } from '../../i18n/i18n-provider';
import type { FeatureLayerRenderer } from './feature-layer-renderer';
import { renderLayerInfo, templateFor } from './layer-info';
import { L } from '../leaflet';

export interface LayerInfoOptions {
  /** The layer's title (the session view's `title`). */
  title: string | undefined;
  /** `layerInfoTemplate` of `config.json`; the message table's by default. */
  template?: LayerInfoTemplate;
}

const SIZE = DRAWING.markerIconSizePx;

/**
 * Spec section 2: when features load, a marker at the centre of their bounds, with an info popup
 * from a template (title, feature count, bounds, in the active language). The figures are read
 * once per load, as the fit to the bounds reads them; the text follows a language switch. Shown
 * only while `shown` (no tool active), so it never takes a click meant for a drawing.
 */
export function useLayerInfoMarker(map: L.Map | undefined, renderer: FeatureLayerRenderer | undefined, loads: number, shown: boolean, { title, template }: LayerInfoOptions): void {
  const { t, locale } = useI18n();
  const [loaded, setLoaded] = useState<{ bounds: MapBounds; count: number }>();
  useEffect(() => {
    const bounds = renderer && loads > 0 ? renderer.bounds() : undefined;
    setLoaded(bounds && renderer ? { bounds, count: renderer.size } : undefined);
  }, [renderer, loads]);

  const label = t('map.layerInfo.marker');
  const closeLabel = t('leaflet.closePopup');
  const text = loaded && title !== undefined ? renderLayerInfo(templateFor(template, locale, t('map.layerInfo.template')), { title, ...loaded }, locale) : undefined;
  // Text, never HTML: the template comes from a file and the title from the server. One element
  // for the marker's life, so a language switch rewrites an open popup instead of closing it.
  const [content] = useState(() => {
    const element = document.createElement('div');
    element.className = 'gportal-layer-info';
    return element;
  });
  const [marker, setMarker] = useState<L.Marker>();
  const placed = Boolean(loaded && text !== undefined);
  useEffect(() => {
    if (!map || !loaded || !placed || !shown) return;
    const { south, west, north, east } = loaded.bounds;
    const icon = L.divIcon({ className: 'gportal-layer-info-marker', iconSize: [SIZE, SIZE], iconAnchor: [SIZE / 2, SIZE / 2] });
    const created = L.marker([(south + north) / 2, (west + east) / 2], { icon, zIndexOffset: 1000 }).bindPopup(content, { autoPan: true }).addTo(map);
    setMarker(created);
    return () => {
      created.remove();
      setMarker(undefined);
    };
  }, [map, loaded, placed, shown, content]);
  useEffect(() => {
    content.textContent = text ?? '';
    marker?.getPopup()?.update();
    const element = marker?.getElement();
    element?.setAttribute('aria-label', label);
    element?.setAttribute('title', label);
  }, [marker, content, text, label]);
  // Leaflet names the popup's close button in English: from the table, as the feature popup does.
  useEffect(() => {
    if (!marker) return;
    const name = () => {
      const close = marker.getPopup()?.getElement()?.querySelector('.leaflet-popup-close-button');
      close?.setAttribute('aria-label', closeLabel);
      close?.setAttribute('title', closeLabel);
    };
    name();
    marker.on('popupopen', name);
    return () => {
      marker.off('popupopen', name);
    };
  }, [marker, closeLabel]);
}
