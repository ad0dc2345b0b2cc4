import type { ChangeSet, FeatureSchema, MapFeature, MultiPolygon, Position } from '@gportal/core';
import type { WfsLayer } from '../describe-feature-type.js';

/**
 * A layer for the adapter's benches beside its readers and writer: `count` MultiPolygon towns of
 * about `positions` lon/lat positions each with five typed properties, the same on every run, as
 * GeoServer answers them (GeoJSON, and GML 3.1 labelled with its lon/lat `epsg.xml#4326`).
 */
const SCHEMA: FeatureSchema = {
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

export const BENCH_LAYER: WfsLayer = { schema: SCHEMA, localName: 'towns', prefix: 'gportal', namespace: 'http://gportal' };
const SRS_NAME = 'http://www.opengis.net/gml/srs/epsg.xml#4326';

export function benchFeatures(count: number, positions: number): MapFeature[] {
  return Array.from({ length: count }, (_, index) => {
    const lng = 115.2 + ((index * 37) % 560) / 100;
    const lat = 20.2 + ((index * 53) % 760) / 100;
    const ring: Position[] = Array.from({ length: positions - 1 }, (_, vertex) => {
      const angle = (2 * Math.PI * vertex) / (positions - 1);
      return [Math.round((lng + 0.03 * Math.cos(angle)) * 1e6) / 1e6, Math.round((lat + 0.03 * Math.sin(angle)) * 1e6) / 1e6];
    });
    ring.push([...(ring[0] as Position)]);
    const geometry: MultiPolygon = { type: 'MultiPolygon', coordinates: [[ring]] };
    const properties = { name: `镇 ${index + 1} & <town>`, code: 350000 + index, area_ha: index * 1.5, active: index % 2 === 0, updated: new Date(Date.UTC(2000 + (index % 25), index % 12, 1)) };
    return { id: `towns.${index + 1}`, geometry, properties };
  });
}

const isoDate = (date: unknown) => (date as Date).toISOString().slice(0, 10);
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function geoJsonAnswer(features: MapFeature[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: features.map((feature) => ({ type: 'Feature', id: feature.id, geometry: feature.geometry, geometry_name: 'geom', properties: { ...feature.properties, updated: isoDate(feature.properties.updated) } })),
  });
}

export function gmlAnswer(features: MapFeature[]): string {
  const members = features.map((feature) => {
    const { name, code, area_ha, active, updated } = feature.properties;
    const surfaces = (feature.geometry as MultiPolygon).coordinates
      .map((polygon) => `<gml:surfaceMember><gml:Polygon>${polygon.map((positions, index) => `<gml:${index === 0 ? 'exterior' : 'interior'}><gml:LinearRing><gml:posList>${positions.map((position) => position.join(' ')).join(' ')}</gml:posList></gml:LinearRing></gml:${index === 0 ? 'exterior' : 'interior'}>`).join('')}</gml:Polygon></gml:surfaceMember>`)
      .join('');
    return `<gportal:towns gml:id="${feature.id}"><gportal:name>${escapeXml(String(name))}</gportal:name><gportal:code>${String(code)}</gportal:code><gportal:area_ha>${String(area_ha)}</gportal:area_ha><gportal:active>${String(active)}</gportal:active><gportal:updated>${isoDate(updated)}Z</gportal:updated><gportal:geom><gml:MultiSurface srsName="${SRS_NAME}">${surfaces}</gml:MultiSurface></gportal:geom></gportal:towns>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><wfs:FeatureCollection xmlns:gportal="${BENCH_LAYER.namespace}" xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" numberOfFeatures="${features.length}"><gml:featureMembers>${members.join('')}</gml:featureMembers></wfs:FeatureCollection>`;
}

/** Half the features inserted, a quarter updated (geometry moved, the name edited), a quarter deleted. */
export function benchChanges(features: MapFeature[]): ChangeSet {
  const half = Math.floor(features.length / 2);
  const threeQuarters = Math.floor((features.length * 3) / 4);
  return {
    typeName: SCHEMA.typeName,
    inserts: features.slice(0, half).map((feature, index) => ({ handle: `new-${index}`, geometry: feature.geometry, properties: feature.properties })),
    updates: features.slice(half, threeQuarters).map((feature) => ({ id: feature.id, geometry: feature.geometry, properties: { name: `${String(feature.properties.name)} (edited)` } })),
    deletes: features.slice(threeQuarters).map((feature) => feature.id),
  };
}
