/**
 * antd's `Typography.Text` looks for the few plain texts of the screens: `Typography` carries
 * ellipsis measuring, copy and edit (~8 KiB gzip), none of which is used here.
 */
export const STRONG_TEXT = { fontWeight: 600 } as const;
/** antd's `colorTextSecondary`. */
export const SECONDARY_TEXT = { color: 'rgba(0, 0, 0, 0.45)' } as const;
