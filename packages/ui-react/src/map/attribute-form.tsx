import type { EditableFeature, FeatureSchema, Properties, PropertySchema, PropertyValue } from '@gportal/core';
import { Checkbox, Input, Modal } from 'antd';
import { useState } from 'react';
import { useI18n } from '../i18n/i18n-provider';
import { fieldErrorProps, FormField } from '../screens/layout/form-field';
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

/** A date input's value a server and the journal can both take: `YYYY-MM-DD`, a four-digit year, a real day. */
function isDateInput(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

/**
 * The native input of each non-boolean type; a number is a native number input (role spinbutton):
 * antd's InputNumber would add its decimal library for these fields alone.
 */
const INPUT_TYPES = { number: 'number', date: 'date', string: 'text' } as const;

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
    // `1e400` is a number input's Infinity; a five-digit year makes an Invalid Date: neither can be saved.
    if (property.type === 'number' && !Number.isFinite(Number(value))) return t('map.attributes.number', { name });
    if (property.type === 'date' && !isDateInput(String(value))) return t('map.attributes.date', { name });
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
            <FormField key={property.name} id={id} label={property.name} error={error}>
              {property.type === 'boolean' ? (
                <Checkbox id={id} aria-label={property.name} checked={value === true} onChange={(event) => set(property.name, event.target.checked)} />
              ) : (
                <Input
                  id={id}
                  aria-label={property.name}
                  type={INPUT_TYPES[property.type]}
                  value={value === null || value === undefined ? '' : String(value)}
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
