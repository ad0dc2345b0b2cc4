import type { CSSProperties, ReactNode } from 'react';
import { BODY_TEXT, ERROR_COLOR } from './text-styles';

/** The props that tie an input to its field's error: antd's error outline, and the error as its description. */
export function fieldErrorProps(id: string, error: string | undefined) {
  return error ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}

export interface FormFieldProps {
  /** The id of the input the label is for. */
  id: string;
  label: ReactNode;
  error?: string | undefined;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * A labelled input with its error below, laid out as antd's vertical form item. antd's `Form`
 * (a field store, a validator and their styles, ~22 KiB gzip) is not used: every form here holds
 * its values in React state and checks them with the core's rules.
 */
export function FormField({ id, label, error, style, children }: FormFieldProps) {
  const text = { fontSize: BODY_TEXT.fontSize, lineHeight: BODY_TEXT.lineHeight } as const;
  return (
    <div style={{ marginBottom: error ? 0 : 24, ...style }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: 8, color: BODY_TEXT.color, ...text }}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} role="alert" className="gportal-field-error" style={{ color: ERROR_COLOR, minHeight: 24, ...text }}>
          {error}
        </div>
      )}
    </div>
  );
}
