import { FEATURE_SOURCE, type FeatureSource } from '@gportal/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useOptionalService } from '../../ui/services';
import type { L } from '../leaflet';
import { SHOWN_COLORS, ShownLayer, type ShownLayerState } from './shown-layer';

/** A layer shown beside the edited one: its type name and opacity (0–1); a list of them runs from the lowest up. */
export interface ShownLayerChoice {
  typeName: string;
  opacity: number;
}

/** Whether `value` is a list of {@link ShownLayerChoice}s (a remembered or linked one). */
export function isShownLayerChoices(value: unknown): value is ShownLayerChoice[] {
  return (
    Array.isArray(value) &&
    value.every((entry) => typeof entry === 'object' && entry !== null && typeof (entry as ShownLayerChoice).typeName === 'string' && typeof (entry as ShownLayerChoice).opacity === 'number' && (entry as ShownLayerChoice).opacity >= 0 && (entry as ShownLayerChoice).opacity <= 1)
  );
}

/** The shown layers as a URL parameter: `roads~0.6,rivers` (the opacity after `~`, left out at 1). */
export function shownLayersParam(shown: readonly ShownLayerChoice[]): string {
  return shown.map(({ typeName, opacity }) => (opacity === 1 ? typeName : `${typeName}~${opacity}`)).join(',');
}

/** The shown layers of a URL parameter ({@link shownLayersParam}); a part that does not read is left out. */
export function parseShownLayers(param: string): ShownLayerChoice[] {
  return param
    .split(',')
    .filter((part) => part.trim() !== '')
    .flatMap((part) => {
      const [typeName = '', opacityText] = part.split('~');
      const opacity = opacityText === undefined ? 1 : Number(opacityText);
      return typeName.trim() !== '' && Number.isFinite(opacity) && opacity >= 0 && opacity <= 1 ? [{ typeName: typeName.trim(), opacity }] : [];
    });
}

/**
 * The shown layers on the map ({@link ShownLayer} each, made and taken off as the list changes,
 * arranged in its order), the edited layer left out (it is always drawn, on top). Answers each
 * one's state by type name, and a snap onto the nearest of their vertices and edges.
 */
export function useShownLayers(map: L.Map | undefined, shown: readonly ShownLayerChoice[], edited: string | undefined) {
  const source = useOptionalService<FeatureSource>(FEATURE_SOURCE);
  const layers = useRef(new Map<string, ShownLayer>());
  const [states, setStates] = useState<Readonly<Record<string, ShownLayerState>>>({});
  /** Each shown layer's colour, kept while it is shown: the first of the palette no other shown layer has. */
  const [colors, setColors] = useState<Readonly<Record<string, string>>>({});
  const wanted = shown.filter((choice) => choice.typeName !== edited);
  const key = wanted.map((choice) => choice.typeName).join('\n');
  useEffect(() => {
    if (!map || !source) return;
    const names = new Set(key === '' ? [] : key.split('\n'));
    for (const [typeName, layer] of layers.current) {
      if (names.has(typeName)) continue;
      layer.remove();
      layers.current.delete(typeName);
    }
    const taken = new Map<string, string>();
    for (const [typeName, layer] of layers.current) taken.set(typeName, layer.color);
    for (const typeName of names) {
      if (layers.current.has(typeName)) continue;
      const used = new Set(taken.values());
      const color = SHOWN_COLORS.find((candidate) => !used.has(candidate)) ?? SHOWN_COLORS[taken.size % SHOWN_COLORS.length] ?? SHOWN_COLORS[0];
      taken.set(typeName, color);
      layers.current.set(typeName, new ShownLayer(map, source, typeName, color, (state) => setStates((now) => ({ ...now, [typeName]: state }))));
    }
    setColors(Object.fromEntries(taken));
  }, [map, source, key]);
  useEffect(() => {
    wanted.forEach((choice, order) => layers.current.get(choice.typeName)?.arrange(order, choice.opacity));
  });
  useEffect(
    () => () => {
      for (const layer of layers.current.values()) layer.remove();
      layers.current.clear();
    },
    [map],
  );
  const snap = useCallback((latlng: L.LatLng, reach: number) => {
    let best: ReturnType<ShownLayer['snap']>;
    let bestDistance = Infinity;
    for (const layer of layers.current.values()) {
      const snapped = layer.snap(latlng, reach);
      if (!snapped) continue;
      // A vertex wins over an edge within reach, as on the edited layer.
      const distance = latlng.distanceTo(snapped.latlng) - (snapped.kind === 'vertex' ? 1e12 : 0);
      if (distance < bestDistance) {
        best = snapped;
        bestDistance = distance;
      }
    }
    return best;
  }, []);
  return { states, colors, snap };
}
