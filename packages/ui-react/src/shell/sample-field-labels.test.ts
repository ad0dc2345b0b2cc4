import { describe, expect, it } from 'vitest';
import { layerFieldLabels } from '../map/session/field-labels';
import { fieldLabelsOf, SAMPLE_FIELD_LABELS } from './sample-field-labels';

describe('the embedded sample field labels', () => {
  it('label every sample layer in both languages', () => {
    expect(Object.keys(SAMPLE_FIELD_LABELS).sort()).toEqual(['store_33:line', 'store_33:multiline', 'store_33:multipoint', 'store_33:multipolygon', 'store_33:point', 'store_33:polygon']);
    expect(layerFieldLabels(SAMPLE_FIELD_LABELS, 'store_33:point', 'zh-CN')).toEqual({ name: '名称', population: '人口', area_km2: '面积 (km²)', is_capital: '是否首府', founded: '建立日期' });
    expect(layerFieldLabels(SAMPLE_FIELD_LABELS, 'store_33:point', 'en')).toEqual({ name: 'Name', population: 'Population', area_km2: 'Area (km²)', is_capital: 'Capital', founded: 'Founded' });
  });

  it('are used in the embedded default only, under the settings: a layer the settings label is labelled by them alone', () => {
    const configured = { 'store_33:polygon': { name: '镇名' } };
    const embedded = fieldLabelsOf({ mode: 'embedded', fieldLabels: configured });
    expect(layerFieldLabels(embedded, 'store_33:polygon', 'zh-CN')).toEqual({ name: '镇名' });
    expect(layerFieldLabels(embedded, 'store_33:line', 'zh-CN').population).toBe('人口');
    expect(fieldLabelsOf({ mode: 'map-server', fieldLabels: configured })).toBe(configured);
    expect(fieldLabelsOf({ mode: 'map-server', fieldLabels: {} })).toEqual({});
  });
});
