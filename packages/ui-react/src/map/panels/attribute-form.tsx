import { textProblem, valueProblem, type EditableFeature, type FeatureSchema, type Properties, type PropertySchema, type PropertyValue } from '@gportal/core';
import { Button, Checkbox, Input, Modal } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { UNSPACED_BUTTON } from '../../ui/labelled-button';

type FieldValue = string | number | boolean | null | undefined;

/** What an input shows for a property value: dates as `YYYY-MM-DD` for the date input. */
function fieldValue(property: PropertySchema, value: PropertyValue | undefined): FieldValue {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (property.type === 'boolean') return value === true;
  return value ?? null;
}

/** The typed property value of an input's value; an empty input is `null`. */
function propertyValue(property: PropertySchema, value: FieldValue): PropertyValue {
  if (value === undefined || value === null || value === '') return property.type === 'boolean' ? false : null;
  switch (property.type) {
    case 'number':
      return Number(value);
    case 'boolean':
      return value === true;
    case 'date':
      return new Date(`${String(value)}T00:00:00Z`);
    case 'string':
      return String(value);
  }
}

/**
 * The native input of each non-boolean type; a number is a native number input (role spinbutton):
 * antd's InputNumber would add its decimal library for these fields alone. A date is antd's
 * DatePicker in the app's language (a native date input speaks the browser's and takes
 * five-digit years); until its chunk is loaded, a text field for `YYYY-MM-DD` with the same checks.
 */
const INPUT_TYPES = { number: 'number', date: 'text', string: 'text' } as const;

/** The picker and dayjs (~36 KiB gzip) on a chunk of their own, fetched when a form opens. */
const DateField = lazy(() => import('./date-field'));

/** A calendar date written `YYYY-MM-DD`, years 0001–9999: what the date field accepts. */
export function isDateText(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  // `setUTCFullYear`, unlike `Date.UTC`, keeps years below 100 as they are.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export interface AttributeFormProps {
  feature: EditableFeature;
  schema: FeatureSchema;
  /** The layer's field labels in the active language (`fieldLabels` of `config.json`); a field without one shows its name. */
  labels?: Readonly<Record<string, string>>;
  /**
   * The feature was just drawn: the form is titled so and offers 跳过 (Skip) in place of 取消;
   * both leave its properties as they are.
   */
  isNew?: boolean;
  /** Show what is missing or wrong at once (a refused save opened the form), not only after OK. */
  showErrors?: boolean;
  onSubmit(properties: Properties): void;
  onCancel(): void;
}

/**
 * The attribute editor of one feature: one input per writable property, typed from the layer's
 * schema (number, string, boolean, date) and labelled from the layer's alias table; a property
 * that is not nullable must be filled.
 */
