import { DEFAULT_FEATURE_NAMESPACE, MapServerError, type FeatureSchema, type GeometryKind, type PropertySchema } from '@gportal/core';
import { GML_GEOMETRY_KINDS, NS, SERVER_KEY_NAMES, XSD_INTEGER_TYPES, XSD_PROPERTY_TYPES } from './wfs-protocol.js';
import { descendants } from './wfs-xml.js';

/** A feature type as the adapter needs it to write requests: the schema plus its XML name. */
export interface WfsLayer {
  schema: FeatureSchema;
  /** Name of the feature element, without prefix. */
  localName: string;
  /** Namespace prefix used for the type name in requests. */
  prefix: string;
  namespace: string;
}

const GML_NAMESPACES: ReadonlySet<string> = new Set([NS.gml, NS.gml32]);

/** `typeName` split into prefix and local name (`store_33:polygon` → `store_33`, `polygon`). */
export function splitTypeName(typeName: string): { prefix?: string; localName: string } {
  const colon = typeName.indexOf(':');
  return colon < 0 ? { localName: typeName } : { prefix: typeName.slice(0, colon), localName: typeName.slice(colon + 1) };
}

/** A QName attribute value resolved against the element's namespace declarations. */
function resolveQName(element: Element, qualifiedName: string): { namespace: string | null; localName: string } {
  const { prefix, localName } = splitTypeName(qualifiedName);
  return { namespace: element.lookupNamespaceURI(prefix ?? null), localName };
}

/** The simple type of an `<element>`: its `type` attribute, or the base of an inline restriction. */
function simpleTypeOf(element: Element): { namespace: string | null; localName: string } | undefined {
  const type = element.getAttribute('type');
  if (type) return resolveQName(element, type);
  const restriction = descendants(element, 'restriction')[0];
  const base = restriction?.getAttribute('base');
  return restriction && base ? resolveQName(restriction, base) : undefined;
}

/**
 * Whether a property may be left empty: `nillable="true"` (GeoServer's nullable columns, with
 * `minOccurs="0"`; QGIS Server's, alone) or `minOccurs="0"` (the element may be left out). XSD's
 * defaults, `nillable` false and `minOccurs` 1, make a bare element required: QGIS Server writes
 * a NOT NULL column so (`<element type="string" name="name"/>`), GeoServer as
 * `minOccurs="1" nillable="false"`.
 */
const takesEmpty = (element: Element): boolean => element.getAttribute('nillable') === 'true' || element.getAttribute('minOccurs') === '0';

/**
 * A property's title for people to read, where the schema gives one: QGIS Server writes a field's
 * alias as an `alias` attribute on its `<element>`; an XML Schema annotation
 * (`<annotation><documentation>`, how GeoServer writes an attribute's description) says the same.
 */
function titleOf(element: Element): string | undefined {
  const alias = element.getAttribute('alias')?.trim();
  if (alias) return alias;
  const documentation = descendants(element, 'documentation')[0]?.textContent?.trim();
  return documentation ? documentation : undefined;
}

/** Integer-typed, never null and conventionally named: the primary key the server fills. */
function isServerKey(property: PropertySchema): boolean {
  return (
    property.type === 'number' &&
    !property.nullable &&
    SERVER_KEY_NAMES.has(property.name.toLowerCase()) &&
    /int|long|short/i.test(property.nativeType ?? '')
  );
}

/**
 * Reads a DescribeFeatureType answer (XML Schema) into the layer's schema: typed properties, and
 * the geometry property and kind found by their GML types (never by name: GeoServer layers here
 * call it `geom`, QGIS Server always `geometry`). `undefined` when the schema does not declare
 * `typeName` (QGIS Server answers an unknown type with an empty schema).
 */
export function readFeatureSchema(
  document: Document,
  typeName: string,
  overrides: { featureNS?: string; featurePrefix?: string } = {},
): WfsLayer | undefined {
  const root = document.documentElement;
  const { prefix: typePrefix, localName } = splitTypeName(typeName);
  const featureElement = Array.from(root.children).find((child) => child.localName === 'element' && child.getAttribute('name') === localName);
  if (!featureElement) return undefined;

  const typeAttribute = featureElement.getAttribute('type');
  const complexType = typeAttribute
    ? Array.from(root.children).find(
        (child) => child.localName === 'complexType' && child.getAttribute('name') === resolveQName(featureElement, typeAttribute).localName,
      )
    : descendants(featureElement, 'complexType')[0];
  if (!complexType) return undefined;

  let geometry: { field: string; kind: GeometryKind } | undefined;
  const properties: PropertySchema[] = [];
  for (const element of descendants(complexType, 'element')) {
    const name = element.getAttribute('name');
    const type = simpleTypeOf(element);
    if (!name || !type) continue;
    const title = titleOf(element);
    if (type.namespace !== null && GML_NAMESPACES.has(type.namespace)) {
      const kind = GML_GEOMETRY_KINDS[type.localName];
      if (!kind) {
        throw new MapServerError({
          code: 'UnsupportedGeometryType',
          text: `${typeName}.${name} has the geometry type gml:${type.localName}; supported: ${Object.keys(GML_GEOMETRY_KINDS).join(', ')}`,
        });
      }
      geometry ??= { field: name, kind };
      continue;
    }
    properties.push({
      name,
      type: XSD_PROPERTY_TYPES[type.localName] ?? 'string',
      nullable: takesEmpty(element),
      ...(XSD_INTEGER_TYPES.has(type.localName) ? { integer: true } : {}),
      nativeType: type.localName,
      ...(title === undefined ? {} : { title }),
    });
  }
  if (!geometry) {
    throw new MapServerError({ code: 'NoGeometry', text: `${typeName} has no geometry property, so it cannot be shown on a map` });
  }

  const declaredNamespace = root.getAttribute('targetNamespace') ?? '';
  const namespace = overrides.featureNS ?? declaredNamespace;
  const readOnly = properties.filter(isServerKey).map((property) => property.name);
  return {
    schema: {
      typeName,
      geometryField: geometry.field,
      geometryKind: geometry.kind,
      properties,
      ...(namespace ? { namespace } : {}),
      ...(readOnly.length > 0 ? { readOnly } : {}),
    },
    localName,
    // A server that names no prefix gets the spec's feature namespace.
    prefix: overrides.featurePrefix ?? typePrefix ?? (declaredNamespace ? root.lookupPrefix(declaredNamespace) : null) ?? DEFAULT_FEATURE_NAMESPACE,
    namespace,
  };
}
