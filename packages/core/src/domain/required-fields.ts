import type { FeatureSchema, Properties, PropertyValue } from './feature.js';

/** A value that fills nothing: absent, `null`, or a text of spaces only. */
const isBlank = (value: PropertyValue | undefined): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The required properties a feature leaves blank, in the schema's order: those the server does
 * not take empty (`nullable` false, read from `nillable` and `minOccurs` of DescribeFeatureType)
 * and does not fill itself (`readOnly`, e.g. a primary key). A blank value is an absent one,
 * `null`, or a text of spaces only. Editors check this before a save, so a server's NOT NULL
 * refusal never reaches the user as the first word.
 */
export function missingRequiredFields(feature: { readonly properties: Readonly<Properties> }, schema: Pick<FeatureSchema, 'properties' | 'readOnly'>): string[] {
  return schema.properties
    .filter((property) => !property.nullable && !schema.readOnly?.includes(property.name) && isBlank(feature.properties[property.name]))
    .map((property) => property.name);
}
