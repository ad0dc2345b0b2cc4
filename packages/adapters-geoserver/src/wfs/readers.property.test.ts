import './test-support/register-dom.js';
import { isGeometry, MapServerError, type ChangeSet, type Geometry, type MapFeature } from '@gportal/core';
import { geometryOfDimension, PROPERTY_PARAMETERS, recordPropertyRuns, validGeometry } from '@gportal/core/contracts';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFeatureTypes } from './capabilities.js';
import { checkChangeSet } from './change-set-check.js';
import { readFeatureSchema } from './describe-feature-type.js';
import { readExceptionReport } from './exception-report.js';
import { readFeatureSet } from './feature-reader.js';
import { readGmlFeatures } from './gml-feature-reader.js';
import { damaged, documentOf, numberText } from './test-support/answer-arbitraries.js';
import { layerFromSchema, readGeoServerFixture, readQgisFixture } from './test-support/fixtures.js';
import { writeTransaction } from './transaction-request.js';
import { readTransactionResult } from './transaction-response.js';
import { parseXml } from './wfs-xml.js';
import { scanXml, XmlSyntaxError } from './xml-scanner.js';

/*
 * Every reader of a server answer, tried with answers captured from QGIS Server and GeoServer and
 * then damaged at random, with documents of its own vocabulary carrying hostile values, and with
 * random text: each either reads the answer or refuses it with a MapServerError, and what it
 * reads is sound (features the map can draw, finite numbers). Fixed seeds: every machine tries
 * the same inputs.
 */

// Hundreds of inputs per test: time enough on a slow, shared machine (a hang still fails, by fast-check's time limit).
vi.setConfig({ testTimeout: 120_000 });

// The readers log the features they skip; thousands of hostile answers would flood the output.
beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

const towns = layerFromSchema(readQgisFixture('wfs110-DescribeFeatureType-towns.xsd'), 'towns');

/** True when `read` returns, or throws the typed error; any other exception fails the property with itself. */
function readsOrRefuses(read: () => unknown): boolean {
  try {
    read();
  } catch (error) {
    if (error instanceof MapServerError) return true;
    throw error;
  }
  return true;
}

/** Whether every feature read is one the map can draw: the answer's hostile geometries were skipped. */
function drawable(features: readonly MapFeature[]): boolean {
  return features.every((feature) => isGeometry(feature.geometry) && typeof feature.id === 'string');
}

const GML_ANSWERS = [
  readQgisFixture('wfs110-GetFeature-towns-gml3.xml'),
  readQgisFixture('wfs110-GetFeature-towns-gml3-srsname-EPSG4326.xml'),
  readQgisFixture('wfs110-GetFeature-districts-gml3.xml'),
  readQgisFixture('wfs100-GetFeature-poi-gml2.xml'),
  readQgisFixture('ol-writeGetFeature.response.xml'),
  readGeoServerFixture('wfs/getfeature-2.0.0-gml32.xml'),
  readGeoServerFixture('wfs/getfeature-1.1.0-gml3-topp-states.xml'),
];

const GML_VOCABULARY = {
  roots: ['wfs:FeatureCollection'],
  elements: [
    'gml:featureMember', 'gml:featureMembers', 'wfs:member', 'qgs:towns', 'qgs:name', 'qgs:population', 'qgs:founded', 'qgs:is_capital', 'qgs:geometry',
    'gml:Point', 'gml:MultiPoint', 'gml:LineString', 'gml:Curve', 'gml:MultiLineString', 'gml:MultiCurve', 'gml:Polygon', 'gml:Surface', 'gml:MultiSurface', 'gml:MultiPolygon',
    'gml:exterior', 'gml:interior', 'gml:outerBoundaryIs', 'gml:LinearRing', 'gml:Ring', 'gml:posList', 'gml:pos', 'gml:coordinates', 'gml:pointMember', 'gml:surfaceMember', 'gml:polygonMember', 'gml:lineStringMember',
  ],
  attributes: ['gml:id', 'fid', 'srsName', 'srsDimension', 'dimension', 'cs', 'ts', 'decimal'],
  namespaces: { wfs: 'http://www.opengis.net/wfs', gml: 'http://www.opengis.net/gml', qgs: 'http://www.qgis.org/gml' },
};

