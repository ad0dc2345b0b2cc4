import type { EditableFeature, FeatureSchema, Properties, PropertySchema, PropertyValue } from '@gportal/core';
import { Checkbox, DatePicker, Input, Modal } from 'antd';
import dayjs from 'dayjs';
// The picker's month and weekday names: antd's zh_CN locale (from the I18nProvider) names the
// dayjs locale, which must be loaded; English is dayjs's own.
import 'dayjs/locale/zh-cn';
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

/**
 * The native input of numbers and strings; a number is a native number input (role spinbutton):
 * antd's InputNumber would add its decimal library for these fields alone. Dates take antd's
 * DatePicker, which speaks the app's language (a native date input speaks the browser's) and
 * accepts only `YYYY-MM-DD`, so a five-digit year can never be typed.
 */
const INPUT_TYPES = { number: 'number', string: 'text' } as const;
const DATE_FORMAT = 'YYYY-MM-DD';

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
  const errorOf = (property: PropertySchema) =>
    checked && !property.nullable && property.type !== 'boolean' && isEmpty(values[property.name]) ? t('map.attributes.required', { name: property.name }) : undefined;
  const set = (name: string, value: FieldValue) => setValues((previous) => ({ ...previous, [name]: value }));

  const submit = () => {
    setChecked(true);
    if (writable.some((property) => !property.nullable && property.type !== 'boolean' && isEmpty(values[property.name]))) return;
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
              ) : property.type === 'date' ? (
                <DatePicker
                  id={id}
                  aria-label={property.name}
                  format={DATE_FORMAT}
                  value={isEmpty(value) ? null : dayjs(String(value))}
                  onChange={(date) => set(property.name, date ? date.format(DATE_FORMAT) : null)}
                  style={{ width: '100%' }}
                  {...fieldErrorProps(id, error)}
                />
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
