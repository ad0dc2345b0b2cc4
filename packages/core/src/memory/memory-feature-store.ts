import { DEFAULT_MAX_FEATURES } from '../domain/constants.js';
import type {
  ActionFailure,
  ChangeSet,
  CommitResult,
  FeatureCountQuery,
  FeatureQuery,
  FeatureSchema,
  FeatureSet,
  FeatureTypeSummary,
  MapFeature,
  Properties,
} from '../domain/feature.js';
import { featureOrder, matchesFilter } from '../domain/filter.js';
import { bboxIntersects, geometryBBox, type BBox, type Geometry } from '../domain/geometry.js';
import { fitGeometry, valueProblem } from '../domain/schema-fit.js';
import { MapServerError, NotFoundError, ValidationError } from '../errors/errors.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import type { FeatureTransactions } from '../ports/feature-transactions.port.js';

/**
 * How a transaction with a refused action behaves: `atomic` rejects the whole transaction
 * (GeoServer); `per-action` commits the good actions and reports the bad ones (QGIS Server).
 */
export type TransactionMode = 'atomic' | 'per-action';

interface TypeRecord {
  schema: FeatureSchema;
  features: Map<string, MapFeature>;
  nextId: number;
}

/** A layer to seed the in-memory feature store with. */
export interface MemoryLayerSeed {
  schema: FeatureSchema;
  features?: Array<{ id?: string; geometry: Geometry; properties?: Properties }>;
}

/** In-memory feature layers: a `FeatureSource` and `FeatureTransactions` over the same data. */
export class MemoryFeatureStore {
  private readonly types = new Map<string, TypeRecord>();

  constructor(private readonly mode: TransactionMode = 'atomic') {}

  /** Adds (or replaces) a layer with its schema and features; features without an id are numbered `typeName.n`. */
  defineType(schema: FeatureSchema, features: MemoryLayerSeed['features'] = []): void {
    const record: TypeRecord = { schema: structuredClone(schema), features: new Map(), nextId: 1 };
    this.types.set(schema.typeName, record);
    for (const feature of features) {
      const id = feature.id ?? `${schema.typeName}.${record.nextId}`;
      record.nextId = Math.max(record.nextId, Number(id.split('.').pop()) + 1 || record.nextId + 1);
      record.features.set(id, { id, geometry: structuredClone(feature.geometry), properties: structuredClone(feature.properties ?? {}) });
    }
  }

  /** The schema of a defined layer; throws `NotFoundError` for an unknown one. */
  schemaOf(typeName: string): FeatureSchema {
    return structuredClone(this.type(typeName).schema);
  }

  /** Removes a layer and its features. */
  dropType(typeName: string): void {
    this.types.delete(typeName);
  }

  readonly source: FeatureSource = {
    listTypes: async (): Promise<FeatureTypeSummary[]> =>
      [...this.types.values()].map((record) => {
        const boxes = [...record.features.values()].map((feature) => geometryBBox(feature.geometry));
        const bbox: BBox | undefined =
          boxes.length === 0
            ? undefined
            : [
                Math.min(...boxes.map((box) => box[0])),
                Math.min(...boxes.map((box) => box[1])),
                Math.max(...boxes.map((box) => box[2])),
                Math.max(...boxes.map((box) => box[3])),
              ];
        return { name: record.schema.typeName, title: record.schema.typeName, ...(bbox ? { bbox } : {}) };
      }),
    describe: async (typeName) => structuredClone(this.type(typeName).schema),
    getFeatures: async (query: FeatureQuery): Promise<FeatureSet> => {
      const record = this.type(query.typeName);
      const maxFeatures = query.maxFeatures ?? DEFAULT_MAX_FEATURES;
      if (!Number.isInteger(maxFeatures) || maxFeatures < 0) {
        throw new ValidationError({ maxFeatures: 'maxFeatures must be a non-negative integer' });
      }
      const startIndex = query.startIndex ?? 0;
      if (!Number.isInteger(startIndex) || startIndex < 0) {
        throw new ValidationError({ startIndex: 'startIndex must be a non-negative integer' });
      }
      const ids = query.featureIds ? new Set(query.featureIds) : undefined;
      const selected = (feature: MapFeature) => (!ids || ids.has(feature.id)) && this.selects(feature, query);
      if (query.sortBy) {
        for (const key of query.sortBy) {
          if (!record.schema.properties.some((property) => property.name === key.property)) {
            throw new ValidationError({ [key.property]: `${query.typeName} has no property ${key.property}` });
          }
        }
        const sorted = [...record.features.values()].filter(selected).sort(featureOrder(query.sortBy));
        return { features: structuredClone(sorted.slice(startIndex, startIndex + maxFeatures)), skipped: 0 };
      }
      const features: MapFeature[] = [];
      let passed = 0;
      for (const feature of record.features.values()) {
        if (features.length >= maxFeatures) break;
        if (!selected(feature)) continue;
        if (passed++ < startIndex) continue;
        features.push(structuredClone(feature));
      }
      return { features, skipped: 0 };
    },
    countFeatures: async (query: FeatureCountQuery): Promise<number> => {
      let count = 0;
      for (const feature of this.type(query.typeName).features.values()) {
        if (count === query.atMost) break;
        if (this.selects(feature, query)) count++;
      }
      return count;
    },
  };

