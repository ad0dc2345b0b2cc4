import type { ChangeSet, FeatureSet, MultiPolygon } from '@gportal/core';
import L from 'leaflet';
import Feature from 'ol/Feature.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import WFS from 'ol/format/WFS.js';
import {
  checkChangeSet,
  LON_LAT_SRS_NAME,
  readFeatureSet,
  readFeatureSetWithOpenLayers,
  writeTransaction,
  writeTransactionWithOpenLayers,
} from '@gportal/adapters-geoserver/bench';
import { LAYER, SCHEMA, generateFeatures, transactionChanges, type DatasetName, DATASETS } from '../data.js';

/** What one dataset gives the contenders: the answers as the server sent them, and the change sets. */
export interface Inputs {
  geoJsonText: string;
  gmlText: string;
  changes: Record<'changed' | 'every', ChangeSet>;
}

export interface Contender {
  name: string;
  /** `anchor`: another library; `floor`: the least any reader can do; `gportal`: ours (`before`: the ol path it replaced). */
  role: 'floor' | 'anchor' | 'gportal' | 'gportal-before';
  input: string;
  run(inputs: Inputs): unknown;
}

/** Facts about a contender's result, checked and reported (not timed). */
export interface ResultFacts {
  features: number;
  firstPosition: string;
  types: string;
  bytes?: number;
}

const olGeoJson = new GeoJSON();

export async function loadInputs(dataset: DatasetName): Promise<Inputs> {
  const [geoJsonText, gmlText] = await Promise.all(
    ['geojson.json', 'gml3.xml'].map(async (file) => (await fetch(`/data/${dataset}-${file}`)).text()),
  );
  const features = generateFeatures(DATASETS[dataset]);
  return {
    geoJsonText: geoJsonText as string,
    gmlText: gmlText as string,
    changes: { changed: checkChangeSet(transactionChanges(features, 'changed'), SCHEMA), every: checkChangeSet(transactionChanges(features, 'every'), SCHEMA) },
  };
}

const answer = (text: string) => ({ status: 200, mediaType: 'text/plain', text });

export const PARSE_CONTENDERS: Contender[] = [
  { name: 'JSON.parse (floor)', role: 'floor', input: 'GeoJSON text', run: (inputs) => JSON.parse(inputs.geoJsonText) },
  { name: 'DOMParser.parseFromString only (XML floor)', role: 'floor', input: 'GML3 text', run: (inputs) => new DOMParser().parseFromString(inputs.gmlText, 'application/xml') },
  { name: 'ol/format/GeoJSON readFeatures(text)', role: 'anchor', input: 'GeoJSON text', run: (inputs) => olGeoJson.readFeatures(inputs.geoJsonText) },
  { name: 'ol/format/WFS 1.1.0 (GML3) readFeatures(text)', role: 'anchor', input: 'GML3 text', run: (inputs) => new WFS({ version: '1.1.0' }).readFeatures(inputs.gmlText) },
  { name: 'L.geoJSON(JSON.parse(text)) (Leaflet)', role: 'anchor', input: 'GeoJSON text', run: (inputs) => L.geoJSON(JSON.parse(inputs.geoJsonText)) },
  { name: 'gportal GeoJSON → typed features', role: 'gportal', input: 'GeoJSON text', run: (inputs) => readFeatureSet(answer(inputs.geoJsonText), LAYER) },
  { name: 'gportal GML3 → typed features (streaming scanner)', role: 'gportal', input: 'GML3 text', run: (inputs) => readFeatureSet(answer(inputs.gmlText), LAYER, { requestedSrsName: LON_LAT_SRS_NAME }) },
  { name: 'gportal GeoJSON, ol path (before)', role: 'gportal-before', input: 'GeoJSON text', run: (inputs) => readFeatureSetWithOpenLayers(answer(inputs.geoJsonText), LAYER) },
  { name: 'gportal GML3, ol path (before)', role: 'gportal-before', input: 'GML3 text', run: (inputs) => readFeatureSetWithOpenLayers(answer(inputs.gmlText), LAYER, LON_LAT_SRS_NAME) },
];

