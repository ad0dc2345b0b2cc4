import { isGportalError } from '@gportal/core';
import { PROPERTY_PARAMETERS, recordPropertyRuns } from '@gportal/core/contracts';
import fc from 'fast-check';
import { describe, it, vi } from 'vitest';
import { readFixture } from '../http/test-support/fixtures.js';
import { damaged } from '../wfs/test-support/answer-arbitraries.js';
import { createGeoServerAdmin, type GeoServerAdmin } from './create-geoserver-admin.js';

/*
 * GeoServer's REST JSON readers (every GET of the four admin adapters), tried with captured
 * answers damaged at random and with answers of GeoServer's shapes whose fields take every form
 * Jettison gives them, and others: `""` for an empty list, a lone element for a list of one,
 * `null`, numbers for names, nested objects. Each read either returns values of the declared
 * types or fails with a typed error (a MalformedResponse), never a TypeError. Fixed seed.
 */

vi.setConfig({ testTimeout: 120_000 });

const SUITE = 'GeoServer REST JSON readers';

/** Every GET the admin adapters read JSON from, and what a sound result is. */
const READS: ReadonlyArray<{ name: string; read: (admin: GeoServerAdmin) => Promise<unknown>; root: string; item?: string }> = [
  { name: 'workspaces.list', read: (admin) => admin.workspaces.list(), root: 'workspaces', item: 'workspace' },
  { name: 'workspaces.get', read: (admin) => admin.workspaces.get('ws'), root: 'workspace' },
  { name: 'workspaces.getNamespace', read: (admin) => admin.workspaces.getNamespace('ws'), root: 'namespace' },
  { name: 'dataStores.list', read: (admin) => admin.dataStores.list('ws'), root: 'dataStores', item: 'dataStore' },
  { name: 'dataStores.get', read: (admin) => admin.dataStores.get('ws', 'store'), root: 'dataStore' },
  { name: 'layers.listFeatureTypes', read: (admin) => admin.layers.listFeatureTypes('ws', 'store'), root: 'featureTypes', item: 'featureType' },
  { name: 'layers.getFeatureType', read: (admin) => admin.layers.getFeatureType('ws', 'store', 'ft'), root: 'featureType' },
  { name: 'layers.listLayers', read: (admin) => admin.layers.listLayers('ws'), root: 'layers', item: 'layer' },
  { name: 'layers.getLayer', read: (admin) => admin.layers.getLayer('ws', 'layer'), root: 'layer' },
  { name: 'styles.list', read: (admin) => admin.styles.list(), root: 'styles', item: 'style' },
  { name: 'styles.get', read: (admin) => admin.styles.get('style'), root: 'style' },
];

const CAPTURED = [
  'rest/workspaces-list.json', 'rest/workspace-single.json', 'rest/datastores-list.json', 'rest/datastore-single-shapefile.json', 'rest/featuretypes-list.json',
  'rest/featuretype-single.json', 'rest/layer-single.json', 'rest/styles-list.json', 'rest/style-single.json',
].map(readFixture);

/** The field names GeoServer's answers use, so generated objects resemble them. */
const FIELDS = [
  'name', 'href', 'workspace', 'isolated', 'prefix', 'uri', 'type', 'enabled', 'connectionParameters', 'entry', '@key', '$', '@class', 'defaultStyle', 'styles', 'style',
  'resource', 'nativeName', 'namespace', 'title', 'keywords', 'string', 'nativeCRS', 'srs', 'nativeBoundingBox', 'latLonBoundingBox', 'minx', 'maxx', 'miny', 'maxy', 'crs',
  'projectionPolicy', 'maxFeatures', 'numDecimals', 'attributes', 'attribute', 'binding', 'nillable', 'minOccurs', 'maxOccurs', 'format', 'languageVersion', 'version', 'filename',
  'constructor', '__proto__',
];

/** A value in any of the forms GeoServer's JSON takes, and some it should not. */
const { value: quirkValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('', 'ws:name', 'EPSG:4326', 'FORCE_DECLARED', 'java.lang.String', 'true', null),
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 5 }),
  ),
}));

/** An answer of a read's shape: `{root: {...}}`, or `{root: {item: one | many | ""}}` for a list. */
const shapedAnswer = fc.constantFrom(...READS).chain(({ root, item }) =>
  (item === undefined ? fc.dictionary(fc.constantFrom(...FIELDS), quirkValue, { maxKeys: 8 }) : fc.oneof(fc.constant(''), fc.record({ [item]: quirkValue }))).map((inner) =>
    JSON.stringify({ [root]: inner }),
  ),
);

function adminAnswering(body: string): GeoServerAdmin {
  const fetch = async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  return createGeoServerAdmin({ url: 'http://geoserver.test/geoserver', fetch });
}

/** The result of a read holds only the types its port declares (names are strings, flags booleans …). */
function sound(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(sound);
  if (typeof value === 'object') return Object.values(value).every((field) => field === undefined || sound(field));
  return false;
}

describe('GeoServer REST JSON readers', () => {
  it.for<[string, fc.Arbitrary<string>]>([
    ['captured answers damaged at random, read by every GET', damaged(CAPTURED)],
    ['answers of their shapes with "" for lists, lone elements, nulls and wrong types', shapedAnswer],
  ])('%s: values of the declared types, or a typed error', async ([property, answers], { task }) => {
    const check = await fc.check(
      fc.asyncProperty(answers, fc.constantFrom(...READS), async (body, { read }) => {
        try {
          const result = await read(adminAnswering(body));
          if (!sound(result)) throw new Error(`unsound result ${JSON.stringify(result)}`);
        } catch (error) {
          if (!isGportalError(error)) throw error;
        }
      }),
      { ...PROPERTY_PARAMETERS, numRuns: 1000 },
    );
    recordPropertyRuns(task, SUITE, property, check);
  });
});
