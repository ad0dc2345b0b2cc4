import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPerFile, screenshot, signedInOn } from './browser.js';
import { mapElement, waitForMapReady } from './map-helpers.js';

const baseUrl = inject('baseUrl');
const chromium = chromiumPerFile();

const NAMES = {
  'zh-CN': { polygon: '标绘', measure: '测量', edit: '编辑', delete: '删除', save: '保存', redraw: '重绘', done: '完成', finish: '完成', cancel: '取消', tools: '工具', actions: '当前工具' },
  en: { polygon: 'Draw polygon', measure: 'Measure', edit: 'Edit', delete: 'Delete', save: 'Save', redraw: 'Redraw', done: 'Done', finish: 'Finish', cancel: 'Cancel', tools: 'Tools', actions: 'Current tool' },
} as const;

type Names = (typeof NAMES)[keyof typeof NAMES];

/** Every button in the toolbar's rows (not a running tool's own bar), with its place on the screen. */
async function rowButtons(page: Page): Promise<Array<{ name: string; x: number; y: number; width: number; disabled: boolean }>> {
  return page.getByRole('toolbar').evaluate((toolbar) =>
    [...toolbar.querySelectorAll<HTMLButtonElement>(':scope > .ant-space button, :scope > .gportal-toolbar-row > button, .gportal-tools button')]
      .filter((button) => button.getBoundingClientRect().width > 0)
      .map((button) => {
        const box = button.getBoundingClientRect();
        // In the page's coordinates: focus going to the map may scroll the page, which moves nothing.
        return { name: button.getAttribute('aria-label') ?? '', x: Math.round(box.x + scrollX), y: Math.round(box.y + scrollY), width: Math.round(box.width), disabled: button.disabled };
      }),
  );
}

/** The names in the running tool's own bar (unfolded), or beside 工具 (folded). */
async function actionNames(page: Page, folded: boolean): Promise<string[]> {
  const bar = folded ? page.locator('.gportal-toolbar .gportal-toolbar-actions') : page.getByRole('group', { name: NAMES['zh-CN'].actions }).or(page.getByRole('group', { name: NAMES.en.actions }));
  return bar.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
}

/** An element's box in the page's coordinates (unmoved by a scroll). */
const pageBox = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { x: Math.round(box.x + scrollX), y: Math.round(box.y + scrollY), width: Math.round(box.width), height: Math.round(box.height) };
  });

const where = (buttons: Awaited<ReturnType<typeof rowButtons>>) => buttons.map(({ name, x, y, width }) => ({ name, x, y, width }));

const SCREENS = [
  { name: '1024', device: 'desktop', viewport: { width: 1024, height: 768 }, folded: false },
  { name: '1280', device: 'desktop', viewport: { width: 1280, height: 800 }, folded: false },
  { name: 'phone', device: 'phone', viewport: undefined, folded: true },
] as const;

