import type { Page } from 'playwright-core';

/**
 * The fonts the browser tests render with. Latin text is in the app's own Noto Sans (shipped in
 * the build), Chinese in the CJK font the app names first (Debian's `fonts-noto-cjk`), so a
 * layout measures the same on every machine; the global setup installs what is missing.
 */
export const CJK_FONT = 'Noto Sans CJK SC';

/** DejaVu Sans (Debian's `fonts-dejavu-core`), by the weight it stands in for. */
export const DEJAVU_SANS = {
  400: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  600: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
} as const;

/**
 * Serves DejaVu Sans in place of the app's Latin font files, so the page renders as on a machine
 * where that font is missing and `sans-serif` is DejaVu Sans (Debian's and Ubuntu's default).
 */
export async function serveDejaVuAsAppFont(page: Page): Promise<void> {
  await page.route(/\/assets\/noto-sans-latin-(400|600)-normal-[^/]+\.woff2?$/, async (route) => {
    const weight = /-(400|600)-normal-/.exec(route.request().url())?.[1] as '400' | '600';
    await route.fulfill({ path: DEJAVU_SANS[weight], contentType: 'font/ttf' });
  });
}

/** Waits until the page's fonts have loaded, so text is measured in its final font. */
export async function fontsLoaded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

/** The width in px of a text in a CSS font on the page, e.g. `14px "Noto Sans"`. */
export async function textWidth(page: Page, font: string, text: string): Promise<number> {
  return page.evaluate(
    ([font, text]) => {
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      context.font = font;
      return context.measureText(text).width;
    },
    [font, text] as const,
  );
}
