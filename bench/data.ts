import type { ChangeSet, FeatureSchema, MapFeature, MultiPolygon, Position } from '@gportal/core';

/**
 * The benchmark's data set, the same on every machine (seeded): N MultiPolygon town features
 * (1–3 polygons, every 4th with a hole) between 115–121 E / 20–28 N with 5 typed properties, about
 * `positionsPerFeature` positions each. Written as GeoServer writes a WFS 1.1.0 answer: GeoJSON,
 * and compact GML 3.1 (`gml:featureMembers`, `gml:MultiSurface`, lon/lat `gml:posList` labelled
 * `http://www.opengis.net/gml/srs/epsg.xml#4326`, GeoServer's lon/lat label).
 */
export const FEATURE_COUNT = 2000;
export const DATASETS = { v50: 50, v500: 500 } as const;
export type DatasetName = keyof typeof DATASETS;

export const NAMESPACE = 'http://gportal';
export const SRS_NAME = 'http://www.opengis.net/gml/srs/epsg.xml#4326';

export const SCHEMA: FeatureSchema = {
  typeName: 'gportal:towns',
  geometryField: 'geom',
  geometryKind: 'MultiPolygon',
  properties: [
    { name: 'name', type: 'string', nullable: true, nativeType: 'xsd:string' },
    { name: 'code', type: 'number', nullable: true, nativeType: 'xsd:int' },
    { name: 'area_ha', type: 'number', nullable: true, nativeType: 'xsd:double' },
    { name: 'active', type: 'boolean', nullable: true, nativeType: 'xsd:boolean' },
    { name: 'updated', type: 'date', nullable: true, nativeType: 'xsd:date' },
  ],
};

/** The WFS layer the adapter reads and writes (`WfsLayer` of `describe-feature-type.ts`). */
export const LAYER = { schema: SCHEMA, localName: 'towns', prefix: 'gportal', namespace: NAMESPACE };

/** mulberry32: small, fast and the same everywhere. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

/** A closed ring of `count` positions (first repeated last) around a centre, jittered. */
function ring(next: () => number, lng: number, lat: number, radius: number, count: number, clockwise: boolean): Position[] {
  const positions: Position[] = [];
  const sides = Math.max(3, count - 1);
  for (let index = 0; index < sides; index += 1) {
    const angle = ((clockwise ? -1 : 1) * 2 * Math.PI * index) / sides;
    const r = radius * (0.85 + 0.3 * next());
    positions.push([round6(lng + r * Math.cos(angle)), round6(lat + r * Math.sin(angle))]);
  }
  positions.push([...(positions[0] as Position)]);
  return positions;
}

export function generateFeatures(positionsPerFeature: number, seed = 20241123): MapFeature[] {
  const next = random(seed + positionsPerFeature);
  const features: MapFeature[] = [];
  for (let index = 0; index < FEATURE_COUNT; index += 1) {
    const parts = 1 + Math.floor(next() * 3);
    const withHole = index % 4 === 0;
    const lng = 115.2 + next() * 5.6;
    const lat = 20.2 + next() * 7.6;
    const perPart = Math.max(8, Math.round(positionsPerFeature / parts));
    const coordinates: Position[][][] = [];
    for (let part = 0; part < parts; part += 1) {
      const radius = 0.01 + next() * 0.04;
      const centre = [lng + part * 0.12, lat + part * 0.05] as const;
      if (withHole && part === 0) {
        const holeCount = Math.max(4, Math.round(perPart * 0.2));
        coordinates.push([ring(next, centre[0], centre[1], radius, perPart - holeCount, false), ring(next, centre[0], centre[1], radius * 0.3, holeCount, true)]);
      } else coordinates.push([ring(next, centre[0], centre[1], radius, perPart, false)]);
    }
    const geometry: MultiPolygon = { type: 'MultiPolygon', coordinates };
    features.push({
      id: `towns.${index + 1}`,
      geometry,
      properties: {
        name: `镇 ${index + 1} & <town>`,
        code: 350000 + index,
        area_ha: round6(next() * 10000),
        active: next() < 0.5,
        updated: new Date(Date.UTC(2000 + (index % 25), index % 12, 1 + (index % 28))),
      },
    });
  }
  return features;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function toGeoJson(features: MapFeature[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: features.map((feature) => ({
      type: 'Feature',
      id: feature.id,
      geometry: feature.geometry,
      geometry_name: 'geom',
      properties: { ...feature.properties, updated: isoDate(feature.properties.updated as Date) },
    })),
    totalFeatures: features.length,
    numberMatched: features.length,
    numberReturned: features.length,
    timeStamp: '2024-11-23T00:00:00.000Z',
    crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4326' } },
  });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The data files are written once by the runner (no user text reaches them); the XML writer under test is gportal's. */
export function toGml(features: MapFeature[]): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<wfs:FeatureCollection xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:gportal="${NAMESPACE}" xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" numberOfFeatures="${features.length}" timeStamp="2024-11-23T00:00:00.000Z">`,
    '<gml:featureMembers>',
  ];
  for (const feature of features) {
    const { name, code, area_ha, active, updated } = feature.properties;
    parts.push(
      `<gportal:towns gml:id="${feature.id}"><gportal:name>${escapeXml(String(name))}</gportal:name><gportal:code>${code}</gportal:code><gportal:area_ha>${area_ha}</gportal:area_ha><gportal:active>${active}</gportal:active><gportal:updated>${isoDate(updated as Date)}Z</gportal:updated><gportal:geom><gml:MultiSurface srsName="${SRS_NAME}">`,
    );
    for (const polygon of (feature.geometry as MultiPolygon).coordinates) {
      parts.push('<gml:surfaceMember><gml:Polygon>');
      polygon.forEach((positions, index) => {
        const boundary = index === 0 ? 'exterior' : 'interior';
        parts.push(`<gml:${boundary}><gml:LinearRing><gml:posList>${positions.map((position) => `${position[0]} ${position[1]}`).join(' ')}</gml:posList></gml:LinearRing></gml:${boundary}>`);
      });
      parts.push('</gml:Polygon></gml:surfaceMember>');
    }
    parts.push('</gml:MultiSurface></gportal:geom></gportal:towns>');
  }
  parts.push('</gml:featureMembers></wfs:FeatureCollection>');
  return parts.join('');
}

