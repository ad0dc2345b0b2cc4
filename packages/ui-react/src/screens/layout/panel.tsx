import type { CSSProperties, ReactNode } from 'react';
import './shell.css';

export interface PanelProps {
  title: ReactNode;
  /** antd's small card: a lower header and tighter padding. */
  size?: 'small';
  /** The title's heading level: 1 for a screen's own title (the default), 2 for a panel inside a screen (the default when small). */
  level?: 1 | 2;
  /** Beside the title, on the right. */
  extra?: ReactNode;
  /** Besides `gportal-panel`, e.g. for a screen's own CSS. */
  className?: string;
  style?: CSSProperties;
  bodyStyle?: CSSProperties;
  children?: ReactNode;
}

/**
 * A titled panel drawn as antd's `Card`. `Card` is not used: it imports `Tabs` (with its dropdown
 * and menu) and `Skeleton` for features these screens never use (~6 KiB gzip).
 */
export function Panel({ title, size, level, extra, className, style, bodyStyle, children }: PanelProps) {
  const small = size === 'small';
  const Heading = (level ?? (small ? 2 : 1)) === 1 ? 'h1' : 'h2';
  return (
    <div className={className ? `gportal-panel ${className}` : 'gportal-panel'} style={style}>
      <div
        className={small ? 'gportal-panel-head gportal-panel-small' : 'gportal-panel-head'}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          minHeight: small ? 38 : 56,
          borderBottom: '1px solid #f0f0f0',
          fontSize: small ? 14 : 16,
          fontWeight: 600,
        }}
      >
        <Heading style={{ flex: 1, minWidth: 0, margin: 0, font: 'inherit', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</Heading>
        {extra}
      </div>
      <div className={small ? 'gportal-panel-body gportal-panel-small' : 'gportal-panel-body'} style={bodyStyle}>
        {children}
      </div>
    </div>
  );
}
