import type { EditableFeature, FeatureSchema, Properties } from '@gportal/core';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import { AttributeForm, isDateText } from './attribute-form';
import { mountedRoot } from '../../test-support/mounted-root';

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

const mounted = mountedRoot();

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

/** Lets the lazy date field load: its calendar button is there. */
async function settle() {
  for (let tries = 0; tries < 100 && !document.querySelector('button[aria-label="选择日期"], button[aria-label="Choose a date"]'); tries++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

function press(key: string) {
  act(() => {
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
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
    act(() => mounted.root.render(<I18nProvider initialLocale="zh-CN"><AttributeForm feature={feature} schema={schema} onSubmit={onSubmit} onCancel={() => {}} /></I18nProvider>));
    expect(document.querySelector('input[aria-label="id"]')).toBeNull();
    await settle();
    expect(input('founded').value).toBe('1949-08-17');
    expect(input('is_capital').checked).toBe(true);
    act(() => type(input('population'), ''));
    act(() => type(input('founded'), '1950-01-02'));
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Fuzhou', population: null, is_capital: true, founded: new Date('1950-01-02T00:00:00Z') });
  });

  it('refuses to empty a property that is not nullable', async () => {
    const onSubmit = vi.fn();
    act(() => mounted.root.render(<I18nProvider initialLocale="zh-CN"><AttributeForm feature={feature} schema={schema} onSubmit={onSubmit} onCancel={() => {}} /></I18nProvider>));
    act(() => type(input('name'), ''));
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain('“name”不能为空');
  });

  it('cannot produce a value the session refuses: a five-digit year is a field error, nothing is submitted', async () => {
    const onSubmit = vi.fn();
    act(() => mounted.root.render(<I18nProvider initialLocale="zh-CN"><AttributeForm feature={feature} schema={schema} onSubmit={onSubmit} onCancel={() => {}} /></I18nProvider>));
    await settle();
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
    ['zh-CN', '“founded”须为“年-月-日”格式的日期'],
    ['en', '"founded" must be a date written year-month-day'],
  ] as const)('in %s, refuses a five-digit year or an impossible date, in that language', async (locale, refusal) => {
    const onSubmit = vi.fn();
    act(() => mounted.root.render(<I18nProvider initialLocale={locale}><AttributeForm feature={feature} schema={schema} onSubmit={onSubmit} onCancel={() => {}} /></I18nProvider>));
    await settle();
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

describe('AttributeForm, its date field', () => {
  const calendarButton = () => document.querySelector<HTMLButtonElement>('button[aria-label="选择日期"]') as HTMLButtonElement;

  it('takes a day picked in the calendar; Escape there closes the calendar only, never the form', async () => {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    act(() => mounted.root.render(<I18nProvider initialLocale="zh-CN"><AttributeForm feature={feature} schema={schema} onSubmit={onSubmit} onCancel={onCancel} /></I18nProvider>));
    await settle();
    act(() => calendarButton().click());
    expect(document.querySelector('[role="dialog"][aria-label="选择日期"]')).not.toBeNull();
    press('ArrowRight');
    press('Escape');
    expect(document.querySelector('[role="dialog"][aria-label="选择日期"]')).toBeNull();
    expect(onCancel).not.toHaveBeenCalled();
    expect(input('founded').value).toBe('1949-08-17');
    act(() => calendarButton().click());
    press('ArrowDown');
    // Enter on a day picks it and submits nothing.
    press('Enter');
    expect(input('founded').value).toBe('1949-08-24');
    expect(onSubmit).not.toHaveBeenCalled();
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ founded: new Date('1949-08-24T00:00:00Z') }));
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('submits on Enter in the date field what it shows: a five-digit year is refused with the sentence, a date is taken', async () => {
    const onSubmit = vi.fn();
    act(() => mounted.root.render(<I18nProvider initialLocale="zh-CN"><AttributeForm feature={feature} schema={schema} onSubmit={onSubmit} onCancel={() => {}} /></I18nProvider>));
    await settle();
    act(() => type(input('founded'), '10000-01-01'));
    act(() => input('founded').focus());
    press('Enter');
    await settle();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.getElementById('attribute-founded-error')?.textContent).toBe('“founded”须为“年-月-日”格式的日期，例如 1949-08-17；“10000-01-01”不是这样的日期');
    expect(input('founded').getAttribute('aria-invalid')).toBe('true');
    expect(input('founded').value).toBe('10000-01-01');
    act(() => type(input('founded'), '1990-05-04'));
    press('Enter');
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ founded: new Date('1990-05-04T00:00:00Z') }));
  });
});

