import { act, createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import { FoldingToolbar } from './folding-toolbar';
import { mountedRoot } from '../../test-support/mounted-root';

const mounted = mountedRoot();

const byName = (name: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
const tools = () => document.querySelector<HTMLElement>('.gportal-tools');

function render(folded: boolean, onDraw = vi.fn(), onSave?: () => void) {
  const actions = onSave && (
    <button type="button" aria-label="完成" onClick={onSave}>
      完成
    </button>
  );
  act(() =>
    mounted.root.render(
      <I18nProvider initialLocale="zh-CN">
        <FoldingToolbar ref={createRef<HTMLDivElement>()} folded={folded} actions={actions} below={<div className="gportal-hint">hint</div>}>
          <button type="button" aria-label="标绘" onClick={onDraw}>
            标绘
          </button>
        </FoldingToolbar>
        <div data-testid="map" />
      </I18nProvider>,
    ),
  );
  return onDraw;
}

describe('FoldingToolbar', () => {
  it('unfolded, shows the tools in the toolbar with no 工具 button', () => {
    render(false);
    expect(byName('工具')).toBeNull();
    expect(byName('标绘')?.closest('[role="toolbar"]')?.getAttribute('aria-label')).toBe('绘图工具');
    expect(tools()).toBeNull();
  });

  it('folded, shows the tools under 工具, and folds them again after a tool is used, keeping the hint', () => {
    const onDraw = render(true);
    const toggle = byName('工具');
    expect(toggle?.getAttribute('aria-expanded')).toBe('false');
    expect(toggle?.getAttribute('aria-controls')).toBe(tools()?.id);
    expect(tools()?.hidden).toBe(true);
    act(() => toggle?.click());
    expect(toggle?.getAttribute('aria-expanded')).toBe('true');
    expect(tools()?.hidden).toBe(false);
    act(() => byName('标绘')?.click());
    expect(onDraw).toHaveBeenCalledTimes(1);
    expect(tools()?.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);
    expect(document.querySelector('.gportal-hint')?.textContent).toBe('hint');
  });

  it('folds on Escape, without the Escape reaching the rest of the page, and on a press outside', () => {
    render(true);
    const pageKeys = vi.fn();
    document.addEventListener('keydown', pageKeys);
    act(() => byName('工具')?.click());
    act(() => {
      byName('标绘')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(tools()?.hidden).toBe(true);
    expect(pageKeys).not.toHaveBeenCalled();
    document.removeEventListener('keydown', pageKeys);

    act(() => byName('工具')?.click());
    expect(tools()?.hidden).toBe(false);
    act(() => {
      document.querySelector('[data-testid="map"]')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(tools()?.hidden).toBe(true);
  });

  it("folded, shows the running mode's actions beside 工具, outside the folded tools; a tap on one folds the tools", () => {
    const onSave = vi.fn();
    render(true, vi.fn(), onSave);
    const save = byName('完成');
    expect(save?.closest('.gportal-tools')).toBeNull();
    expect(save?.closest('.gportal-toolbar-row')?.contains(byName('工具'))).toBe(true);
    act(() => byName('工具')?.click());
    act(() => save?.click());
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(tools()?.hidden).toBe(true);
  });

  it("unfolded, shows the actions in a bar of their own under the tools' rows, which they leave as they were", () => {
    render(false, vi.fn());
    const rows = () => [...document.querySelectorAll('[role="toolbar"] .ant-space button')].map((button) => button.getAttribute('aria-label'));
    expect(rows()).toEqual(['标绘']);
    expect(document.querySelector('[role="group"]')).toBeNull();
    render(false, vi.fn(), vi.fn());
    expect(rows()).toEqual(['标绘']);
    const bar = document.querySelector('[role="toolbar"] > .gportal-toolbar-beneath > [role="group"]');
    expect(bar?.getAttribute('aria-label')).toBe('当前工具');
    expect([...(bar?.querySelectorAll('button') ?? [])].map((button) => button.getAttribute('aria-label'))).toEqual(['完成']);
    // Between the rows and what shows beneath them (the hint).
    expect(bar?.parentElement?.previousElementSibling?.classList.contains('ant-space')).toBe(true);
    expect(bar?.nextElementSibling?.classList.contains('gportal-hint')).toBe(true);
  });
});
