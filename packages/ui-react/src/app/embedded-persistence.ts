import { BROWSER_STORAGE, BrowserStorageError, type BrowserStorage, type VersionedStorage } from '@gportal/adapters-storage';
import {
  FEATURE_SOURCE,
  FEATURE_TRANSACTIONS,
  fromJsonProperties,
  isGeometry,
  isJsonProperties,
  toJsonProperties,
  type FeatureSource,
  type FeatureTransactions,
  type Geometry,
  type JsonProperties,
} from '@gportal/core';
import { sampleSeed, type MemorySeed } from '@gportal/core/memory';
import { ContainerModule } from 'inversify';
import { MEMORY_SEED } from './memory-module';
import { SAVE_KEEPING, type SaveKeeping } from '../ui/save-keeping';

/** Record kind of a layer's features in browser storage. */
const SNAPSHOT_KIND = 'layer';

interface LayerSnapshot {
  typeName: string;
  features: Array<{ id: string; geometry: Geometry; properties: JsonProperties }>;
}

const isSnapshotOf =
  (typeName: string) =>
  (data: unknown): data is LayerSnapshot => {
    if (typeof data !== 'object' || data === null) return false;
    const snapshot = data as Partial<LayerSnapshot>;
    return (
      snapshot.typeName === typeName &&
      Array.isArray(snapshot.features) &&
      snapshot.features.every((feature) => typeof feature?.id === 'string' && isGeometry(feature.geometry) && isJsonProperties(feature.properties))
    );
  };

/** The sample seed with the features of every sample layer replaced by its stored snapshot, if any. */
function restoreSeed(records: VersionedStorage, base: MemorySeed = sampleSeed()): MemorySeed {
  const features = { ...base.features };
  // Only layers the catalogue defines can be reseeded; anything else in storage is not ours to load.
  for (const typeName of Object.keys(features)) {
    const snapshot = records.read(SNAPSHOT_KIND, typeName, isSnapshotOf(typeName));
    if (snapshot) {
      features[typeName] = snapshot.features.map((feature) => ({ ...feature, properties: fromJsonProperties(feature.properties) }));
    }
  }
  return { ...base, features };
}

/** The layers whose last snapshot could not be written: their saves last only until the page closes. */
class SnapshotKeeping implements SaveKeeping {
  readonly unwritten = new Set<string>();
  lasts(typeName: string): boolean {
    return !this.unwritten.has(typeName);
  }
}

/**
 * After each successful commit, stores the layer's features so the embedded mode's edits
 * survive a reload. A snapshot that cannot be written is kept in `keeping`, which the map reads
 * to tell that save as one that lasts only until the page closes; the commit stands.
 */
function persistingTransactions(transactions: FeatureTransactions, source: FeatureSource, records: VersionedStorage, keeping: SnapshotKeeping): FeatureTransactions {
  return {
    commit: async (changes) => {
      const result = await transactions.commit(changes);
      const { features } = await source.getFeatures({ typeName: changes.typeName, maxFeatures: Number.MAX_SAFE_INTEGER });
      const snapshot: LayerSnapshot = {
        typeName: changes.typeName,
        features: features.map((feature) => ({ id: feature.id, geometry: feature.geometry, properties: toJsonProperties(feature.properties) })),
      };
      try {
        records.write(SNAPSHOT_KIND, changes.typeName, snapshot);
        keeping.unwritten.delete(changes.typeName);
      } catch (error) {
        if (!(error instanceof BrowserStorageError)) throw error;
        keeping.unwritten.add(changes.typeName);
      }
      return result;
    },
  };
}

/** The embedded mode's persistence: seeds the memory adapters from storage and snapshots every commit. */
export const embeddedPersistenceModule = new ContainerModule(({ bind, onActivation }) => {
  bind(SnapshotKeeping).toSelf().inSingletonScope();
  bind<SaveKeeping>(SAVE_KEEPING).toService(SnapshotKeeping);
  bind<MemorySeed>(MEMORY_SEED).toResolvedValue((storage: BrowserStorage) => restoreSeed(storage.records), [BROWSER_STORAGE]);
  onActivation<FeatureTransactions>(FEATURE_TRANSACTIONS, (context, transactions) =>
    persistingTransactions(
      transactions,
      context.get<FeatureSource>(FEATURE_SOURCE),
      context.get<BrowserStorage>(BROWSER_STORAGE).records,
      context.get(SnapshotKeeping),
    ),
  );
});
