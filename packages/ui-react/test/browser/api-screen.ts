import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Drives the map-server API test screen by the accessible names of its controls. */
export function apiScreen(page: Page) {
  const area = page.getByTestId('api-result');
  const outcomes = async () => Number(await area.getAttribute('data-outcome'));
  return {
    area,
    outcomes,
    async fill(label: string, value: string): Promise<void> {
      await page.getByLabel(label, { exact: true }).fill(value);
    },
    /** Presses a button and returns the result text of its call once it has finished. */
    async press(name: string, timeout = 15_000): Promise<string> {
      const before = await outcomes();
      await page.getByRole('button', { name, exact: true }).click();
      await expect.poll(outcomes, { timeout }).toBeGreaterThan(before);
      return area.inputValue();
    },
  };
}