export function AttributeForm({ feature, schema, labels = {}, isNew = false, showErrors = false, onSubmit, onCancel }: AttributeFormProps) {
  const { t } = useI18n();
  const writable = schema.properties.filter((property) => !schema.readOnly?.includes(property.name));
  const labelOf = (property: PropertySchema) => labels[property.name] ?? property.name;
  const [values, setValues] = useState(() => Object.fromEntries(writable.map((property) => [property.name, fieldValue(property, feature.properties[property.name])])));
  // Errors show once OK was pressed (or at once, when asked), then follow every change.
  const [checked, setChecked] = useState(showErrors);
  const isEmpty = (value: FieldValue) => value === undefined || value === null || value === '';
  /** Why a value cannot be stored, whether or not OK was pressed yet. */
  const problemOf = (property: PropertySchema): string | undefined => {
    const value = values[property.name];
    const name = labelOf(property);
    if (isEmpty(value) || (typeof value === 'string' && value.trim() === '')) return !property.nullable && property.type !== 'boolean' ? t('map.attributes.required', { name }) : undefined;
    // `1e400` is a number input's Infinity; a five-digit year would make an Invalid Date: neither can be saved.
    if (property.type === 'number' && !Number.isFinite(Number(value))) return t('map.attributes.number', { name });
    // A date the picker did not take is kept as typed, so the form refuses it here rather than closing over it.
    if (property.type === 'date' && !isDateText(String(value))) return /^\d{4,}-\d{1,2}-\d{1,2}$/.test(String(value)) ? t('map.attributes.dateTyped', { name, text: String(value) }) : t('map.attributes.date', { name });
    // What the session would refuse on save (a fraction in a whole-number field, a character XML cannot carry) is refused at the field.
    const typed = propertyValue(property, value);
    if (valueProblem(typed, property) === undefined) return undefined;
    if (typeof typed === 'string' && textProblem(typed) !== undefined) return t('map.attributes.text', { name });
    if (property.type === 'number' && property.integer && Number.isFinite(typed)) return t('map.attributes.integer', { name });
    return property.type === 'date' ? t('map.attributes.date', { name }) : t('map.attributes.number', { name });
  };
  const errorOf = (property: PropertySchema) => (checked ? problemOf(property) : undefined);
  const set = (name: string, value: FieldValue) => setValues((previous) => ({ ...previous, [name]: value }));

  const form = useRef<HTMLFormElement>(null);
  /** The first field takes the focus: what is typed after a drawing (finished by keyboard too) goes into the form, and Enter submits it. */
  const focusFirstField = (open: boolean) => {
    if (open && isNew) form.current?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea')?.focus();
  };

  const submit = () => {
    setChecked(true);
    if (writable.some((property) => problemOf(property) !== undefined)) return;
    onSubmit(Object.fromEntries(writable.map((property) => [property.name, propertyValue(property, values[property.name])])));
  };

  return (
    <Modal
      open
      title={isNew ? t('map.attributes.newTitle') : `${t('map.attributes.title')} · ${feature.id}`}
      footer={[
        <Button key="cancel" {...UNSPACED_BUTTON} onClick={onCancel}>
          {t(isNew ? 'map.attributes.skip' : 'map.tool.cancel')}
        </Button>,
        <Button key="ok" type="primary" {...UNSPACED_BUTTON} onClick={submit}>
          {t('map.attributes.ok')}
        </Button>,
      ]}
      onCancel={onCancel}
      afterOpenChange={focusFirstField}
      destroyOnHidden
    >
      <form
        ref={form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        // Enter in a field submits, as in a one-field form (the browser does so only there). Not in
        // the date picker, whose Enter takes the typed date, nor while an input method composes.
        onKeyDown={(event) => {
          const target = event.target;
          if (event.key !== 'Enter' || event.nativeEvent.isComposing || !(target instanceof HTMLInputElement) || target.type === 'checkbox' || target.closest('.ant-picker')) return;
          event.preventDefault();
          submit();
        }}
      >
        {writable.map((property) => {
          const id = `attribute-${property.name}`;
          const error = errorOf(property);
          const value = values[property.name];
          const label = labelOf(property);
          const text = value === null || value === undefined ? '' : String(value);
          const textInput = (type: keyof typeof INPUT_TYPES) => (
            <Input
              id={id}
              aria-label={label}
              type={INPUT_TYPES[type]}
              value={text}
              {...(type === 'date' ? { placeholder: t('map.attributes.datePlaceholder'), inputMode: 'numeric' as const, maxLength: 10 } : {})}
              onChange={(event) => set(property.name, event.target.value)}
              {...fieldErrorProps(id, error)}
            />
          );
          return (
            // The label is the layer's property name or its alias from the settings: data, not a message of the table.
            <FormField key={property.name} id={id} label={<span data-raw="">{label}</span>} error={error}>
              {property.type === 'boolean' ? (
                <Checkbox id={id} aria-label={label} checked={value === true} onChange={(event) => set(property.name, event.target.checked)} />
              ) : property.type === 'date' ? (
                <Suspense fallback={textInput('date')}>
                  <DateField id={id} label={label} value={text} onChange={(next) => set(property.name, next)} {...fieldErrorProps(id, error)} />
                </Suspense>
              ) : (
                textInput(property.type)
              )}
            </FormField>
          );
        })}
      </form>
    </Modal>
  );
}
