import type { AttributeBinding } from '@gportal/core';

/** The Java class GeoServer expects for each attribute binding of the domain (feature type creation). */
export const JAVA_BINDINGS = {
  Point: 'org.locationtech.jts.geom.Point',
  MultiPoint: 'org.locationtech.jts.geom.MultiPoint',
  LineString: 'org.locationtech.jts.geom.LineString',
  MultiLineString: 'org.locationtech.jts.geom.MultiLineString',
  Polygon: 'org.locationtech.jts.geom.Polygon',
  MultiPolygon: 'org.locationtech.jts.geom.MultiPolygon',
  String: 'java.lang.String',
  Integer: 'java.lang.Integer',
  Long: 'java.lang.Long',
  Double: 'java.lang.Double',
  Boolean: 'java.lang.Boolean',
  Date: 'java.util.Date',
} as const satisfies Record<AttributeBinding, string>;

/** Other classes GeoServer answers with, read as the nearest domain binding. */
const READ_ALIASES: Readonly<Record<string, AttributeBinding>> = {
  'java.sql.Date': 'Date',
  'java.sql.Timestamp': 'Date',
  'java.lang.Short': 'Integer',
  'java.lang.Float': 'Double',
  'java.math.BigDecimal': 'Double',
  'java.math.BigInteger': 'Long',
};

const BY_CLASS: ReadonlyMap<string, AttributeBinding> = new Map([
  ...Object.entries(JAVA_BINDINGS).map(([binding, javaClass]) => [javaClass, binding as AttributeBinding] as const),
  ...Object.entries(READ_ALIASES),
]);

/**
 * The domain binding of a Java class, or `undefined` when the domain has none (a generic
 * `Geometry`, a byte array…). GeoServer before 2.14 named geometries `com.vividsolutions.jts.geom.*`.
 */
export function bindingOfJavaClass(javaClass: string): AttributeBinding | undefined {
  return BY_CLASS.get(javaClass.replace(/^com\.vividsolutions\.jts\.geom\./, 'org.locationtech.jts.geom.'));
}