/** Positions as GML writes them: hostile values among plain ones. */
const posListText = fc.array(numberText, { minLength: 0, maxLength: 12 }).map((values) => values.join(' '));
const gmlWithHostilePositions = fc.array(fc.tuple(fc.constantFrom('Point><gml:pos', 'LineString><gml:posList', 'Polygon><gml:exterior><gml:LinearRing><gml:posList'), posListText), { maxLength: 4 }).map((members) => {
  const close = (open: string) => open.split('><').reverse().map((name) => `</${name.replace(/^gml:/, '')}>`.replace('</', '</gml:')).join('');
  const body = members
    .map(([open, text], index) => `<gml:featureMember><qgs:towns gml:id="towns.${index}"><qgs:geometry><gml:${open}>${text}${close(open)}</qgs:geometry></qgs:towns></gml:featureMember>`)
    .join('');
  return `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:qgs="http://www.qgis.org/gml">${body}</wfs:FeatureCollection>`;
});

describe('GML feature reader (GetFeature, streamed)', () => {
  const SUITE = 'WFS GML feature reader';
  const readGml = (text: string) => readFeatureSet({ status: 200, mediaType: 'text/xml', text }, towns);

  it.for<[string, fc.Arbitrary<string>]>([
    ['captured answers damaged at random', damaged(GML_ANSWERS)],
    ['documents of GML elements with hostile values', documentOf(GML_VOCABULARY)],
    ['features whose positions hold NaN, INF, 1e400, 1abc …', gmlWithHostilePositions],
  ])('%s: read (only drawable features) or MapServerError', ([property, answers], { task }) => {
    const check = fc.check(
      fc.property(answers, (text) =>
        readsOrRefuses(() => {
          if (!drawable(readGml(text).features)) throw new Error('a feature the map cannot draw was read');
        }),
      ),
      PROPERTY_PARAMETERS,
    );
    recordPropertyRuns(task, SUITE, property, check);
  });
});

describe('XML scanner', () => {
  const SUITE = 'XML scanner';
  const NOTHING = { open: () => undefined, close: () => undefined, text: () => false };

  it.for<[string, fc.Arbitrary<string>]>([
    ['random text', fc.string({ unit: 'binary', maxLength: 60 })],
    ['random markup', fc.array(fc.constantFrom('<a>', '</a>', '<b x="1"/>', '<?p?>', '<!-- c -->', '<![CDATA[d]]>', '&amp;', '&#65;', '&x;', 'text', ' ', '<', '>', '"'), { maxLength: 12 }).map((parts) => parts.join(''))],
    ['captured answers damaged at random', damaged(GML_ANSWERS)],
  ])('%s: scanned or XmlSyntaxError', ([property, texts], { task }) => {
    const check = fc.check(
      fc.property(texts, (text) => {
        try {
          scanXml(text, NOTHING);
        } catch (error) {
          if (error instanceof XmlSyntaxError) return true;
          throw error;
        }
        return true;
      }),
      PROPERTY_PARAMETERS,
    );
    recordPropertyRuns(task, SUITE, property, check);
  });
});

