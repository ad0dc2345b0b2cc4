import { describe, expect, it } from 'vitest';
import { fieldList, layerFieldLabels } from './field-labels';

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