  private selects(feature: MapFeature, query: FeatureCountQuery): boolean {
    if (query.bbox && !bboxIntersects(geometryBBox(feature.geometry), query.bbox)) return false;
    return !query.filter || matchesFilter(feature, query.filter);
  }

  readonly transactions: FeatureTransactions = {
    commit: async (changes: ChangeSet): Promise<CommitResult> => {
      const record = this.types.get(changes.typeName);
      if (!record) {
        throw new MapServerError({ status: 400, code: 'InvalidParameterValue', text: `TypeName '${changes.typeName}' unknown` });
      }
      // Work on a copy so an atomic transaction can be dropped whole.
      const working = new Map([...record.features].map(([id, feature]) => [id, structuredClone(feature)]));
      let nextId = record.nextId;
      const failures: ActionFailure[] = [];
      const inserted: CommitResult['inserted'] = [];
      const totals = { inserted: 0, updated: 0, deleted: 0 };

      for (const update of changes.updates) {
        const feature = working.get(update.id);
        const problem = !feature
          ? `feature ${update.id} does not exist`
          : this.problemWith(record.schema, update.geometry, update.properties ?? {});
        if (problem || !feature) {
          failures.push({ kind: 'update', ref: update.id, message: problem ?? 'update failed' });
          continue;
        }
        if (update.geometry) feature.geometry = fitGeometry(structuredClone(update.geometry), record.schema.geometryKind) as Geometry;
        Object.assign(feature.properties, structuredClone(update.properties ?? {}));
        totals.updated += 1;
      }
      for (const id of changes.deletes) {
        if (working.delete(id)) totals.deleted += 1;
        else failures.push({ kind: 'delete', ref: id, message: `feature ${id} does not exist` });
      }
      for (const insert of changes.inserts) {
        const problem = this.problemWith(record.schema, insert.geometry, insert.properties, true);
        if (problem) {
          failures.push({ kind: 'insert', ref: insert.handle, message: problem });
          continue;
        }
        const id = `${changes.typeName}.${nextId++}`;
        const properties: Properties = {};
        for (const property of record.schema.properties) properties[property.name] = null;
        Object.assign(properties, structuredClone(insert.properties));
        working.set(id, { id, geometry: fitGeometry(structuredClone(insert.geometry), record.schema.geometryKind) as Geometry, properties });
        inserted.push({ handle: insert.handle, id });
        totals.inserted += 1;
      }

      if (failures.length > 0 && this.mode === 'atomic') {
        throw new MapServerError({
          status: 400,
          code: 'TransactionFailed',
          text: failures.map((failure) => `${failure.kind} ${failure.ref}: ${failure.message}`).join('; '),
        });
      }
      record.features.clear();
      for (const [id, feature] of working) record.features.set(id, feature);
      record.nextId = nextId;
      return { inserted, totals, failures };
    },
  };

  private type(typeName: string): TypeRecord {
    const record = this.types.get(typeName);
    if (!record) throw new NotFoundError({ kind: 'feature-type', name: typeName }, `TypeName '${typeName}' could not be found`);
    return record;
  }

  private problemWith(schema: FeatureSchema, geometry: Geometry | undefined, properties: Properties, isInsert = false): string | undefined {
    if (isInsert && !geometry) return 'an inserted feature needs a geometry';
    if (geometry !== undefined) {
      const fitted = fitGeometry(geometry, schema.geometryKind);
      if (typeof fitted === 'string') return fitted;
    }
    for (const [name, value] of Object.entries(properties)) {
      const property = schema.properties.find((candidate) => candidate.name === name);
      if (!property) return `unknown property '${name}'`;
      if (schema.readOnly?.includes(name)) return `property '${name}' is read-only`;
      if ((value === null && !property.nullable) || valueProblem(value, property)) return `property '${name}' expects ${property.type}`;
    }
    if (isInsert) {
      for (const property of schema.properties) {
        if (!property.nullable && !schema.readOnly?.includes(property.name) && (properties[property.name] ?? null) === null) {
          return `property '${property.name}' must not be null`;
        }
      }
    }
    return undefined;
  }
}