describe('GeoJSON feature reader', () => {
  const SUITE = 'WFS GeoJSON feature reader';
  const readJson = (text: string) => readFeatureSet({ status: 200, mediaType: 'application/json', text }, towns);
  const GEOJSON_ANSWERS = [readQgisFixture('wfs110-GetFeature-towns-geojson.json'), readQgisFixture('wfs110-GetFeature-towns-filter-geojson.json')];
  const hostileGeometry = fc.record({ type: fc.constantFrom('Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection'), coordinates: fc.jsonValue({ maxDepth: 5 }) });
  const member = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.record({ type: fc.constant('Feature'), id: fc.oneof(fc.string(), fc.integer(), fc.jsonValue({ maxDepth: 1 })), geometry: fc.oneof(validGeometry, hostileGeometry, fc.jsonValue({ maxDepth: 2 })), properties: fc.oneof(fc.dictionary(fc.constantFrom('name', 'population', 'founded', 'is_capital', 'constructor', '__proto__'), fc.jsonValue({ maxDepth: 2 })), fc.jsonValue({ maxDepth: 1 })) }, { requiredKeys: [] }),
  );
  const collections = fc.oneof(fc.record({ type: fc.constant('FeatureCollection'), features: fc.array(member, { maxLength: 5 }) }), fc.jsonValue({ maxDepth: 3 })).map((value) => JSON.stringify(value) ?? 'null');

  it.for<[string, fc.Arbitrary<string>]>([
    ['captured answers damaged at random', damaged(GEOJSON_ANSWERS)],
    ['feature collections of any JSON, hostile geometries among them', collections],
  ])('%s: read (only drawable features) or MapServerError', ([property, answers], { task }) => {
    const check = fc.check(
      fc.property(answers, (text) =>
        readsOrRefuses(() => {
          if (!drawable(readJson(text).features)) throw new Error('a feature the map cannot draw was read');
        }),
      ),
      PROPERTY_PARAMETERS,
    );
    recordPropertyRuns(task, SUITE, property, check);
  });

  it('round trip: features written as GeoJSON read back equal (2D positions, schema-typed properties)', ({ task }) => {
    const feature = fc.record({
      id: fc.string({ minLength: 1, maxLength: 8 }),
      geometry: geometryOfDimension(2),
      properties: fc.record({ name: fc.option(fc.string(), { nil: null }), population: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }), is_capital: fc.option(fc.boolean(), { nil: null }) }),
    });
    const check = fc.check(
      fc.property(fc.uniqueArray(feature, { maxLength: 4, selector: (item) => item.id }), (features) => {
        const text = JSON.stringify({ type: 'FeatureCollection', features: features.map((item) => ({ type: 'Feature', ...item })) });
        const read = readJson(text);
        // JSON has no -0: what is written is what any reader gets back.
        const written = JSON.parse(text) as { features: Array<{ id: string; geometry: Geometry; properties: Record<string, unknown> }> };
        expect(read.skipped).toBe(0);
        expect(read.features).toEqual(written.features.map(({ id, geometry, properties }) => ({ id, geometry, properties: { id: null, area_km2: null, founded: null, ...properties } })));
      }),
      PROPERTY_PARAMETERS,
    );
    recordPropertyRuns(task, SUITE, 'round trip of well-formed features', check);
  });
});

/** The DOM readers build a jsdom document per input: fewer inputs keep the suite's time near the others'. */
const DOM_PARAMETERS = { ...PROPERTY_PARAMETERS, numRuns: 250 };

/** What the DOM readers get: the answer parsed (MalformedResponse when it is not well-formed), then read. */
function readDocument<T>(text: string, read: (document: Document) => T): T {
  return read(parseXml(text, 'property test'));
}

