import { describe, expect, it } from 'vitest';
import type { FeatureSchema, MapFeature, Properties } from '../domain/feature.js';
import { geometryBBox, type Geometry, type GeometryKind, type Position } from '../domain/geometry.js';
import { GportalError } from '../errors/errors.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import type { FeatureTransactions } from '../ports/feature-transactions.port.js';

/** What {@link featureSourceContract} needs: the source under test and a layer it can read. */
export interface FeatureSourceFixture {
  source: FeatureSource;
  /** A layer holding at least three features, all with geometry, and at least one number property. */
  typeName: string;
}

/** What {@link featureTransactionsContract} needs: a source and the transactions that write to it. */
export interface FeatureTransactionsFixture extends FeatureSourceFixture {
  transactions: FeatureTransactions;
  /** Properties for a new feature; by default one value per writable property of the schema. */
  newProperties?: (schema: FeatureSchema, index: number) => Properties;
}

type Factory<T> = () => T | Promise<T>;

/** A small shape of the layer's kind around `[lng, lat]`, in lon/lat. */
export function sampleGeometry(kind: GeometryKind, lng: number, lat: number, size = 0.05): Geometry {
  const ring: Position[] = [
    [lng, lat],
    [lng + size, lat],
    [lng + size, lat + size],
    [lng, lat + size],
    [lng, lat],
  ];
  const line: Position[] = [
    [lng, lat],
    [lng + size, lat + size / 2],
  ];
  switch (kind) {
    case 'Point':
      return { type: 'Point', coordinates: [lng, lat] };
    case 'MultiPoint':
      return { type: 'MultiPoint', coordinates: [[lng, lat], [lng + size, lat]] };
    case 'LineString':
      return { type: 'LineString', coordinates: line };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: [line] };
    case 'Polygon':
      return { type: 'Polygon', coordinates: [ring] };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: [[ring]] };
  }
}

function defaultProperties(schema: FeatureSchema, index: number): Properties {
  const properties: Properties = {};
  for (const property of schema.properties) {
    if (schema.readOnly?.includes(property.name) || property.name === 'id') continue;
    switch (property.type) {
      case 'string':
        properties[property.name] = `contract-${index}`;
        break;
      case 'number':
        properties[property.name] = 1000 + index;
        break;
      case 'boolean':
        properties[property.name] = index % 2 === 0;
        break;
      case 'date':
        properties[property.name] = new Date(Date.UTC(2020, 0, 1 + index));
        break;
    }
  }
  return properties;
}

function firstCoordinate(geometry: Geometry): Position {
  const box = geometryBBox(geometry);
  return [box[0], box[1]];
}

function expectSameGeometry(actual: Geometry, expected: Geometry): void {
  const a = geometryBBox(actual);
  const b = geometryBBox(expected);
  a.forEach((value, index) => expect(value).toBeCloseTo(b[index] as number, 6));
}

