import type { MapBounds } from '@gportal/core';
import { formatCount } from '../../i18n/format-count';
import type { Locale } from '../../i18n/messages';

/** The info popup's template: one text for every language, or one per language. */
export type LayerInfoTemplate = string | Partial<Record<Locale, string>>;

/** What the info popup of a loaded layer tells (spec section 2). */
export interface LayerInfo {
  title: string;
  count: number;
  bounds: MapBounds;
}

/** Degrees to 4 decimals (about 10 m): enough to place a layer, short enough to read. */
const degrees = (value: number) => value.toFixed(4);

/** The template of the active language: the setting's (one text, or this language's), else `fallback`. */
export function templateFor(setting: LayerInfoTemplate | undefined, locale: Locale, fallback: string): string {
  const text = typeof setting === 'string' ? setting : setting?.[locale];
  return text ? text : fallback;
}

/**
 * The template with `{title}`, `{count}`, `{bounds}`, `{west}`, `{south}`, `{east}` and `{north}`
 * filled in (the count in the language's digits grouping); other braces are left as written.
 * The result is text: the caller shows it with `textContent`, so a template or title holding
 * markup shows the markup.
 */
export function renderLayerInfo(template: string, { title, count, bounds }: LayerInfo, locale: Locale): string {
  const values: Record<string, string> = {
    title,
    count: formatCount(count, locale),
    west: degrees(bounds.west),
    south: degrees(bounds.south),
    east: degrees(bounds.east),
    north: degrees(bounds.north),
    bounds: `${degrees(bounds.west)}, ${degrees(bounds.south)} – ${degrees(bounds.east)}, ${degrees(bounds.north)}`,
  };
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