describe('Transaction writer and TransactionResponse reader', () => {
  const SUITE = 'WFS TransactionResponse reader and Transaction writer';
  const ANSWERS = [
    readGeoServerFixture('wfs/transaction-response-1.1.0-insert.xml'),
    readGeoServerFixture('wfs/transaction-response-2.0.0-update.e-learning-excerpt.xml'),
    readQgisFixture('wfs110-Transaction-insert.response.xml'),
    readQgisFixture('wfs110-Transaction-bad-geometry.response.xml'),
  ];
  const VOCABULARY = {
    roots: ['wfs:TransactionResponse', 'wfs:WFS_TransactionResponse'],
    elements: ['wfs:TransactionSummary', 'wfs:totalInserted', 'wfs:totalUpdated', 'wfs:totalDeleted', 'wfs:InsertResults', 'wfs:Feature', 'ogc:FeatureId', 'fes:ResourceId', 'wfs:InsertResult', 'wfs:TransactionResults', 'wfs:Action', 'wfs:Message', 'wfs:TransactionResult', 'wfs:Status', 'wfs:SUCCESS', 'wfs:FAILED', 'wfs:PARTIAL', 'wfs:Locator'],
    attributes: ['fid', 'rid', 'handle', 'locator', 'code'],
    namespaces: { wfs: 'http://www.opengis.net/wfs', ogc: 'http://www.opengis.net/ogc', fes: 'http://www.opengis.net/fes/2.0' },
  };
  const changes: ChangeSet = {
    typeName: 'towns',
    inserts: [{ handle: 'putian', geometry: { type: 'Point', coordinates: [119, 25.4] }, properties: { name: 'Putian' } }],
    updates: [{ id: 'towns.1', properties: { name: 'Fuzhou' } }],
    deletes: ['towns.6'],
  };
  const written = { xml: '', actions: new Map([['putian', { kind: 'insert' as const, ref: 'putian' }], ['update:towns.1', { kind: 'update' as const, ref: 'towns.1' }], ['delete:towns.6', { kind: 'delete' as const, ref: 'towns.6' }]]) };

  it.for<[string, fc.Arbitrary<string>]>([
    ['captured answers damaged at random', damaged(ANSWERS)],
    ['documents of its elements with hostile ids, counts and texts', documentOf(VOCABULARY)],
  ])('%s: a commit result with whole, non-negative totals, or MapServerError', ([property, answers], { task }) => {
    const check = fc.check(
      fc.property(answers, (text) =>
        readsOrRefuses(() => {
          const { totals } = readDocument(text, (document) => readTransactionResult(document, written, changes));
          if (![totals.inserted, totals.updated, totals.deleted].every((total) => Number.isSafeInteger(total) && total >= 0)) throw new Error(`totals ${JSON.stringify(totals)}`);
        }),
      ),
      DOM_PARAMETERS,
    );
    recordPropertyRuns(task, SUITE, property, check);
  });

  it('round trip: the inserts a Transaction carries read back equal through the GML reader', ({ task }) => {
    const polygons = geometryOfDimension(2).filter((geometry) => geometry.type === 'Polygon');
    // XML normalises line ends and cannot carry most control characters; a blank text is read as no value.
    const name = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((text) => /\S/.test(text) && [...text].every((character) => character.codePointAt(0) as number >= 0x20 || character === '\t' || character === '\n'));
    const insert = fc.record({
      geometry: polygons,
      properties: fc.record({
        name: fc.option(name, { nil: null }),
        // A whole-number column; -0 is written as 0 (`String(-0)`), as every database stores it: adding 0 makes it 0.
        population: fc.option(fc.maxSafeInteger().map((value) => value + 0), { nil: null }),
        is_capital: fc.option(fc.boolean(), { nil: null }),
        founded: fc.option(fc.integer({ min: Date.UTC(1000, 0, 1) / 86_400_000, max: Date.UTC(9999, 11, 31) / 86_400_000 }).map((day) => new Date(day * 86_400_000)), { nil: null }),
      }),
    });
    const check = fc.check(
      fc.property(fc.array(insert, { minLength: 1, maxLength: 4 }), fc.constantFrom('1.0.0', '1.1.0', '2.0.0') as fc.Arbitrary<'1.0.0' | '1.1.0' | '2.0.0'>, (inserts, version) => {
        const sent: ChangeSet = { typeName: 'towns', inserts: inserts.map((item, index) => ({ handle: `new-${index}`, ...item })), updates: [], deletes: [] };
        const { xml } = writeTransaction(checkChangeSet(sent, towns.schema), towns, version);
        // The Insert elements become the members of a feature collection, each given an id.
        let index = 0;
        const members = [...xml.matchAll(/<Insert handle="[^"]*">([\s\S]*?)<\/Insert>/g)].map(([, feature]) => `<gml:featureMember>${(feature as string).replace(/^<(\w+) /, (_open, local: string) => `<${local} fid="towns.${index++}" `)}</gml:featureMember>`);
        const collection = `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml">${members.join('')}</wfs:FeatureCollection>`;
        const read = readGmlFeatures(collection, towns, 200);
        const normalised = JSON.parse(JSON.stringify(inserts.map((item) => item.geometry))) as Geometry[];
        expect(read.skippedIds).toEqual([]);
        expect(read.features.map((feature) => feature.geometry)).toEqual(normalised);
        expect(read.features.map((feature) => feature.properties)).toEqual(inserts.map((item) => ({ id: null, area_km2: null, ...item.properties })));
      }),
      { ...PROPERTY_PARAMETERS, numRuns: 200 },
    );
    recordPropertyRuns(task, SUITE, 'round trip: Transaction inserts read back by the GML reader', check);
  });
});

describe('OWS exception report reader', () => {
  const SUITE = 'OWS ExceptionReport reader';
  const ANSWERS = [
    readGeoServerFixture('wfs/exception-report-ows-1.0.0.xml'),
    readGeoServerFixture('wfs/exception-report-ows-1.1.0.xml'),
    readGeoServerFixture('wfs/exception-report-ows-1.0.0-transaction-failure.xml'),
    readGeoServerFixture('wfs/service-exception-report-wms-1.3.0.xml'),
    readQgisFixture('wfs110-GetFeature-unknown-typename.ExceptionReport.xml'),
  ];
  const VOCABULARY = {
    roots: ['ows:ExceptionReport', 'ServiceExceptionReport', 'ows:Other'],
    elements: ['ows:Exception', 'ows:ExceptionText', 'ServiceException', 'ows:Other'],
    attributes: ['exceptionCode', 'code', 'locator', 'version'],
    namespaces: { ows: 'http://www.opengis.net/ows/1.1', '': 'http://www.opengis.net/ogc' },
  };

  it.for<[string, fc.Arbitrary<string>]>([
    ['captured answers damaged at random', damaged(ANSWERS)],
    ['documents of its elements with hostile codes and texts', documentOf(VOCABULARY)],
  ])('%s: a MapServerError with a text, nothing, or MalformedResponse', ([property, answers], { task }) => {
    const check = fc.check(
      fc.property(answers, (text) =>
        readsOrRefuses(() => {
          const report = readDocument(text, (document) => readExceptionReport(document, 200));
          if (report !== undefined && !(report instanceof MapServerError && report.text.length > 0)) throw new Error('an exception report without a text');
        }),
      ),
      DOM_PARAMETERS,
    );
    recordPropertyRuns(task, SUITE, property, check);
  });
});

describe('WFS capabilities reader', () => {
  const SUITE = 'WFS GetCapabilities reader';
  const ANSWERS = [readQgisFixture('wfs100-GetCapabilities.xml'), readQgisFixture('wfs110-GetCapabilities.xml'), readGeoServerFixture('wfs/getcapabilities-1.1.0.xml')];
  const VOCABULARY = {
    roots: ['wfs:WFS_Capabilities'],
    elements: ['wfs:FeatureTypeList', 'wfs:FeatureType', 'wfs:Name', 'wfs:Title', 'ows:WGS84BoundingBox', 'ows:LowerCorner', 'ows:UpperCorner', 'wfs:LatLongBoundingBox'],
    attributes: ['minx', 'miny', 'maxx', 'maxy', 'dimensions'],
    namespaces: { wfs: 'http://www.opengis.net/wfs', ows: 'http://www.opengis.net/ows' },
  };

  it.for<[string, fc.Arbitrary<string>]>([
    ['captured answers damaged at random', damaged(ANSWERS)],
    ['documents of its elements with hostile names and boxes', documentOf(VOCABULARY)],
  ])('%s: feature types with finite boxes, or MalformedResponse', ([property, answers], { task }) => {
    const check = fc.check(
      fc.property(answers, (text) =>
        readsOrRefuses(() => {
          const types = readDocument(text, readFeatureTypes);
          if (!types.every((type) => typeof type.name === 'string' && (type.bbox === undefined || type.bbox.every(Number.isFinite)))) throw new Error('a type without a name or with a box that is not finite');
        }),
      ),
      DOM_PARAMETERS,
    );
    recordPropertyRuns(task, SUITE, property, check);
  });
});

describe('DescribeFeatureType reader', () => {
  const SUITE = 'WFS DescribeFeatureType reader';
  const ANSWERS = [
    readQgisFixture('wfs110-DescribeFeatureType-towns.xsd'),
    readQgisFixture('wfs100-DescribeFeatureType-rivers.xsd'),
    readQgisFixture('wfs110-DescribeFeatureType-all.xsd'),
    readGeoServerFixture('wfs/describefeaturetype-1.1.0.xsd'),
    readGeoServerFixture('wfs/describefeaturetype-2.0.0.xsd'),
  ];
  const VOCABULARY = {
    roots: ['xsd:schema'],
    elements: ['xsd:element', 'xsd:complexType', 'xsd:complexContent', 'xsd:extension', 'xsd:sequence', 'xsd:simpleType', 'xsd:restriction'],
    attributes: ['name', 'type', 'base', 'nillable', 'minOccurs', 'substitutionGroup', 'targetNamespace'],
    namespaces: { xsd: 'http://www.w3.org/2001/XMLSchema', gml: 'http://www.opengis.net/gml', qgs: 'http://www.qgis.org/gml' },
  };
  const typeNames = ['towns', 'qgs:towns', 'rivers', 'topp:roads22', 'x'];

  it.for<[string, fc.Arbitrary<string>]>([
    ['captured answers damaged at random', damaged(ANSWERS)],
    ['schemas of its elements with hostile names and types', documentOf(VOCABULARY)],
  ])('%s: a layer, none, or MapServerError', ([property, answers], { task }) => {
    const check = fc.check(
      fc.property(answers, fc.constantFrom(...typeNames), (text, typeName) =>
        readsOrRefuses(() => {
          const layer = readDocument(text, (document) => readFeatureSchema(document, typeName));
          if (layer && !(typeof layer.schema.geometryField === 'string' && layer.schema.properties.every((property) => typeof property.name === 'string'))) throw new Error('a layer without a geometry field');
        }),
      ),
      DOM_PARAMETERS,
    );
    recordPropertyRuns(task, SUITE, property, check);
  });
});