/** Reading features: every `FeatureSource` must honour maxFeatures, ids, bbox and attribute filters. */
export function featureSourceContract(name: string, factory: Factory<FeatureSourceFixture>): void {
  describe(`FeatureSource contract: ${name}`, () => {
    it('lists the layer among its types and describes it with typed properties', async () => {
      const { source, typeName } = await factory();
      const types = await source.listTypes();
      expect(types.map((type) => type.name)).toContain(typeName);
      const schema = await source.describe(typeName);
      expect(schema.typeName).toBe(typeName);
      expect(schema.geometryField.length).toBeGreaterThan(0);
      expect(schema.properties.some((property) => property.type === 'number')).toBe(true);
      for (const property of schema.properties) expect(['number', 'string', 'boolean', 'date']).toContain(property.type);
    });
    it('refuses an unknown type with a typed error', async () => {
      const { source } = await factory();
      await expect(source.getFeatures({ typeName: 'no_such_layer_here' })).rejects.toBeInstanceOf(GportalError);
    });
    it('honours maxFeatures', async () => {
      const { source, typeName } = await factory();
      const all = await source.getFeatures({ typeName });
      expect(all.features.length).toBeGreaterThanOrEqual(3);
      const two = await source.getFeatures({ typeName, maxFeatures: 2 });
      expect(two.features).toHaveLength(2);
    });
    it('returns features with ids, a geometry and properties typed by the schema', async () => {
      const { source, typeName } = await factory();
      const schema = await source.describe(typeName);
      const { features } = await source.getFeatures({ typeName, maxFeatures: 5 });
      for (const feature of features) {
        expect(typeof feature.id).toBe('string');
        expect(feature.geometry.type.replace('Multi', '')).toBe(schema.geometryKind.replace('Multi', ''));
        for (const property of schema.properties) {
          const value = feature.properties[property.name];
          if (value === null || value === undefined) continue;
          if (property.type === 'date') expect(value).toBeInstanceOf(Date);
          else expect(typeof value).toBe(property.type);
        }
      }
    });
    it('selects by feature ids', async () => {
      const { source, typeName } = await factory();
      const { features } = await source.getFeatures({ typeName });
      const wanted = [features[0] as MapFeature, features[2] as MapFeature].map((feature) => feature.id);
      const selected = await source.getFeatures({ typeName, featureIds: wanted });
      expect(selected.features.map((feature) => feature.id).sort()).toEqual([...wanted].sort());
    });
    it('selects by bounding box in lon/lat', async () => {
      const { source, typeName } = await factory();
      const { features } = await source.getFeatures({ typeName });
      const target = features[0] as MapFeature;
      const inside = await source.getFeatures({ typeName, bbox: geometryBBox(target.geometry) });
      expect(inside.features.map((feature) => feature.id)).toContain(target.id);
      const [lng, lat] = firstCoordinate(target.geometry) as [number, number];
      expect(lng).toBeGreaterThan(lat);
      const far = await source.getFeatures({ typeName, bbox: [-10, -10, -9, -9] });
      expect(far.features).toEqual([]);
    });
    it('counts what a query selects without reading it', async () => {
      const { source, typeName } = await factory();
      expect(source.countFeatures).toBeTypeOf('function');
      const count = (query: Parameters<NonNullable<FeatureSource['countFeatures']>>[0]) => (source.countFeatures as NonNullable<FeatureSource['countFeatures']>)(query);
      const { features } = await source.getFeatures({ typeName, maxFeatures: 100_000 });
      expect(await count({ typeName })).toBe(features.length);
      const target = features[0] as MapFeature;
      const box = geometryBBox(target.geometry);
      const inBox = await source.getFeatures({ typeName, bbox: box, maxFeatures: 100_000 });
      expect(await count({ typeName, bbox: box })).toBe(inBox.features.length);
      expect(await count({ typeName, bbox: [-10, -10, -9, -9] })).toBe(0);
      // A count asked to stop may stop there, and is exact below it.
      expect(await count({ typeName, atMost: features.length + 1 })).toBe(features.length);
      const stopped = await count({ typeName, atMost: 1 });
      expect(stopped).toBeGreaterThanOrEqual(Math.min(1, features.length));
      expect(stopped).toBeLessThanOrEqual(features.length);
    });
    it('pages with startIndex in a stable order', async () => {
      const { source, typeName } = await factory();
      const { features } = await source.getFeatures({ typeName, maxFeatures: 100_000 });
      const ids = features.map((feature) => feature.id);
      const second = await source.getFeatures({ typeName, startIndex: 1, maxFeatures: 2 });
      expect(second.features.map((feature) => feature.id)).toEqual(ids.slice(1, 3));
      const past = await source.getFeatures({ typeName, startIndex: ids.length });
      expect(past.features).toEqual([]);
    });
    it('selects by an attribute filter', async () => {
      const { source, typeName } = await factory();
      const schema = await source.describe(typeName);
      const numberProperty = schema.properties.find((property) => property.type === 'number' && property.name !== 'id');
      expect(numberProperty).toBeDefined();
      const property = (numberProperty as { name: string }).name;
      const { features } = await source.getFeatures({ typeName });
      const sample = features.find((feature) => typeof feature.properties[property] === 'number') as MapFeature;
      const value = sample.properties[property] as number;
      const equal = await source.getFeatures({ typeName, filter: { op: 'eq', property, value } });
      expect(equal.features.map((feature) => feature.id)).toContain(sample.id);
      for (const feature of equal.features) expect(feature.properties[property]).toBe(value);
      const greater = await source.getFeatures({ typeName, filter: { op: 'gt', property, value } });
      for (const feature of greater.features) expect(feature.properties[property] as number).toBeGreaterThan(value);
      expect(greater.features.map((feature) => feature.id)).not.toContain(sample.id);
    });
  });
}

