import { UI_FONT_FAMILY } from '../theme/theme';

/**
 * Lays out a hidden line of the UI's text (Chinese and Latin, in the UI's font, at antd's body
 * size) and reads its width, in a task of its own: the browser opens the fonts and matches the
 * style sheets loaded so far now, not in the first frame of the screen about to render (on a
 * 2-core machine that frame's style and layout took 45–110 ms, most of it these first times).
 */
export function warmText(): void {
  const probe = document.createElement('div');
  probe.setAttribute('aria-hidden', 'true');
  probe.style.cssText = `position: absolute; left: -10000px; top: 0; visibility: hidden; white-space: nowrap; font-family: ${UI_FONT_FAMILY}; font-size: 14px`;
  probe.textContent = '编辑图层保存取消撤销重做 Edit layer save 0123456789';
  document.body.append(probe);
  // Reading the width lays the line out now.
  void probe.getBoundingClientRect().width;
  probe.remove();
}
