import { createWfsAdapters, LON_LAT_SRS_NAME, readAnswerOnMainThread, type WfsAdapters } from '@gportal/adapters-geoserver';
import type { ChangeSet, FeatureSet, MultiPolygon } from '@gportal/core';
import L from 'leaflet';
import Feature from 'ol/Feature.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import WFS from 'ol/format/WFS.js';
import { LAYER, SCHEMA, describeFeatureTypeOf, generateFeatures, transactionChanges, type DatasetName, DATASETS } from '../data.js';

/** What one dataset gives the contenders: the answers as the server sent them, the change sets, and the adapter that writes them. */
export interface Inputs {
  geoJsonText: string;
  /** The GeoJSON answer's bytes, as they come over the wire: each call makes a `Response` of them. */
  geoJsonBytes: Uint8Array<ArrayBuffer>;
  /** gportal's WFS adapters over a `fetch` that answers GetFeature with a `Response` of `geoJsonBytes`. */
  reading: WfsAdapters;
  gmlText: string;
  changes: Record<'changed' | 'every', ChangeSet>;
  transactions: TransactionWriter;
}

export interface Contender {
  name: string;
  /** `anchor`: another library; `floor`: the least any reader can do; `gportal`: ours. */
  role: 'floor' | 'anchor' | 'gportal';
  input: string;
  /** A contender that ends with a promise is timed until it settles, or until `endedAt` if it gives one. */
  run(inputs: Inputs): unknown;
  /** When the timed work ended (`performance.now()`), for a contender whose promise settles later. */
  endedAt?(): number;
}

/** Facts about a contender's result, checked and reported (not timed). */
export interface ResultFacts {
  features: number;
  firstPosition: string;
  types: string;
  bytes?: number;
}

const olGeoJson = new GeoJSON();
const WFS_URL = '/bench/wfs';

/**
 * gportal's `FeatureTransactions` over WFS (`createWfsAdapters`, the adapter staff save through),
 * on a `fetch` that answers DescribeFeatureType with the benchmark's schema and takes the
 * Transaction's body as it goes out: the clock stops there, so a row is the change set checked
 * against the layer's schema and written, the part `ol/format/WFS` writeTransaction also does.
 */
interface TransactionWriter {
  adapters: WfsAdapters;
  /** The last Transaction body handed to fetch, and when. */
  sent?: { xml: string; at: number };
}

/** The Transaction was written and is not sent: the benchmark measures writing only. */
class NotSent extends Error {}

function transactionWriter(): TransactionWriter {
  const writer: TransactionWriter = {
    adapters: createWfsAdapters({
      url: WFS_URL,
      version: '1.1.0',
      fetch: async (input, init) => {
        const body = typeof init?.body === 'string' ? init.body : '';
        if (body.includes('Transaction')) {
          writer.sent = { xml: body, at: performance.now() };
          throw new NotSent('bench: the transaction is written, not sent');
        }
        if (String(input).includes('DescribeFeatureType') || body.includes('DescribeFeatureType')) {
          return new Response(describeFeatureTypeOf(LAYER), { headers: { 'Content-Type': 'text/xml; subtype=gml/3.1.1' } });
        }
        throw new Error(`bench: no answer for ${String(input)}`);
      },
    }),
  };
  return writer;
}

/** What of a layer a Transaction is written from: its XML names, geometry and typed properties. */
function writtenAs({ schema, localName, prefix, namespace }: typeof LAYER): string {
  const properties = schema.properties.map(({ name, type, nullable }) => [name, type, nullable]);
  return JSON.stringify([localName, prefix, namespace, schema.typeName, schema.geometryField, schema.geometryKind, properties]);
}

/**
 * gportal's `FeatureSource` over WFS as another team's app makes it (`createWfsAdapters({ fetch })`,
 * its default reader), on a `fetch` that answers DescribeFeatureType with the benchmark's schema
 * and GetFeature with a real `Response` of the answer's bytes: the row is the public call, the
 * body read, decoded and typed.
 */
function featureReader(answer: () => Uint8Array<ArrayBuffer>): WfsAdapters {
  return createWfsAdapters({
    url: WFS_URL,
    version: '1.1.0',
    fetch: async (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if (String(input).includes('DescribeFeatureType') || body.includes('DescribeFeatureType')) {
        return new Response(describeFeatureTypeOf(LAYER), { headers: { 'Content-Type': 'text/xml; subtype=gml/3.1.1' } });
      }
      if (body.includes('GetFeature')) return new Response(answer(), { headers: { 'Content-Type': 'application/json;charset=UTF-8' } });
      throw new Error(`bench: no answer for ${String(input)}`);
    },
  });
}

