import { afterEach, describe, expect, it, vi } from 'vitest';
import { UI_FONT_FAMILY } from '../theme/theme';
import { warmText } from './warm-text';

describe('warmText', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lays out a hidden line of Chinese and Latin text in the UI font, then removes it', () => {
    const laidOut: Array<{ text: string | null; font: string; hidden: string; inDocument: boolean; ariaHidden: string | null }> = [];
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      laidOut.push({ text: this.textContent, font: this.style.fontFamily, hidden: this.style.visibility, inDocument: this.isConnected, ariaHidden: this.getAttribute('aria-hidden') });
      return new DOMRect(0, 0, 120, 20);
    });
    const before = document.body.childElementCount;
    warmText();
    expect(laidOut).toHaveLength(1);
    const [line] = laidOut;
    expect(line?.inDocument).toBe(true);
    expect(line?.text).toMatch(/[\u4e00-\u9fff]/);
    expect(line?.text).toMatch(/[A-Za-z]/);
    expect(line?.hidden).toBe('hidden');
    expect(line?.ariaHidden).toBe('true');
    // jsdom keeps the family as written, up to quoting.
    expect(line?.font.replace(/"/g, "'")).toBe(UI_FONT_FAMILY);
    expect(document.body.childElementCount).toBe(before);
  });
});
