import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn, waitUntilDisabled } from './browser.js';
import { clickMap, skipAttributes, waitForFeatures, waitForMapReady } from './map-helpers.js';

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const badge = () => page.getByTestId('pending-badge');
const points = () => page.locator('.leaflet-marker-pane .leaflet-editing-icon');
const NOTHING = '没有未保存的修改';

async function openFeatureMap(path = '/feature-map', count = 8) {
  await page.goto(`${baseUrl}${path}`);
  await waitForMapReady(page, count);
}

async function waitForBadge(text: string) {
  await page.getByTestId('pending-badge').filter({ hasText: text }).waitFor();
}

/** Xiamen's larger square is centred on 118.09, 24.48; its popup deletes it. */
async function deleteXiamen() {
  await clickMap(page, 118.09, 24.48);
  await button('删除要素').click();
  await waitForFeatures(page, 7);
}

async function renameFuzhou(name: string) {
  await clickMap(page, 119.3, 26.08);
  await button('编辑属性').click();
  await page.getByRole('textbox', { name: '名称' }).fill(name);
  await button('确定').click();
}

describe('undo and redo on the feature map', () => {
  it('撤销 and 重做 take back and take again each edit, and are disabled when there is nothing to', async () => {
    await openFeatureMap();
    await waitUntilDisabled(button('撤销'));
    await waitUntilDisabled(button('重做'));
    await deleteXiamen();
    await renameFuzhou('榕城');
    await waitForBadge('未保存：新增 0 · 修改 1 · 删除 1');
    await screenshot(page, 'feature-map-undo');

    await button('撤销').click();
    await waitForBadge('未保存：新增 0 · 修改 0 · 删除 1');
    await button('撤销').click();
    await waitForBadge(NOTHING);
    await waitForFeatures(page, 8);
    await waitUntilDisabled(button('撤销'));

    await button('重做').click();
    await waitForFeatures(page, 7);
    await button('重做').click();
    await waitForBadge('未保存：新增 0 · 修改 1 · 删除 1');
    await waitUntilDisabled(button('重做'));
    await clickMap(page, 119.3, 26.08);
    await page.getByTestId('feature-properties').getByText('榕城', { exact: true }).waitFor();
  });

  it('Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo; a new edit clears what could be redone', async () => {
    await openFeatureMap();
    await deleteXiamen();
    await waitForBadge('删除 1');
    await page.keyboard.press('Control+z');
    await waitForBadge(NOTHING);
    await page.keyboard.press('Control+Shift+z');
    await waitForBadge('删除 1');
    await page.keyboard.press('Control+z');
    await waitForBadge(NOTHING);
    await page.keyboard.press('Control+y');
    await waitForBadge('删除 1');
    await page.keyboard.press('Control+z');
    await waitForBadge(NOTHING);
    await renameFuzhou('榕城');
    await waitForBadge('修改 1');
    await waitUntilDisabled(button('重做'));
    await page.keyboard.press('Control+y');
    await waitForBadge('未保存：新增 0 · 修改 1 · 删除 0');
  });

  it('leaves Ctrl+Z to a text field being typed in', async () => {
    await openFeatureMap();
    await deleteXiamen();
    await clickMap(page, 119.3, 26.08);
    await button('编辑属性').click();
    const name = page.getByRole('textbox', { name: '名称' });
    await name.fill('榕城');
    await name.press('Control+z');
    await button('取消').click();
    await expect(badge().textContent()).resolves.toBe('未保存：新增 0 · 修改 0 · 删除 1');
  });

  it('while drawing, Ctrl+Z and 撤销 take back the last point; 重做 waits until the drawing ends', async () => {
    await openFeatureMap();
    await button('标绘').click();
    await waitUntilDisabled(button('撤销'));
    for (const [lng, lat] of [[117.0, 25.0], [117.6, 25.0], [117.6, 25.5], [117.2, 25.6]] as const) await clickMap(page, lng, lat);
    await expect(points().count()).resolves.toBe(4);
    await page.keyboard.press('Control+z');
    await expect.poll(() => points().count()).toBe(3);
    await button('撤销').click();
    await expect.poll(() => points().count()).toBe(2);
    await waitUntilDisabled(button('重做'));
    // The drawing goes on from the points left: a triangle.
    await clickMap(page, 117.3, 25.5);
    await clickMap(page, 117.0, 25.0);
    await waitForFeatures(page, 9);
    await waitForBadge('未保存：新增 1 · 修改 0 · 删除 0');
    await skipAttributes(page);
    await button('撤销').click();
    await waitForFeatures(page, 8);
    await waitForBadge(NOTHING);
  });

  it('is on the map test too, in English as Undo and Redo', async () => {
    await openFeatureMap('/test-map');
    await page.getByText('English', { exact: true }).click();
    await waitUntilDisabled(button('Undo'));
    await waitUntilDisabled(button('Redo'));
    await clickMap(page, 118.09, 24.48);
    await button('Delete feature').click();
    await waitForFeatures(page, 7);
    await screenshot(page, 'test-map-undo-en');
    await button('Undo').click();
    await waitForFeatures(page, 8);
    await waitUntilDisabled(button('Undo'));
    await waitUntilDisabled(button('Redo'), false);
  });
});
