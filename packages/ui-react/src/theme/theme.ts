import type { ThemeConfig } from 'antd';

/**
 * The app's colours where antd's defaults fall short of WCAG 2.1 AA contrast (4.5:1 for text,
 * 3:1 for large text and controls): its blue `#1677ff` gives 4.1:1 under white text, its red
 * `#ff4d4f` 3.3:1 on white and its secondary grey `rgba(0, 0, 0, 0.45)` 3.4:1. The darker
 * shades are antd's own palette steps (blue-7, red-7); the grey is the lightest that still
 * gives 4.5:1 on the layout's `#f5f5f5`.
 */
export const COLORS = {
  /** antd blue-7: 6.2:1 under white text, 5.5:1 on the current page's `#e6f4ff` in the side menu (`ui/nav-list.css`). */
  primary: '#0958d9',
  /** antd red-7: 5.6:1 on white. */
  error: '#cf1322',
  /** antd green-8: 5.4:1 on the success background `#f6ffed` (green-6 gave 2.3:1). */
  success: '#237804',
  /** antd gold-9: 6.5:1 on the warning background `#fffbe6` (gold-6 gave 1.8:1). */
  warning: '#874d00',
  /** 5.7:1 on white, 5.3:1 on `#f5f5f5`. */
  secondaryText: 'rgba(0, 0, 0, 0.6)',
} as const;

/**
 * The app's font (antd's `fontFamily` token): Latin in Noto Sans, which the app ships
 * (`src/app/app-fonts.css`), then a Chinese font: Noto Sans CJK SC (Debian's and the browser
 * tests' `fonts-noto-cjk`) or its Adobe twin, then those of macOS and Windows.
 */
export const UI_FONT_FAMILY = `'Noto Sans', 'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'`;

/**
 * The antd theme of every screen and of the embeddable feature map (`ConfigProvider theme`).
 * `zeroRuntime`: antd's component styles come from its prebuilt style sheet (`antd/dist/antd.css`,
 * imported with the provider), not from styles generated in the browser as each component first
 * renders. That generation took about 200 ms of the feature map's first render on a 2-core machine
 * (on the large bench's page, first features about 200 ms sooner; bench/README.md). The sheet's
 * rules read the theme through CSS variables, which antd still writes at run time from the tokens
 * below (a few small `<style>` elements of custom properties), so the colours here still apply.
 */
export const THEME: ThemeConfig = {
  zeroRuntime: true,
  token: {
    fontFamily: UI_FONT_FAMILY,
    colorPrimary: COLORS.primary,
    // Hovered and pressed: darker still (blue-8, blue-9), never antd's lighter hover blue, whose
    // 3.6:1 under white text fails wherever a button sits under the pointer.
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorInfo: COLORS.primary,
    colorLink: COLORS.primary,
    colorLinkHover: '#003eb3',
    colorLinkActive: '#002c8c',
    colorError: COLORS.error,
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorTextSecondary: COLORS.secondaryText,
    colorTextTertiary: COLORS.secondaryText,
    colorTextDescription: COLORS.secondaryText,
    // Tags and alerts write these colours on their light backgrounds (kept as antd's).
    colorSuccess: COLORS.success,
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: COLORS.warning,
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    // Preset orange tags (未保存) write orange-7 on orange-1: from this seed, 5.1:1 instead of 3.3:1.
    orange: '#d46b08',
  },
  components: {
    // A disabled button opaque (antd's grey on white), not antd's 4 % black: the map's tools sit on
    // the features, and a dense layer showed through the disabled ones until they could not be read.
    Button: { colorBgContainerDisabled: '#f5f5f5' },
  },
};
