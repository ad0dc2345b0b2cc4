import {
  AUTH_GATEWAY,
  DATA_STORE_ADMIN,
  EDIT_JOURNAL,
  FEATURE_SOURCE,
  FEATURE_TRANSACTIONS,
  FILE_UPLOAD,
  LAYER_ADMIN,
  PORTAL_ADMIN,
  SESSION_STORE,
  STYLE_ADMIN,
  USER_CACHE,
  WORKSPACE_ADMIN,
} from '@gportal/core';
import { createMemoryAdapters, sampleSeed, type MemoryAdapters, type MemorySeed } from '@gportal/core/memory';
import { ContainerModule } from 'inversify';

/** Optional: the seed of the in-memory adapters. Unbound, they start from the sample data. */
export const MEMORY_SEED = Symbol.for('gportal.MemorySeed');
/** The one set of in-memory adapters behind every port token. */
export const MEMORY_ADAPTERS = Symbol.for('gportal.MemoryAdapters');

const PORTS: ReadonlyArray<[symbol, keyof Omit<MemoryAdapters, 'internals'>]> = [
  [AUTH_GATEWAY, 'auth'],
  [SESSION_STORE, 'session'],
  [USER_CACHE, 'userCache'],
  [WORKSPACE_ADMIN, 'workspaces'],
  [DATA_STORE_ADMIN, 'dataStores'],
  [LAYER_ADMIN, 'layers'],
  [STYLE_ADMIN, 'styles'],
  [FEATURE_SOURCE, 'features'],
  [FEATURE_TRANSACTIONS, 'transactions'],
  [FILE_UPLOAD, 'upload'],
  [PORTAL_ADMIN, 'portal'],
  [EDIT_JOURNAL, 'journal'],
];

/**
 * Binds every port token of the core to in-memory adapters sharing one model, seeded from
 * `MEMORY_SEED` when bound (resolved lazily, so the seed may be bound by a module loaded later).
 * It lives in the UI because the core must not import inversify.
 *
 * @example
 * ```ts
 * const container = new Container();
 * container.bind(MEMORY_SEED).toConstantValue({ layers: [myLayer] }); // optional: the sample data otherwise
 * await container.load(memoryModule);
 * ```
 */
export const memoryModule = new ContainerModule(({ bind }) => {
  bind<MemoryAdapters>(MEMORY_ADAPTERS)
    .toDynamicValue((context) => createMemoryAdapters(context.get<MemorySeed>(MEMORY_SEED, { optional: true }) ?? sampleSeed()))
    .inSingletonScope();
  for (const [token, port] of PORTS) {
    bind(token)
      .toResolvedValue((adapters: MemoryAdapters) => adapters[port], [MEMORY_ADAPTERS])
      .inSingletonScope();
  }
});