/**
 * 1000 inserts + 500 updates + 500 deletes from the data set. `changed`: updates carry the moved
 * geometry and the one property edited; `every`: the geometry and all five properties.
 */
export function transactionChanges(features: MapFeature[], fields: 'changed' | 'every'): ChangeSet {
  const inserts = features.slice(0, 1000).map((feature, index) => ({ handle: `new-${index}`, geometry: feature.geometry, properties: feature.properties }));
  const updates = features.slice(1000, 1500).map((feature) => {
    const geometry = feature.geometry as MultiPolygon;
    const moved: MultiPolygon = { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map((positions) => positions.map(([lng, lat]) => [round6((lng as number) + 0.001), lat as number]))) };
    const properties = fields === 'every' ? { ...feature.properties, name: `${String(feature.properties.name)} (edited)` } : { name: `${String(feature.properties.name)} (edited)` };
    return { id: feature.id, geometry: moved, properties };
  });
  return { typeName: SCHEMA.typeName, inserts, updates, deletes: features.slice(1500).map((feature) => feature.id) };
}

/** XML Schema types of the schema's property types, as GeoServer writes them in DescribeFeatureType. */
const XSD_TYPES = { string: 'xsd:string', number: 'xsd:double', boolean: 'xsd:boolean', date: 'xsd:date' } as const;

/** The layer's DescribeFeatureType answer as GeoServer writes it (WFS 1.1.0): the schema the adapter reads before it writes a Transaction. */
export function describeFeatureTypeOf(layer: typeof LAYER): string {
  const { schema, localName, prefix, namespace } = layer;
  const properties = schema.properties.map(
    (property) => `<xsd:element maxOccurs="1" minOccurs="0" name="${property.name}" nillable="${property.nullable}" type="${property.nativeType ?? XSD_TYPES[property.type]}"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:gml="http://www.opengis.net/gml" xmlns:${prefix}="${namespace}" xmlns:xsd="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified" targetNamespace="${namespace}">
  <xsd:import namespace="http://www.opengis.net/gml" schemaLocation="http://schemas.opengis.net/gml/3.1.1/base/gml.xsd"/>
  <xsd:complexType name="${localName}Type">
    <xsd:complexContent>
      <xsd:extension base="gml:AbstractFeatureType">
        <xsd:sequence>
          <xsd:element maxOccurs="1" minOccurs="0" name="${schema.geometryField}" nillable="true" type="gml:MultiSurfacePropertyType"/>
          ${properties.join('\n          ')}
        </xsd:sequence>
      </xsd:extension>
    </xsd:complexContent>
  </xsd:complexType>
  <xsd:element name="${localName}" substitutionGroup="gml:_Feature" type="${prefix}:${localName}Type"/>
</xsd:schema>
`;
}
