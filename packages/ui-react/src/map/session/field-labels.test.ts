import type { FeatureSchema } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/messages';
import { fieldList, layerFieldLabels, withSchemaTitles } from './field-labels';

const table = { 'store_33:polygon': { name: '名称', population: { 'zh-CN': '人口', en: 'Population' }, founded: { en: 'Founded' }, blank: ' ' } };

describe('layerFieldLabels', () => {
  it("takes the layer's labels in the active language, else in the other, and leaves out blank ones", () => {
    expect(layerFieldLabels(table, 'store_33:polygon', 'zh-CN')).toEqual({ name: '名称', population: '人口', founded: 'Founded' });
    expect(layerFieldLabels(table, 'store_33:polygon', 'en')).toEqual({ name: '名称', population: 'Population', founded: 'Founded' });
  });

  it('has no labels for another layer, or without a table', () => {
    expect(layerFieldLabels(table, 'store_33:line', 'zh-CN')).toEqual({});
    expect(layerFieldLabels(undefined, 'store_33:polygon', 'zh-CN')).toEqual({});
  });
});

describe('fieldList', () => {
  it('quotes labels, or names without one, joined as a list of the language', () => {
    expect(fieldList(['name', 'kind'], { name: '名称' }, 'zh-CN')).toBe('“名称”和“kind”');
    expect(fieldList(['name', 'kind', 'founded'], { name: 'Name' }, 'en')).toBe('"Name", "kind", and "founded"');
    expect(fieldList(['name'], {}, 'en')).toBe('"name"');
  });
});

describe('the refusal of a save with required fields left blank', () => {
  it('names the fields by their labels, in either language, one or several', () => {
    expect(translate('zh-CN', 'map.missingRequired', { names: fieldList(['name'], { name: '名称' }, 'zh-CN'), count: 1 })).toBe(
      '无法保存：必填字段 “名称” 未填写，缺少的要素已在地图上标出。请填写后再保存。',
    );
    expect(translate('en', 'map.missingRequired', { names: fieldList(['name', 'kind'], {}, 'en'), count: 2 })).toBe(
      'Cannot save: the required fields "name" and "kind" are empty; features missing them are outlined on the map. Fill them in, then save.',
    );
  });
});

describe('withSchemaTitles', () => {
  const schema: FeatureSchema = {
    typeName: 'roads',
    geometryField: 'geometry',
    geometryKind: 'LineString',
    properties: [
      { name: 'id', type: 'number', nullable: false },
      { name: 'name', type: 'string', nullable: true, title: '名称' },
      { name: 'lanes', type: 'number', nullable: true, title: '车道数' },
    ],
  };

  it("gives a field without a configured label its title from the server; a configured label wins; a field with neither keeps its name", () => {
    expect(withSchemaTitles({ lanes: 'Lanes' }, schema)).toEqual({ name: '名称', lanes: 'Lanes' });
    expect(withSchemaTitles({}, schema)).toEqual({ name: '名称', lanes: '车道数' });
  });

  it('hands back the configured labels themselves where the schema has no title (or is not there yet)', () => {
    const configured = { name: 'Name' };
    expect(withSchemaTitles(configured, undefined)).toBe(configured);
    expect(withSchemaTitles(configured, { ...schema, properties: [schema.properties[0]!] })).toBe(configured);
  });
});