export async function loadInputs(dataset: DatasetName): Promise<Inputs> {
  const [geoJsonText, gmlText] = await Promise.all(
    ['geojson.json', 'gml3.xml'].map(async (file) => (await fetch(`/data/${dataset}-${file}`)).text()),
  );
  const features = generateFeatures(DATASETS[dataset]);
  const transactions = transactionWriter();
  // The layer the adapter reads (once; it keeps it) is the one the change sets were made for, in all that writing uses.
  const read = await transactions.adapters.source.layer(SCHEMA.typeName);
  if (writtenAs(read) !== writtenAs(LAYER)) throw new Error(`bench: DescribeFeatureType read as ${writtenAs(read)}`);
  const geoJsonBytes = new TextEncoder().encode(geoJsonText as string);
  const reading = featureReader(() => geoJsonBytes);
  // The schema is read once, before timing, as a session reads it before the layer's features.
  await reading.source.layer(SCHEMA.typeName);
  return {
    geoJsonText: geoJsonText as string,
    geoJsonBytes,
    reading,
    gmlText: gmlText as string,
    changes: { changed: transactionChanges(features, 'changed'), every: transactionChanges(features, 'every') },
    transactions,
  };
}

/** A GetFeature answer as the adapter's reader gets it (`readAnswerOnMainThread`, the reader `createWfsAdapters` uses by default). */
const answer = (text: string, requestedSrsName?: string) => readAnswerOnMainThread({ body: text, status: 200, layer: LAYER, context: requestedSrsName ? { requestedSrsName } : {} });

export const PARSE_CONTENDERS: Contender[] = [
  { name: 'JSON.parse (floor)', role: 'floor', input: 'GeoJSON text', run: (inputs) => JSON.parse(inputs.geoJsonText) },
  { name: 'DOMParser.parseFromString only (XML floor)', role: 'floor', input: 'GML3 text', run: (inputs) => new DOMParser().parseFromString(inputs.gmlText, 'application/xml') },
  { name: 'ol/format/GeoJSON readFeatures(text)', role: 'anchor', input: 'GeoJSON text', run: (inputs) => olGeoJson.readFeatures(inputs.geoJsonText) },
  { name: 'ol/format/WFS 1.1.0 (GML3) readFeatures(text)', role: 'anchor', input: 'GML3 text', run: (inputs) => new WFS({ version: '1.1.0' }).readFeatures(inputs.gmlText) },
  { name: 'L.geoJSON(JSON.parse(text)) (Leaflet)', role: 'anchor', input: 'GeoJSON text', run: (inputs) => L.geoJSON(JSON.parse(inputs.geoJsonText)) },
  { name: 'gportal GeoJSON → typed features', role: 'gportal', input: 'GeoJSON text', run: (inputs) => answer(inputs.geoJsonText) },
  { name: 'gportal GML3 → typed features (streaming scanner)', role: 'gportal', input: 'GML3 text', run: (inputs) => answer(inputs.gmlText, LON_LAT_SRS_NAME) },
  { name: 'Response.json() (floor of a fetched answer)', role: 'floor', input: 'GeoJSON Response', run: (inputs) => new Response(inputs.geoJsonBytes).json() },
  {
    name: 'gportal createWfsAdapters({ fetch }).source.getFeatures() on a Response',
    role: 'gportal',
    input: 'GeoJSON Response',
    run: (inputs) => inputs.reading.source.getFeatures({ typeName: SCHEMA.typeName, maxFeatures: 2000 }),
  },
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

/** Commits the change set through gportal's WFS adapter; resolves with the body it wrote (never sent). */
async function gportalTransaction(writer: TransactionWriter, changes: ChangeSet): Promise<string> {
  writer.sent = undefined;
  const written = () => writer.sent?.xml;
  try {
    await writer.adapters.transactions.commit(changes);
  } catch (error) {
    if (written() === undefined) throw error;
  }
  const xml = written();
  if (xml === undefined) throw new Error('bench: the adapter wrote no Transaction');
  return xml;
}

export function transactionContenders(fields: 'changed' | 'every'): Contender[] {
  const label = fields === 'changed' ? 'only changed fields' : 'every field';
  let writer: TransactionWriter | undefined;
  return [
    { name: `ol/format/WFS writeTransaction + XMLSerializer (${label})`, role: 'anchor', input: 'change set', run: (inputs) => olTransaction(inputs.changes[fields]) },
    {
      name: `gportal FeatureTransactions.commit: checked and written, XmlStream (${label})`,
      role: 'gportal',
      input: 'change set',
      run: (inputs) => {
        writer = inputs.transactions;
        return gportalTransaction(inputs.transactions, inputs.changes[fields]);
      },
      endedAt: () => writer?.sent?.at ?? NaN,
    },
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
