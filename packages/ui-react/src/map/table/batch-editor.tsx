import type { FeatureSchema, PropertySchema, PropertyValue } from '@gportal/core';
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { LabelledButton } from '../../ui/labelled-button';
import { fieldProblem, propertyValue, type FieldValue } from '../panels/field-values';

/** 批量编辑: one field set to one value for every selected row, said in a sentence before it is applied. */
export function BatchEditor({ schema, count, labelOf, onApply, onCancel }: { schema: FeatureSchema; count: number; labelOf(property: PropertySchema): string; onApply(field: string, value: PropertyValue): void; onCancel(): void }) {
  const { t } = useI18n();
  const fields = schema.properties.filter((property) => !schema.readOnly?.includes(property.name));
  const [field, setField] = useState(fields[0]?.name ?? '');
  const property = fields.find((candidate) => candidate.name === field);
  const [value, setValue] = useState<FieldValue>('');
  const problem = property && fieldProblem(property, value, labelOf(property), t);
  const shown = property?.type === 'boolean' ? t(value === true ? 'map.table.yes' : 'map.table.no') : String(value ?? '');
  return (
    <div className="gportal-table-condition" role="group" aria-label={t('map.table.batch')}>
      <select
        aria-label={t('map.table.field')}
        value={field}
        onChange={(event) => {
          setField(event.currentTarget.value);
          setValue('');
        }}
      >
        {fields.map((candidate) => (
          <option key={candidate.name} value={candidate.name}>
            {labelOf(candidate)}
          </option>
        ))}
      </select>
      {property?.type === 'boolean' ? (
        <input type="checkbox" aria-label={t('map.table.value')} checked={value === true} onChange={(event) => setValue(event.currentTarget.checked)} />
      ) : (
        <input
          type={property?.type === 'number' ? 'number' : 'text'}
          aria-label={t('map.table.value')}
          aria-invalid={problem !== undefined}
          value={String(value ?? '')}
          placeholder={property?.type === 'date' ? 'YYYY-MM-DD' : undefined}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      )}
      {property && (
        <span data-testid="batch-preview" role={problem ? 'alert' : undefined}>
          {problem ?? t('map.table.batchPreview', { count, field: labelOf(property), value: shown })}
        </span>
      )}
      <LabelledButton label={t('map.table.apply')} type="primary" size="small" disabled={!property || problem !== undefined} onClick={() => property && onApply(property.name, propertyValue(property, value))} />
      <LabelledButton label={t('map.tool.cancel')} size="small" onClick={onCancel} />
    </div>
  );
}
