import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, signIn } from './browser.js';
import { clickMap, readArea, waitForMapReady } from './map-helpers.js';

/** The measurement read-out's area unit: 亩 (mu) beside m², 公顷 and km², in both languages, remembered for the user. */

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest(async (fresh) => {
  page = fresh;
  await signIn(page, baseUrl);
});

const NAMES = {
  'zh-CN': { draw: '标绘', cancel: '取消', unit: '面积单位', options: ['自动', 'm²', '公顷', 'km²', '亩'], mu: '亩', area: /^面积：([\d.]+) (m²|ha|km²|亩)$/ },
  en: { draw: 'Draw polygon', cancel: 'Cancel', unit: 'Area unit', options: ['Auto', 'm²', 'ha', 'km²', 'mu'], mu: 'mu', area: /^Area: ([\d.]+) (m²|ha|km²|mu)$/ },
} as const;

/** Three vertices of a polygon being drawn, between the sample towns: the read-out shows its area. */
const TRIANGLE: Array<[number, number]> = [
  [118.1, 25.6],
  [118.6, 25.6],
  [118.6, 26.0],
];

const readout = () => page.getByTestId('measure-readout');

async function startTriangle(locale: keyof typeof NAMES): Promise<void> {
  await page.getByRole('button', { name: NAMES[locale].draw, exact: true }).click();
  for (const [lng, lat] of TRIANGLE) await clickMap(page, lng, lat);
  await readout().waitFor();
}

async function readoutMatch(locale: keyof typeof NAMES): Promise<RegExpExecArray> {
  await expect.poll(async () => NAMES[locale].area.test((await readout().textContent()) ?? '')).toBe(true);
  return NAMES[locale].area.exec((await readout().textContent()) ?? '')!;
}

describe.each(['zh-CN', 'en'] as const)('areas in %s', (locale) => {
  it('reads the drawn area in 亩 (mu) and the other units on request, and keeps the unit for the user', async () => {
    const names = NAMES[locale];
    if (locale === 'en') {
      await page.getByRole('radio', { name: 'English' }).click();
      await page.waitForFunction(() => document.documentElement.lang === 'en');
    }
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    await startTriangle(locale);
    const squareMetres = readArea((await readout().textContent()) ?? '');
    const unit = page.getByRole('combobox', { name: names.unit, exact: true });
    await expect(unit.locator('option').allTextContents()).resolves.toEqual(names.options);

    await unit.selectOption({ label: names.mu });
    const mu = await readoutMatch(locale);
    expect(mu[2]).toBe(names.mu);
    // 1 亩 = 10 000 / 15 m²; the automatic read-out (km² to two decimals) is the coarser figure.
    expect(Math.abs((Number(mu[1]) * 10_000) / 15 - squareMetres) / squareMetres).toBeLessThan(0.005);
    await unit.selectOption({ label: names.options[1] });
    const m2 = await readoutMatch(locale);
    expect(m2[2]).toBe('m²');
    expect(Math.abs(Number(m2[1]) - (Number(mu[1]) * 10_000) / 15)).toBeLessThan(10_000 / 15 / 100);
    await unit.selectOption({ label: names.options[2] });
    expect((await readoutMatch(locale))[2]).toBe('ha');

    // Remembered: the next drawing, after a reload, reads in the unit picked last.
    await unit.selectOption({ label: names.mu });
    await page.getByRole('button', { name: names.cancel, exact: true }).click();
    await page.reload();
    await waitForMapReady(page, 8);
    await startTriangle(locale);
    await expect(page.getByRole('combobox', { name: names.unit, exact: true }).inputValue()).resolves.toBe('mu');
    expect((await readoutMatch(locale))[1]).toBe(mu[1]);
  }, 60_000);
});