/** Writing features: one transaction, ids matched to handles, only what changed is changed. */
export function featureTransactionsContract(name: string, factory: Factory<FeatureTransactionsFixture>): void {
  describe(`FeatureTransactions contract: ${name}`, () => {
    it('inserts features and matches the new ids to their handles', async () => {
      const fixture = await factory();
      const { source, transactions, typeName } = fixture;
      const schema = await source.describe(typeName);
      const propertiesFor = fixture.newProperties ?? defaultProperties;
      const inserts = [0, 1, 2].map((index) => ({
        handle: `contract-insert-${index}`,
        geometry: sampleGeometry(schema.geometryKind, 117 + index * 0.5, 24 + index * 0.3),
        properties: propertiesFor(schema, index),
      }));
      const result = await transactions.commit({ typeName, inserts, updates: [], deletes: [] });
      expect(result.failures).toEqual([]);
      expect(result.totals.inserted).toBe(3);
      expect(result.inserted.map((entry) => entry.handle).sort()).toEqual(inserts.map((insert) => insert.handle).sort());
      for (const insert of inserts) {
        const id = result.inserted.find((entry) => entry.handle === insert.handle)?.id as string;
        const { features } = await source.getFeatures({ typeName, featureIds: [id] });
        expect(features).toHaveLength(1);
        expectSameGeometry((features[0] as MapFeature).geometry, insert.geometry);
      }
    });
    it('updates only what is given and deletes by id, in one commit', async () => {
      const fixture = await factory();
      const { source, transactions, typeName } = fixture;
      const schema = await source.describe(typeName);
      const propertiesFor = fixture.newProperties ?? defaultProperties;
      const created = await transactions.commit({
        typeName,
        inserts: [0, 1].map((index) => ({
          handle: `setup-${index}`,
          geometry: sampleGeometry(schema.geometryKind, 118 + index, 25),
          properties: propertiesFor(schema, index),
        })),
        updates: [],
        deletes: [],
      });
      const [first, second] = created.inserted.map((entry) => entry.id) as [string, string];
      const before = (await source.getFeatures({ typeName, featureIds: [first] })).features[0] as MapFeature;
      const numberProperty = schema.properties.find((property) => property.type === 'number' && property.name !== 'id');
      const moved = sampleGeometry(schema.geometryKind, 119.5, 26.5, 0.02);
      const result = await transactions.commit({
        typeName,
        inserts: [],
        updates: [{ id: first, geometry: moved, ...(numberProperty ? { properties: { [numberProperty.name]: 4242 } } : {}) }],
        deletes: [second],
      });
      expect(result.failures).toEqual([]);
      expect(result.totals).toMatchObject({ updated: 1, deleted: 1 });
      const after = (await source.getFeatures({ typeName, featureIds: [first] })).features[0] as MapFeature;
      expectSameGeometry(after.geometry, moved);
      if (numberProperty) expect(after.properties[numberProperty.name]).toBe(4242);
      for (const property of schema.properties) {
        if (property.name === numberProperty?.name || property.type === 'date') continue;
        expect(after.properties[property.name]).toEqual(before.properties[property.name]);
      }
      expect((await source.getFeatures({ typeName, featureIds: [second] })).features).toEqual([]);
    });
    it('does not count an update of a feature that does not exist', async () => {
      const { source, transactions, typeName } = await factory();
      const schema = await source.describe(typeName);
      const missing = `${typeName}.987654`;
      const result = await transactions.commit({
        typeName,
        inserts: [],
        updates: [{ id: missing, geometry: sampleGeometry(schema.geometryKind, 118, 25) }],
        deletes: [],
      }).catch((error: unknown) => error);
      if (result instanceof Error) expect(result).toBeInstanceOf(GportalError);
      else expect((result as { totals: { updated: number } }).totals.updated).toBe(0);
    });
    it('reports a geometry of the wrong kind instead of storing it', async () => {
      const { source, transactions, typeName } = await factory();
      const schema = await source.describe(typeName);
      const wrongKind: GeometryKind = schema.geometryKind.includes('Point') ? 'LineString' : 'Point';
      const outcome = await transactions
        .commit({
          typeName,
          inserts: [{ handle: 'wrong-kind', geometry: sampleGeometry(wrongKind, 118, 25), properties: defaultProperties(schema, 9) }],
          updates: [],
          deletes: [],
        })
        .catch((error: unknown) => error);
      if (outcome instanceof Error) expect(outcome).toBeInstanceOf(GportalError);
      else {
        const result = outcome as { inserted: unknown[]; failures: Array<{ ref: string }> };
        expect(result.inserted).toEqual([]);
        expect(result.failures.map((failure) => failure.ref)).toContain('wrong-kind');
      }
    });
  });
}