describe('AttributeForm, values the session refuses', () => {
  const integerSchema: FeatureSchema = { ...schema, properties: schema.properties.map((property) => (property.name === 'population' ? { ...property, integer: true } : property)) };

  it.each([
    ['zh-CN', '“population”必须是整数，不能带小数', '“name”含有无法保存的不可见字符'],
    ['en', '"population" must be a whole number, without decimals', '"name" contains an invisible character that cannot be saved'],
  ] as const)('in %s, refuses a fraction in a whole-number field and a pasted control character, each at its field', async (locale, fraction, control) => {
    const onSubmit = vi.fn();
    act(() => mounted.root.render(<I18nProvider initialLocale={locale}><AttributeForm feature={feature} schema={integerSchema} onSubmit={onSubmit} onCancel={() => {}} /></I18nProvider>));
    await settle();
    act(() => type(input('population'), '3.7'));
    act(() => type(input('name'), 'Fu\u000Bzhou'));
    const ok = [...document.querySelectorAll('button')].find((button) => /^(确定|OK)$/.test(button.textContent ?? ''));
    await act(async () => {
      ok?.click();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.getElementById('attribute-population-error')?.textContent).toBe(fraction);
    expect(document.getElementById('attribute-name-error')?.textContent).toContain(control);
    act(() => type(input('population'), '4'));
    act(() => type(input('name'), 'Fuzhou'));
    await act(async () => {
      ok?.click();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Fuzhou', population: 4, is_capital: true, founded: new Date('1949-08-17T00:00:00Z') });
  });

  it('takes a fraction in a number field that is not whole-number only', async () => {
    const onSubmit = vi.fn();
    act(() => mounted.root.render(<I18nProvider initialLocale="zh-CN"><AttributeForm feature={feature} schema={schema} onSubmit={onSubmit} onCancel={() => {}} /></I18nProvider>));
    act(() => type(input('population'), '3.7'));
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ population: 3.7 }));
  });
});

describe('AttributeForm of a new feature', () => {
  const drawn: EditableFeature = { id: 'new-1', state: 'insert', geometry: { type: 'Point', coordinates: [119.3, 26.08] }, properties: {} };

  it.each([
    ['zh-CN', '跳过', '新要素的属性', '“名称”不能为空'],
    ['en', 'Skip', 'Attributes of the new feature', '"Name" cannot be empty'],
  ] as const)('in %s, offers Skip, labels fields from the alias table, and says at once which required field is missing', async (locale, skip, title, missing) => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn();
    const labels = { name: locale === 'en' ? 'Name' : '名称' };
    act(() => mounted.root.render(<I18nProvider initialLocale={locale}><AttributeForm feature={drawn} schema={schema} labels={labels} isNew showErrors onSubmit={onSubmit} onCancel={onCancel} /></I18nProvider>));
    await settle();
    expect(document.body.textContent).toContain(title);
    expect(document.body.textContent).toContain(missing);
    expect(input(labels.name).getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('input[aria-label="population"]')).not.toBeNull();
    const skipButton = [...document.querySelectorAll('button')].find((button) => button.textContent === skip);
    act(() => skipButton?.click());
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a required text of spaces only', async () => {
    const onSubmit = vi.fn();
    act(() => mounted.root.render(<I18nProvider initialLocale="zh-CN"><AttributeForm feature={drawn} schema={schema} isNew onSubmit={onSubmit} onCancel={() => {}} /></I18nProvider>));
    act(() => type(input('name'), '   '));
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain('“name”不能为空');
    act(() => type(input('name'), '鼓山'));
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ name: '鼓山', population: null, is_capital: false, founded: null });
  });
});

describe('isDateText', () => {
  it('takes calendar dates written YYYY-MM-DD, years 0001 to 9999, and nothing else', () => {
    for (const text of ['1949-08-17', '2024-02-29', '0050-01-01', '9999-12-31']) expect(isDateText(text), text).toBe(true);
    for (const text of ['10000-01-01', '2023-02-29', '1949-13-01', '1949-08-32', '0000-01-01', '1949-8-17', '1949/08/17', '', '1949-08-17T00:00']) expect(isDateText(text), text).toBe(false);
  });
});