/** `ol/format/WFS` writeTransaction on ol features built from the change set, then XMLSerializer: the anchor. */
function olTransaction(changes: ChangeSet): string {
  const geoJson = olGeoJson;
  const feature = (geometry: MultiPolygon | undefined, properties: Record<string, unknown>, id?: string) => {
    const olFeature = new Feature();
    if (id) olFeature.setId(id);
    olFeature.setGeometryName('geom');
    if (geometry) olFeature.setGeometry(geoJson.readGeometry(geometry));
    const text: Record<string, string | null> = {};
    for (const [name, value] of Object.entries(properties)) text[name] = value instanceof Date ? value.toISOString().slice(0, 10) : value === null ? null : String(value);
    olFeature.setProperties(text);
    return olFeature;
  };
  const node = new WFS({ version: '1.1.0' }).writeTransaction(
    changes.inserts.map((insert) => feature(insert.geometry as MultiPolygon, insert.properties)),
    changes.updates.map((update) => feature(update.geometry as MultiPolygon | undefined, update.properties ?? {}, update.id)),
    changes.deletes.map((id) => feature(undefined, {}, id)),
    { featureNS: LAYER.namespace, featurePrefix: LAYER.prefix, featureType: LAYER.localName, srsName: LON_LAT_SRS_NAME, gmlOptions: { multiSurface: false, srsName: LON_LAT_SRS_NAME }, nativeElements: [] },
  );
  return new XMLSerializer().serializeToString(node);
}

export function transactionContenders(fields: 'changed' | 'every'): Contender[] {
  const label = fields === 'changed' ? 'only changed fields' : 'every field';
  return [
    { name: `ol/format/WFS writeTransaction + XMLSerializer (${label})`, role: 'anchor', input: 'change set', run: (inputs) => olTransaction(inputs.changes[fields]) },
    { name: `gportal writeTransaction, xmlbuilder (${label})`, role: 'gportal', input: 'change set', run: (inputs) => writeTransaction(inputs.changes[fields], LAYER, '1.1.0').xml },
    { name: `gportal writeTransaction, ol path (before) (${label})`, role: 'gportal-before', input: 'change set', run: (inputs) => writeTransactionWithOpenLayers(inputs.changes[fields], LAYER, '1.1.0').xml },
  ];
}

function typeOf(value: unknown): string {
  if (value instanceof Date) return 'Date';
  return typeof value === 'number' ? 'num' : typeof value === 'boolean' ? 'bool' : typeof value === 'string' ? 'str' : String(value);
}

/** Count, first position and property types of a parse result, whatever the contender returned. */
export function resultFacts(result: unknown): ResultFacts {
  if (typeof result === 'string') return { features: 0, firstPosition: '-', types: '-', bytes: result.length };
  if (result instanceof Document) {
    return { features: result.getElementsByTagNameNS('*', 'towns').length, firstPosition: (result.getElementsByTagNameNS('*', 'posList')[0]?.textContent ?? '').split(' ').slice(0, 2).join(' '), types: '-' };
  }
  const describe = (properties: Record<string, unknown>, first: unknown) => ({
    firstPosition: String(first),
    types: ['code', 'area_ha', 'active', 'updated'].map((name) => typeOf(properties[name])).join(', '),
  });
  if (result instanceof L.Layer) {
    const layers = (result as L.GeoJSON).getLayers() as L.Polygon[];
    const first = layers[0];
    const latLng = (first?.getLatLngs().flat(3)[0] ?? null) as L.LatLng | null;
    return { features: layers.length, ...describe(first?.feature?.properties ?? {}, latLng ? [latLng.lng, latLng.lat] : '-') };
  }
  if (Array.isArray(result)) {
    const first = result[0] as Feature | undefined;
    const coordinates = (first?.getGeometry() as { getFlatCoordinates(): number[] } | undefined)?.getFlatCoordinates() ?? [];
    const stride = (first?.getGeometry() as { getStride(): number } | undefined)?.getStride() ?? 2;
    return { features: result.length, ...describe(first?.getProperties() ?? {}, coordinates.slice(0, stride)) };
  }
  if (typeof result === 'object' && result !== null && 'skipped' in result) {
    const { features } = result as FeatureSet;
    const first = features[0];
    return { features: features.length, ...describe(first?.properties ?? {}, (first?.geometry.coordinates as number[][][][] | undefined)?.[0]?.[0]?.[0] ?? '-') };
  }
  const collection = result as { features: Array<{ geometry: MultiPolygon; properties: Record<string, unknown> }> };
  const first = collection.features[0];
  return { features: collection.features.length, ...describe(first?.properties ?? {}, first?.geometry.coordinates[0]?.[0]?.[0] ?? '-') };
}
