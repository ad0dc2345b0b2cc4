/**
 * antd's default look for the app's own plain texts and fields: `Typography` carries ellipsis
 * measuring, copy and edit (~8 KiB gzip), and `theme.useToken` every preset algorithm, none of
 * which is used here (the app keeps antd's default theme).
 */
export const STRONG_TEXT = { fontWeight: 600 } as const;
/** antd's `colorTextSecondary`. */
export const SECONDARY_TEXT = { color: 'rgba(0, 0, 0, 0.45)' } as const;
/** antd's `colorError`. */
export const ERROR_COLOR = '#ff4d4f';
/**
 * The app's font (antd's `fontFamily` token): Latin in Noto Sans, which the app ships
 * (`src/app/app-fonts.css`), then a Chinese font: Noto Sans CJK SC (Debian's and the browser
 * tests' `fonts-noto-cjk`) or its Adobe twin, then those of macOS and Windows.
 */
export const UI_FONT_FAMILY = `'Noto Sans', 'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'`;
/** antd's body text: its `fontFamily` (the app's), `fontSize`, `lineHeight` and `colorText` tokens. */
export const BODY_TEXT = {
  fontFamily: UI_FONT_FAMILY,
  fontSize: 14,
  lineHeight: 22 / 14,
  color: 'rgba(0, 0, 0, 0.88)',
} as const;
