import { COLORS, UI_FONT_FAMILY } from '../theme/theme';

/**
 * antd's default look for the app's own plain texts and fields: `Typography` carries ellipsis
 * measuring, copy and edit (~8 KiB gzip), and `theme.useToken` every preset algorithm, none of
 * which is used here (the app's theme is `theme.ts`).
 */
export const STRONG_TEXT = { fontWeight: 600 } as const;
/** The theme's `colorTextSecondary`. */
export const SECONDARY_TEXT = { color: COLORS.secondaryText } as const;
/** The theme's `colorError`. */
export const ERROR_COLOR = COLORS.error;
/** antd's body text: its `fontFamily` (the app's), `fontSize`, `lineHeight` and `colorText` tokens. */
export const BODY_TEXT = {
  fontFamily: UI_FONT_FAMILY,
  fontSize: 14,
  lineHeight: 22 / 14,
  color: 'rgba(0, 0, 0, 0.88)',
} as const;
