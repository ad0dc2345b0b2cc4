import type { EditableFeature, FeatureSchema, Properties, PropertySchema, PropertyValue } from '@gportal/core';
import { Checkbox, Form, Input, InputNumber, Modal } from 'antd';
import { useI18n } from '../i18n/i18n-provider';
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
  const [form] = Form.useForm<Record<string, FieldValue>>();
  const writable = schema.properties.filter((property) => !schema.readOnly?.includes(property.name));
  const initialValues = Object.fromEntries(writable.map((property) => [property.name, fieldValue(property, feature.properties[property.name])]));

  const submit = (values: Record<string, FieldValue>) => {
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
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit}>
        {writable.map((property) => (
          <Form.Item
            key={property.name}
            name={property.name}
            label={property.name}
            valuePropName={property.type === 'boolean' ? 'checked' : 'value'}
            rules={property.nullable || property.type === 'boolean' ? [] : [{ required: true, message: t('map.attributes.required', { name: property.name }) }]}
          >
            {property.type === 'number' ? (
              <InputNumber aria-label={property.name} style={{ width: '100%' }} />
            ) : property.type === 'boolean' ? (
              <Checkbox aria-label={property.name} />
            ) : property.type === 'date' ? (
              <Input aria-label={property.name} type="date" />
            ) : (
              <Input aria-label={property.name} />
            )}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
