import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The buttons that ask before they delete, in both languages. */
const DELETING = new Set(['删除工作空间', '删除数据库', '删除图层', '删除样式', 'Delete workspace', 'Delete database', 'Delete layer', 'Delete style']);

/** The answers of a deleting button's question; antd puts a space between the two characters of a Chinese button. */
const ANSWER = { ok: /^(删\s*除|Delete)$/, cancel: /^(取\s*消|Cancel)$/ } as const;

/** Drives the map-server API test screen by the accessible names of its controls. */
export function apiScreen(page: Page) {
  const area = page.getByTestId('api-result');
  const outcomes = async () => Number(await area.getAttribute('data-outcome'));
  const question = page.getByRole('dialog');
  return {
    area,
    outcomes,
    /** The question a deleting button asks. */
    question,
    async fill(label: string, value: string): Promise<void> {
      await page.getByLabel(label, { exact: true }).fill(value);
    },
    /**
     * Presses a button and returns the result text of its call once it has finished. A deleting
     * button's question, when it asks one (not for a blank input), is answered with its delete button.
     */
    async press(name: string, timeout = 15_000): Promise<string> {
      const before = await outcomes();
      await page.getByRole('button', { name, exact: true }).click();
      if (DELETING.has(name)) {
        await expect.poll(async () => (await outcomes()) > before || (await question.count()) > 0, { timeout }).toBe(true);
        if ((await outcomes()) === before) await this.answer('ok');
      }
      await expect.poll(outcomes, { timeout }).toBeGreaterThan(before);
      return area.inputValue();
    },
    /** Presses a deleting button and returns its question once it shows, unanswered. */
    async ask(name: string): Promise<Locator> {
      await page.getByRole('button', { name, exact: true }).click();
      await question.waitFor();
      return question;
    },
    /** Answers the question shown and waits until it has gone. */
    async answer(choice: keyof typeof ANSWER): Promise<void> {
      // Once antd's opening motion has ended: a click while the dialog still zooms in was lost on a
      // loaded machine, and the dialog stayed.
      await expect.poll(async () => (await question.getAttribute('class')) ?? '').not.toMatch(/-appear/);
      await question.getByRole('button', { name: ANSWER[choice] }).click();
      await question.waitFor({ state: 'hidden' });
    },
  };
}
