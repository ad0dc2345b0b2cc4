import type { EditableFeature, FeatureSchema, Properties, PropertySchema, PropertyValue } from '@gportal/core';
import { Checkbox, Input, Modal } from 'antd';
import { useState } from 'react';
import { useI18n } from '../i18n/i18n-provider';
import { fieldErrorProps, FormField } from '../ui/form-field';
import { UNSPACED_BUTTON } from './labelled-button';

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
 * antd's InputNumber would add its decimal library for these fields alone. A date is a text
 * field for `YYYY-MM-DD` with its hint in the app's language: a native date input speaks the
 * browser's language and takes five-digit years; antd's DatePicker speaks the app's but costs
 * ~36 KiB gzip, beyond the whole app's size budget.
 */
const INPUT_TYPES = { number: 'number', date: 'text', string: 'text' } as const;

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
  onSubmit(properties: Properties): void;
  onCancel(): void;
}

/**
 * The attribute editor of one feature: one input per writable property, typed from the layer's
 * schema (number, string, boolean, date); a property that is not nullable cannot be emptied.
 */
export function AttributeForm({ feature, schema, onSubmit, onCancel }: AttributeFormProps) {
  const { t } = useI18n();
  const writable = schema.properties.filter((property) => !schema.readOnly?.includes(property.name));
  const [values, setValues] = useState(() => Object.fromEntries(writable.map((property) => [property.name, fieldValue(property, feature.properties[property.name])])));
  // Errors show once OK was pressed, then follow every change.
  const [checked, setChecked] = useState(false);
  const isEmpty = (value: FieldValue) => value === undefined || value === null || value === '';
  /** Why a value cannot be stored, whether or not OK was pressed yet. */
  const problemOf = (property: PropertySchema): string | undefined => {
    const value = values[property.name];
    const name = property.name;
    if (isEmpty(value)) return !property.nullable && property.type !== 'boolean' ? t('map.attributes.required', { name }) : undefined;
    // `1e400` is a number input's Infinity; a five-digit year would make an Invalid Date: neither can be saved.
    if (property.type === 'number' && !Number.isFinite(Number(value))) return t('map.attributes.number', { name });
    if (property.type === 'date' && !isDateText(String(value))) return t('map.attributes.date', { name });
    return undefined;
  };
  const errorOf = (property: PropertySchema) => (checked ? problemOf(property) : undefined);
  const set = (name: string, value: FieldValue) => setValues((previous) => ({ ...previous, [name]: value }));

  const submit = () => {
    setChecked(true);
    if (writable.some((property) => problemOf(property) !== undefined)) return;
    onSubmit(Object.fromEntries(writable.map((property) => [property.name, propertyValue(property, values[property.name])])));
  };

  return (
    <Modal
      open
      title={`${t('map.attributes.title')} · ${feature.id}`}
      okText={t('map.attributes.ok')}
      cancelText={t('map.tool.cancel')}
      okButtonProps={UNSPACED_BUTTON}
      cancelButtonProps={UNSPACED_BUTTON}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {writable.map((property) => {
          const id = `attribute-${property.name}`;
          const error = errorOf(property);
          const value = values[property.name];
          return (
            // The label is the layer's property name: data, not a message of the table.
            <FormField key={property.name} id={id} label={<span data-raw="">{property.name}</span>} error={error}>
              {property.type === 'boolean' ? (
                <Checkbox id={id} aria-label={property.name} checked={value === true} onChange={(event) => set(property.name, event.target.checked)} />
              ) : (
                <Input
                  id={id}
                  aria-label={property.name}
                  type={INPUT_TYPES[property.type]}
                  value={value === null || value === undefined ? '' : String(value)}
                  {...(property.type === 'date' ? { placeholder: t('map.attributes.datePlaceholder'), inputMode: 'numeric' as const, maxLength: 10 } : {})}
                  onChange={(event) => set(property.name, event.target.value)}
                  {...fieldErrorProps(id, error)}
                />
              )}
            </FormField>
          );
        })}
      </form>
    </Modal>
  );
}
