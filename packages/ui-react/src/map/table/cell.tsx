import type { PropertySchema, PropertyValue } from '@gportal/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { fieldProblem, fieldValue, propertyValue, type FieldValue } from '../panels/field-values';

/** Props of {@link Cell}. */
export interface CellProps {
  property: PropertySchema;
  /** The field's label, for the sentence of a value refused. */
  name: string;
  value: PropertyValue | undefined;
  text: string;
  editable: boolean;
  onCommit(value: PropertyValue): boolean;
}

/** A cell: its text; double-click or Enter edits it in the input of its type, Enter or leaving takes the value (or says why not), Escape cancels. */
export function Cell({ property, name, value, text, editable, onCommit }: CellProps) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<FieldValue>();
  const [refusal, setRefusal] = useState<string>();
  const editing = draft !== undefined;
  const cell = useRef<HTMLTableCellElement>(null);
  const start = () => {
    if (!editable) return;
    setDraft(fieldValue(property, value) ?? '');
    setRefusal(undefined);
  };
  const stop = () => {
    setDraft(undefined);
    setRefusal(undefined);
    cell.current?.focus();
  };
  const take = () => {
    const problem = fieldProblem(property, draft, name, t);
    if (problem) {
      setRefusal(problem);
      return;
    }
    if (onCommit(propertyValue(property, draft))) stop();
  };
  if (!editing) {
    return (
      <td
        ref={cell}
        tabIndex={editable ? 0 : undefined}
        onDoubleClick={start}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && editable) {
            event.preventDefault();
            start();
          }
        }}
      >
        {text}
      </td>
    );
  }
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation();
    if (event.key === 'Enter') take();
    else if (event.key === 'Escape') stop();
  };
  return (
    <td ref={cell} className="gportal-table-editing" onClick={(event) => event.stopPropagation()}>
      {property.type === 'boolean' ? (
        <input type="checkbox" aria-label={name} autoFocus checked={draft === true} onChange={(event) => setDraft(event.currentTarget.checked)} onKeyDown={keys} onBlur={take} />
      ) : (
        <input
          type={property.type === 'number' ? 'number' : 'text'}
          aria-label={name}
          aria-invalid={refusal !== undefined}
          autoFocus
          value={String(draft ?? '')}
          placeholder={property.type === 'date' ? 'YYYY-MM-DD' : undefined}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={keys}
          onBlur={take}
        />
      )}
      {refusal && (
        <div className="gportal-table-refusal" role="alert">
          {refusal}
        </div>
      )}
    </td>
  );
}
