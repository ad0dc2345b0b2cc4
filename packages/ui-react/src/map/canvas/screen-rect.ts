/** A rectangle in pixels. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Whether two rectangles are the same. */
export function sameRect(a: Rect, b: Rect): boolean {
  return a.left === b.left && a.top === b.top && a.width === b.width && a.height === b.height;
}

/** Whether two rectangles overlap. */
export function intersects(a: Rect, b: Rect): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

/** The part of `rect` inside `area` (empty, a width or height of 0 or less, when they do not meet). */
export function clipped(rect: Rect, area: Rect): Rect {
  const left = Math.max(rect.left, area.left);
  const top = Math.max(rect.top, area.top);
  return { left, top, width: Math.min(rect.left + rect.width, area.left + area.width) - left, height: Math.min(rect.top + rect.height, area.top + area.height) - top };
}

/** The smallest rectangle holding both. */
export function union(a: Rect, b: Rect): Rect {
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  return { left, top, width: Math.max(a.left + a.width, b.left + b.width) - left, height: Math.max(a.top + a.height, b.top + b.height) - top };
}

/** The parts of `area` outside `cut`: up to four bands (above, below, then left and right beside it). */
export function subtract(area: Rect, cut: Rect): Rect[] {
  const right = area.left + area.width;
  const bottom = area.top + area.height;
  const top = Math.max(area.top, cut.top);
  const below = Math.min(bottom, cut.top + cut.height);
  const bands: Rect[] = [];
  if (cut.top > area.top) bands.push({ left: area.left, top: area.top, width: area.width, height: Math.min(cut.top, bottom) - area.top });
  if (cut.top + cut.height < bottom) bands.push({ left: area.left, top: Math.max(cut.top + cut.height, area.top), width: area.width, height: bottom - Math.max(cut.top + cut.height, area.top) });
  if (below > top) {
    if (cut.left > area.left) bands.push({ left: area.left, top, width: Math.min(cut.left, right) - area.left, height: below - top });
    if (cut.left + cut.width < right) bands.push({ left: Math.max(cut.left + cut.width, area.left), top, width: right - Math.max(cut.left + cut.width, area.left), height: below - top });
  }
  return bands.filter((band) => band.width > 0 && band.height > 0);
}
