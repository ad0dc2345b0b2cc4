import type { EditableFeature, FeatureSchema, PropertyValue } from '@gportal/core';
import { useEffect, useRef } from 'react';
import { useI18n, type Translate } from '../../i18n/i18n-provider';
import type { L } from '../leaflet';
import { FeatureLabels } from './feature-labels';

/** The field labelled when none is chosen: a town's name, where the layer has one. */
export const DEFAULT_LABEL_FIELD = 'name';

/** The field a layer's labels show: the one chosen (`''` for none), else its `name` field where it has one. */
export function labelFieldOf(chosen: string | undefined, schema: FeatureSchema | undefined): string {
  if (chosen !== undefined) return chosen === '' || schema?.properties.some((property) => property.name === chosen) ? chosen : '';
  return schema?.properties.some((property) => property.name === DEFAULT_LABEL_FIELD) ? DEFAULT_LABEL_FIELD : '';
}

/** A property value as a label's text ('' for an empty one: no label). */
export function labelText(value: PropertyValue | undefined, t: Translate): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? t('map.popup.yes') : t('map.popup.no');
  return String(value).trim();
}

/** Draws `field`'s value of each feature as its label on the map ({@link FeatureLabels}); none for `''`. */
export function useFeatureLabels(map: L.Map | undefined, features: readonly EditableFeature[], field: string): void {
  const { t } = useI18n();
  const labels = useRef<FeatureLabels | undefined>(undefined);
  useEffect(() => {
    if (!map) return;
    const made = new FeatureLabels(map);
    labels.current = made;
    return () => {
      made.remove();
      labels.current = undefined;
    };
  }, [map]);
  useEffect(() => {
    labels.current?.show(field === '' ? [] : features, (feature) => labelText(feature.properties[field], t));
  }, [map, features, field, t]);
}
