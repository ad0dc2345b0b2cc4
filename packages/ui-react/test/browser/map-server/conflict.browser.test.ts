import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { wfsServer, wfsSql } from '@gportal/adapters-geoserver/test-support';
import { freshPagePerTest, screenshot, signIn, PORTAL_USER } from '../browser.js';
import { routeToMapServer } from './map-server-routes.js';
import { clickMap, mapElement, waitForFeatures, waitForMapReady, waitForMapStill } from '../map-helpers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    wfsUrl: string;
  }
}

// The conflict dialog against QGIS Server + PostGIS: another client changes rows by SQL between
// the app's load and its save. The feature map of map-server mode edits `districts`: Minnan
// (districts.1, around 117.4–118.3 × 24.3–24.7) and Chaoshan (districts.2, 116.3–117.0 × 23.1–23.7).
const baseUrl = inject('baseUrl');
const wfsUrl = inject('wfsUrl');
let page: Page;
freshPagePerTest((fresh) => {
  page = fresh;
});
beforeEach(() => wfsServer('reset'));

const button = (name: string) => page.getByRole('button', { name, exact: true });
const dialog = () => page.getByRole('dialog', { name: '其他人修改了你也修改的要素' });
const MINNAN: [number, number] = [117.85, 24.5];
// Chaoshan's upper half: a popup may pan its lower edge out of view.
const CHAOSHAN: [number, number] = [116.65, 23.6];

async function openFeatureMap() {
  await routeToMapServer(page, wfsUrl);
  await signIn(page, baseUrl, PORTAL_USER);
  await page.goto(`${baseUrl}/feature-map`);
  await waitForMapReady(page, 2);
}

async function rename([lng, lat]: [number, number], name: string) {
  await waitForMapStill(page);
  await clickMap(page, lng, lat);
  await button('编辑属性').click();
  await page.getByRole('textbox', { name: 'name' }).fill(name);
  await button('确定').click();
}

/** Both districts renamed here, then changed behind the app's back: Minnan renamed, Chaoshan deleted. */
async function conflictingSave() {
  await openFeatureMap();
  await rename(CHAOSHAN, 'Mine too');
  await rename(MINNAN, 'Mine');
  await page.getByTestId('pending-badge').filter({ hasText: '修改 2' }).waitFor();
  await wfsSql(`UPDATE districts SET name = 'By SQL' WHERE id = 1`);
  await wfsSql(`DELETE FROM districts WHERE id = 2`);
  await button('保存').click();
  await dialog().waitFor();
}

const names = async () => wfsSql(`SELECT string_agg(name, ',' ORDER BY id) FROM districts`);

describe('conflict dialog in map-server mode, against QGIS Server + PostGIS', () => {
  it('lists each conflicting feature and field with both values as text; the map outlines them until each is resolved', async () => {
    await conflictingSave();
    const minnan = dialog().getByRole('region', { name: '要素 Mine (districts.1)' });
    const chaoshan = dialog().getByRole('region', { name: '要素 Mine too (districts.2)' });
    await expect(minnan.getByRole('row').nth(1).textContent()).resolves.toBe('nameMineBy SQL');
    await expect(chaoshan.getByRole('row').nth(1).textContent()).resolves.toBe('nameMine too（已被删除）');
    await expect(mapElement(page).getAttribute('data-conflicts')).resolves.toBe('districts.1 districts.2');
    // Nothing was sent: the server keeps the other client's changes.
    expect(await names()).toBe('By SQL');
    await screenshot(page, 'feature-map-conflict-dialog');
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await screenshot(page, 'feature-map-conflict-dialog-390');
    if (viewport) await page.setViewportSize(viewport);

    await minnan.getByRole('button', { name: '保留我的', exact: true }).click();
    await expect.poll(() => mapElement(page).getAttribute('data-conflicts')).toBe('districts.2');
    await chaoshan.getByRole('button', { name: '采用对方的', exact: true }).click();
    await dialog().waitFor({ state: 'hidden' });
    await expect.poll(() => mapElement(page).getAttribute('data-conflicts')).toBe('');
    await waitForFeatures(page, 1);

    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 0，修改 1，删除 0' }).waitFor();
    expect(await names()).toBe('Mine');
  });

  it('one choice for all: 全部采用对方的 shows the server copies and saves nothing', async () => {
    await conflictingSave();
    // Closed unresolved, the conflicts stay outlined; the next save finds them again.
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    await expect(mapElement(page).getAttribute('data-conflicts')).resolves.toBe('districts.1 districts.2');
    await page.getByText('English', { exact: true }).click();
    await button('Save').click();
    await page.getByRole('dialog', { name: 'Someone else changed features you changed' }).getByRole('button', { name: 'Keep mine', exact: true }).first().waitFor();
    // After antd's opening animation.
    await page.waitForTimeout(500);
    await screenshot(page, 'feature-map-conflict-dialog-en');
    await button('Take theirs for all').click();
    await waitForFeatures(page, 1);
    await page.getByTestId('pending-badge').filter({ hasText: 'No unsaved changes' }).waitFor();
    expect(await names()).toBe('By SQL');
  });
});
