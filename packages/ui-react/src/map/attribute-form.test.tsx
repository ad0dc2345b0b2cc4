import type { EditableFeature, FeatureSchema, Properties } from '@gportal/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/i18n-provider';
import { AttributeForm, isDateText } from './attribute-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** QGIS Server's `poi` layer: `name` is NOT NULL, `id` is filled by the server. */
const schema: FeatureSchema = {
  typeName: 'poi',
  geometryField: 'geometry',
  geometryKind: 'Point',
  readOnly: ['id'],
  properties: [
    { name: 'id', type: 'number', nullable: false },
    { name: 'name', type: 'string', nullable: false },
    { name: 'population', type: 'number', nullable: true },
    { name: 'is_capital', type: 'boolean', nullable: true },
    { name: 'founded', type: 'date', nullable: true },
  ],
};
const feature: EditableFeature = {
  id: 'poi.1',
  state: 'exist',
  geometry: { type: 'Point', coordinates: [119.3, 26.08] },
  properties: { id: 1, name: 'Fuzhou', population: 8290000, is_capital: true, founded: new Date('1949-08-17T00:00:00Z') },
};

let root: Root;
let element: HTMLElement;
beforeEach(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })) as typeof window.matchMedia;
  element = document.createElement('div');
  document.body.append(element);
  root = createRoot(element);
});
afterEach(() => {
  act(() => root.unmount());
  element.remove();
});

function input(name: string): HTMLInputElement {
  const found = document.querySelector<HTMLInputElement>(`input[aria-label="${name}"]`);
  if (!found) throw new Error(`no input ${name}`);
  return found;
}

function type(field: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

async function submit() {
  const ok = [...document.querySelectorAll('button')].find((button) => button.textContent === '确定');
  await act(async () => {
    ok?.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('AttributeForm', () => {
  it('types the inputs from the schema, leaves server-filled properties out, and returns typed values', async () => {
    const onSubmit = vi.fn<(properties: Properties) => void>();
    act(() => root.render(<I18nProvider initialLocale="zh-CN"><AttributeForm feature={feature} schema={schema} onSubmit={onSubmit} onCancel={() => {}} /></I18nProvider>));
    expect(document.querySelector('input[aria-label="id"]')).toBeNull();
    expect(input('founded').type).toBe('text');
    expect(input('founded').value).toBe('1949-08-17');
    expect(input('is_capital').checked).toBe(true);
    act(() => type(input('population'), ''));
    act(() => type(input('founded'), '1950-01-02'));
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Fuzhou', population: null, is_capital: true, founded: new Date('1950-01-02T00:00:00Z') });
  });

  it('refuses to empty a property that is not nullable', async () => {
    const onSubmit = vi.fn();
    act(() => root.render(<I18nProvider initialLocale="zh-CN"><AttributeForm feature={feature} schema={schema} onSubmit={onSubmit} onCancel={() => {}} /></I18nProvider>));
    act(() => type(input('name'), ''));
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain('“name”不能为空');
  });

  it('cannot produce a value the session refuses: a five-digit year is a field error, nothing is submitted', async () => {
    const onSubmit = vi.fn();
    act(() => root.render(<I18nProvider initialLocale="zh-CN"><AttributeForm feature={feature} schema={schema} onSubmit={onSubmit} onCancel={() => {}} /></I18nProvider>));
    act(() => type(input('founded'), '10000-01-01'));
    expect(input('founded').value).toBe('10000-01-01');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain('“founded”须为“年-月-日”格式的日期');
    act(() => type(input('founded'), '1950-02-28'));
    act(() => type(input('population'), '12'));
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Fuzhou', population: 12, is_capital: true, founded: new Date('1950-02-28T00:00:00Z') });
  });

  it.each([
    ['zh-CN', '年-月-日', '“founded”须为“年-月-日”格式的日期'],
    ['en', 'YYYY-MM-DD', '"founded" must be a date written year-month-day'],
  ] as const)('in %s, hints the date format and refuses a five-digit year or an impossible date, in that language', async (locale, hint, refusal) => {
    const onSubmit = vi.fn();
    act(() => root.render(<I18nProvider initialLocale={locale}><AttributeForm feature={feature} schema={schema} onSubmit={onSubmit} onCancel={() => {}} /></I18nProvider>));
    expect(input('founded').placeholder).toBe(hint);
    for (const text of ['10000-01-01', '1949-02-30']) {
      act(() => type(input('founded'), text));
      const ok = [...document.querySelectorAll('button')].find((button) => /^(确定|OK)$/.test(button.textContent ?? ''));
      await act(async () => {
        ok?.click();
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      expect(onSubmit).not.toHaveBeenCalled();
      expect(document.body.textContent).toContain(refusal);
    }
  });
});

describe('isDateText', () => {
  it('takes calendar dates written YYYY-MM-DD, years 0001 to 9999, and nothing else', () => {
    for (const text of ['1949-08-17', '2024-02-29', '0050-01-01', '9999-12-31']) expect(isDateText(text), text).toBe(true);
    for (const text of ['10000-01-01', '2023-02-29', '1949-13-01', '1949-08-32', '0000-01-01', '1949-8-17', '1949/08/17', '', '1949-08-17T00:00']) expect(isDateText(text), text).toBe(false);
  });
});