describe('the feature map toolbar keeps still', () => {
  for (const screen of SCREENS) {
    it.each(['zh-CN', 'en'] as const)(`at ${screen.name} in %s: starting each tool moves no button, disables what cannot be used, and puts the tool's own buttons beside the rows`, async (locale) => {
      const names: Names = NAMES[locale];
      const { context, page } = await signedInOn(chromium.browser, baseUrl, screen.device, locale);
      try {
        if (screen.viewport) await page.setViewportSize(screen.viewport);
        await page.goto(`${baseUrl}/feature-map`);
        await waitForMapReady(page, 8);
        const button = (name: string) => page.getByRole('toolbar').getByRole('button', { name, exact: true });
        // Folded, the tools' panel is hidden until 工具 opens it.
        const pressed = (name: string) => page.getByRole('toolbar').getByRole('button', { name, exact: true, includeHidden: true }).getAttribute('aria-pressed');
        const openTools = async () => {
          if (screen.folded && (await button(names.tools).getAttribute('aria-expanded')) === 'false') await button(names.tools).click();
        };
        await openTools();
        const before = await rowButtons(page);
        const idle = Object.fromEntries(before.map(({ name, disabled }) => [name, disabled]));
        // The screen's own controls and the tools are all there while no tool runs.
        for (const name of [names.polygon, names.measure, names.edit, names.delete, names.save, names.redraw]) expect(Object.keys(idle)).toContain(name);
        expect(idle[names.edit]).toBe(false);
        expect(idle[names.redraw]).toBe(false);
        if (screen.folded) await button(names.tools).click();

        // A polygon drawn offers 避免重叠 beside its own buttons; folded, that toggle is among the tools.
        const tools = [
          { start: names.polygon, own: [names.finish, 'coords', ...(screen.folded ? [] : ['avoid overlaps']), names.cancel] },
          { start: names.measure, own: ['other measure', names.finish, 'coords', names.cancel] },
          { start: names.edit, own: [names.done, names.cancel] },
          { start: names.delete, own: [names.done, names.cancel] },
        ];
        for (const { start, own } of tools) {
          await openTools();
          await button(start).click();
          // Folded, a tap on a tool folds the tools: opened again to read their places.
          await openTools();
          const during = await rowButtons(page);
          expect(where(during), start).toEqual(where(before));
          const state = Object.fromEntries(during.map(({ name, disabled }) => [name, disabled]));
          // The running tool shows pressed; the others, 保存 and 重绘 cannot be used meanwhile.
          await expect(pressed(start)).resolves.toBe('true');
          for (const name of [names.polygon, names.measure, names.edit, names.delete, names.save, names.redraw]) expect(state[name], `${name} while ${start} runs`).toBe(true);
          const actions = await actionNames(page, screen.folded);
          expect(actions.length, start).toBe(own.length);
          expect(actions.at(-1)).toBe(names.cancel);
          expect(actions).toContain(start === names.edit || start === names.delete ? names.done : names.finish);
          if (screen.folded) await button(names.tools).click();
          await screenshot(page, `toolbar-${screen.name}-${locale}-${own.length}-${start}`.replace(/\s+/g, '-'), { fullPage: false });
          await button(names.cancel).click();
          await expect(pressed(start)).resolves.toBe('false');
        }
        await openTools();
        expect(where(await rowButtons(page))).toEqual(where(before));
      } finally {
        await context.close();
      }
    });
  }

  it.each(['zh-CN', 'en'] as const)('on the map test at 1024 and 1280 px and on a phone in %s, the toolbar sits above the 500 × 500 map, and starting a tool moves neither it nor the map', async (locale) => {
    const names: Names = NAMES[locale];
    for (const device of ['desktop', 'phone'] as const) {
      const { context, page } = await signedInOn(chromium.browser, baseUrl, device, locale);
      try {
        for (const width of device === 'phone' ? [390] : [1024, 1280]) {
          if (device === 'desktop') await page.setViewportSize({ width, height: 800 });
          await page.goto(`${baseUrl}/test-map`);
          await waitForMapReady(page, 8);
          const button = (name: string) => page.getByRole('toolbar').getByRole('button', { name, exact: true });
          const map = await pageBox(mapElement(page));
          const rows = await pageBox(page.getByRole('toolbar'));
          // Above the map, not over it.
          expect(rows.y + rows.height).toBeLessThanOrEqual(map.y);
          const before = await rowButtons(page);
          if (device === 'phone') await button(names.tools).click();
          await button(names.polygon).click();
          await expect(pageBox(mapElement(page))).resolves.toEqual(map);
          const during = await pageBox(page.getByRole('toolbar'));
          expect([during.y, during.height]).toEqual([rows.y, rows.height]);
          expect(where(await rowButtons(page))).toEqual(where(before));
          // Unfolded, the tool's own buttons lie over the map's top, inside it; folded, beside 工具.
          const cancel = await pageBox(button(names.cancel));
          if (device === 'desktop') expect(cancel.y).toBeGreaterThanOrEqual(map.y);
          else expect(cancel.y + cancel.height).toBeLessThanOrEqual(map.y);
          expect(cancel.x + cancel.width).toBeLessThanOrEqual(map.x + map.width);
          await screenshot(page, `toolbar-test-map-${locale}-${width}-drawing`, { fullPage: false });
          await button(names.cancel).click();
        }
      } finally {
        await context.close();
      }
    }
  });
});
