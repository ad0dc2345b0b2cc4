import type { CSSProperties, ReactNode } from 'react';

export interface PanelProps {
  title: ReactNode;
  /** antd's small card: a lower header and tighter padding. */
  size?: 'small';
  /** The title's heading level: 1 for a screen's own title (the default), 2 for a panel inside a screen (the default when small). */
  level?: 1 | 2;
  /** Beside the title, on the right. */
  extra?: ReactNode;
  style?: CSSProperties;
  bodyStyle?: CSSProperties;
  children?: ReactNode;
}

/**
 * A titled panel drawn as antd's `Card`. `Card` is not used: it imports `Tabs` (with its dropdown
 * and menu) and `Skeleton` for features these screens never use (~6 KiB gzip).
 */
export function Panel({ title, size, level, extra, style, bodyStyle, children }: PanelProps) {
  const small = size === 'small';
  const Heading = (level ?? (small ? 2 : 1)) === 1 ? 'h1' : 'h2';
  return (
    <div className="gportal-panel" style={{ background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8, ...style }}>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          minHeight: small ? 38 : 56,
          padding: small ? '0 12px' : '0 24px',
          borderBottom: '1px solid #f0f0f0',
          fontSize: small ? 14 : 16,
          fontWeight: 600,
        }}
      >
        <Heading style={{ flex: 1, minWidth: 0, margin: 0, font: 'inherit', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</Heading>
        {extra}
      </div>
      <div style={{ padding: small ? 12 : 24, ...bodyStyle }}>{children}</div>
    </div>
  );
}
