import type { FeatureSchema } from '@gportal/core';
import type { Locale } from '../../i18n/messages';

/** A field's label: one text for every language, or one per language. */
export type FieldLabel = string | Partial<Record<Locale, string>>;
/** Field labels by layer type name, then field name. */
export type FieldLabels = Readonly<Record<string, Readonly<Record<string, FieldLabel>>>>;

/**
 * The field labels of one layer in `locale`, from the settings' alias table: a label given per
 * language is taken in `locale`, else in the other language; a field without one is left out
 * (the form then shows its name).
 */
export function layerFieldLabels(table: FieldLabels | undefined, typeName: string | undefined, locale: Locale): Readonly<Record<string, string>> {
  const fields = typeName ? table?.[typeName] : undefined;
  if (!fields) return {};
  const labels: Record<string, string> = {};
  for (const [field, label] of Object.entries(fields)) {
    const text = typeof label === 'string' ? label : (label[locale] ?? Object.values(label).find((other) => other !== undefined));
    if (text !== undefined && text.trim() !== '') labels[field] = text;
  }
  return labels;
}

/**
 * The labels a layer's fields show: the configured ones (`fieldLabels`), and for a field without
 * one its title from the server (`PropertySchema.title`, a QGIS project's field alias); a field
 * with neither shows its name.
 */
export function withSchemaTitles(configured: Readonly<Record<string, string>>, schema: FeatureSchema | undefined): Readonly<Record<string, string>> {
  const titled = schema?.properties.filter((property) => property.title !== undefined && !(property.name in configured)) ?? [];
  return titled.length === 0 ? configured : { ...Object.fromEntries(titled.map((property) => [property.name, property.title as string])), ...configured };
}

/** The quotation marks of each language, as the message table's field refusals use them. */
const QUOTES: Readonly<Record<Locale, readonly [string, string]>> = { 'zh-CN': ['“', '”'], en: ['"', '"'] };

/** The names of `fields` as the user reads them: their labels, quoted and joined as a list of the language. */
export function fieldList(fields: readonly string[], labels: Readonly<Record<string, string>>, locale: Locale): string {
  const [open, close] = QUOTES[locale];
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(fields.map((field) => `${open}${labels[field] ?? field}${close}`));
}
