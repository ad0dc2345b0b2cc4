import type { EditableFeature, FeatureSchema, Properties, PropertySchema } from '@gportal/core';
import { Button, Input, Modal } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { UNSPACED_BUTTON } from '../../ui/labelled-button';
import '../../ui/checkbox.css';
import { fieldProblem, fieldValue, propertyValue, type FieldValue } from './field-values';

export { isDateText } from './field-values';

/**
 * The native input of each non-boolean type; a number is a native number input (role spinbutton):
 * antd's InputNumber would add its decimal library for these fields alone. A date is the app's
 * date field, a text field for `YYYY-MM-DD` with a calendar in the app's language (a native date
 * input speaks the browser's and takes five-digit years); until its chunk is loaded, the text
 * field alone, with the same checks.
 */
const INPUT_TYPES = { number: 'number', date: 'text', string: 'text' } as const;

/** The date field's calendar on a chunk of its own, fetched when a form opens. */
const DateField = lazy(() => import('./date-field'));

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
  /** Why a value cannot be stored, whether or not OK was pressed yet. */
  const problemOf = (property: PropertySchema): string | undefined => fieldProblem(property, values[property.name], labelOf(property), t);
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
        // Enter in a field submits, as in a one-field form (the browser does so only there), but not
        // while an input method composes. The date field holds its text as typed, so Enter there
        // submits what it shows, and the form refuses a text that is no date; the calendar's days
        // are no inputs, so their Enter picks a day and submits nothing.
        onKeyDown={(event) => {
          const target = event.target;
          if (event.key !== 'Enter' || event.nativeEvent.isComposing || !(target instanceof HTMLInputElement) || target.type === 'checkbox') return;
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
                <input type="checkbox" className="gportal-checkbox" id={id} aria-label={label} checked={value === true} onChange={(event) => set(property.name, event.target.checked)} />
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
