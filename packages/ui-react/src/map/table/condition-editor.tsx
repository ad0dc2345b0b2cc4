import type { FeatureSchema, PropertySchema } from '@gportal/core';
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { LabelledButton } from '../../ui/labelled-button';
import { conditionProblem, operatorsOf, type ConditionOperator, type TableCondition } from './table-query';

/** 条件筛选's new condition: a field, an operator fitting its type and a value, refused with a sentence where it does not fit. */
export function ConditionEditor({ schema, labelOf, onAdd }: { schema: FeatureSchema; labelOf(property: PropertySchema): string; onAdd(condition: TableCondition): void }) {
  const { t } = useI18n();
  const [field, setField] = useState(schema.properties[0]?.name ?? '');
  const property = schema.properties.find((candidate) => candidate.name === field);
  const operators = property ? operatorsOf(property) : [];
  const [op, setOp] = useState<ConditionOperator>(operators[0] ?? 'eq');
  const [value, setValue] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const shownOp = operators.includes(op) ? op : (operators[0] ?? 'eq');
  const add = () => {
    if (!property) return;
    const condition = { field, op: shownOp, value: property.type === 'boolean' && shownOp !== 'isNull' ? value || 'true' : value };
    const problem = conditionProblem(property, condition);
    if (problem) {
      setRefusal(t(problem === 'number' ? 'map.attributes.number' : 'map.attributes.date', { name: labelOf(property) }));
      return;
    }
    setRefusal(undefined);
    setValue('');
    onAdd(condition);
  };
  return (
    <div className="gportal-table-condition">
      <select aria-label={t('map.table.field')} value={field} onChange={(event) => setField(event.currentTarget.value)}>
        {schema.properties.map((candidate) => (
          <option key={candidate.name} value={candidate.name}>
            {labelOf(candidate)}
          </option>
        ))}
      </select>
      <select aria-label={t('map.table.operator')} value={shownOp} onChange={(event) => setOp(event.currentTarget.value as ConditionOperator)}>
        {operators.map((operator) => (
          <option key={operator} value={operator}>
            {t(`map.table.op.${operator}`)}
          </option>
        ))}
      </select>
      {shownOp !== 'isNull' &&
        (property?.type === 'boolean' ? (
          <select aria-label={t('map.table.value')} value={value || 'true'} onChange={(event) => setValue(event.currentTarget.value)}>
            <option value="true">{t('map.table.yes')}</option>
            <option value="false">{t('map.table.no')}</option>
          </select>
        ) : (
          <input
            aria-label={t('map.table.value')}
            aria-invalid={refusal !== undefined}
            value={value}
            placeholder={property?.type === 'date' ? 'YYYY-MM-DD' : undefined}
            onChange={(event) => setValue(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') add();
            }}
          />
        ))}
      <LabelledButton label={t('map.table.addCondition')} size="small" onClick={add} />
      {refusal && <span role="alert">{refusal}</span>}
    </div>
  );
}
