import type { ThemeConfig } from 'antd';

/**
 * The app's colours where antd's defaults fall short of WCAG 2.1 AA contrast (4.5:1 for text,
 * 3:1 for large text and controls): its blue `#1677ff` gives 4.1:1 under white text, its red
 * `#ff4d4f` 3.3:1 on white and its secondary grey `rgba(0, 0, 0, 0.45)` 3.4:1. The darker
 * shades are antd's own palette steps (blue-7, red-7); the grey is the lightest that still
 * gives 4.5:1 on the layout's `#f5f5f5`.
 */
export const COLORS = {
  /** antd blue-7: 6.2:1 under white text, 5.5:1 on the selected menu item's `#e6f4ff`. */
  primary: '#0958d9',
  /** antd red-7: 5.6:1 on white. */
  error: '#cf1322',
  /** 5.7:1 on white, 5.3:1 on `#f5f5f5`. */
  secondaryText: 'rgba(0, 0, 0, 0.6)',
} as const;

/** The antd theme of every screen and of the embeddable feature map (`ConfigProvider theme`). */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: COLORS.primary,
    colorInfo: COLORS.primary,
    colorLink: COLORS.primary,
    colorError: COLORS.error,
    colorTextSecondary: COLORS.secondaryText,
    colorTextTertiary: COLORS.secondaryText,
    colorTextDescription: COLORS.secondaryText,
  },
  components: {
    // The side menu's group titles (演示, 管理, 地图服务器, 地图).
    Menu: { groupTitleColor: COLORS.secondaryText },
  },
};
