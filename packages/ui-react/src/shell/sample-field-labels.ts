import { LAYER_KINDS, SAMPLE_DEFAULTS } from '@gportal/core';
import type { FieldLabels } from '../map';
import type { AppConfig } from './app-config';

/** The sample towns' fields (the core's sample seed) as staff read them, in both languages. */
const TOWN_FIELD_LABELS = {
  name: { 'zh-CN': '名称', en: 'Name' },
  population: { 'zh-CN': '人口', en: 'Population' },
  area_km2: { 'zh-CN': '面积 (km²)', en: 'Area (km²)' },
  is_capital: { 'zh-CN': '是否首府', en: 'Capital' },
  founded: { 'zh-CN': '建立日期', en: 'Founded' },
} as const;

/** The embedded sample's field labels: every sample layer (`store_33:polygon`, `store_33:line` …) has the towns' fields. */
export const SAMPLE_FIELD_LABELS: FieldLabels = Object.fromEntries(Object.keys(LAYER_KINDS).map((kind) => [`${SAMPLE_DEFAULTS.workspace}:${kind}`, TOWN_FIELD_LABELS]));

/**
 * The field labels the feature map uses: the settings' `fieldLabels`; in the embedded default, the
 * sample's for every sample layer the settings give none for (a layer the settings label is
 * labelled by them alone).
 */
export function fieldLabelsOf(config: Pick<AppConfig, 'mode' | 'fieldLabels'>): FieldLabels {
  return config.mode === 'embedded' ? { ...SAMPLE_FIELD_LABELS, ...config.fieldLabels } : config.fieldLabels;
}
