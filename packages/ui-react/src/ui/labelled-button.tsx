import { Button, type ButtonProps } from 'antd';

/**
 * A button whose accessible name is exactly its label from the message table: antd would
 * space out a two-character Chinese label ("标 绘") and add its icon's name ("border 标绘").
 */
export function LabelledButton({ label, ...props }: Omit<ButtonProps, 'children' | 'aria-label'> & { label: string }) {
  return (
    <Button {...props} aria-label={label} autoInsertSpace={false}>
      {label}
    </Button>
  );
}

/** For buttons made by antd itself (confirm dialogs): labels as written, not spaced out. */
export const UNSPACED_BUTTON = { autoInsertSpace: false } as const;
