/**
 * In-memory adapters for every port of the core, with the spec's sample data: for tests,
 * examples and the app's embedded mode.
 *
 * @module @gportal/core/memory
 */
export { createMemoryAdapters, type MemoryAdapters, type MemorySeed } from './create-memory-adapters.js';
export { MemoryAuthGateway, WRONG_CREDENTIALS_MESSAGE, type MemoryUser } from './memory-auth-gateway.js';
export { MemoryEditJournal } from './memory-edit-journal.js';
export { MemoryFeatureStore, type MemoryLayerSeed, type TransactionMode } from './memory-feature-store.js';
export { MemoryMapServer } from './memory-map-server.js';
export type { Synchronous } from './synchronous.js';
export { MemoryPortal } from './memory-portal.js';
export { MemorySessionStore } from './memory-session-store.js';
export { MemoryUserCache } from './memory-user-cache.js';
export { DEMO_USER, SAMPLE_STYLES, sampleSeed } from './sample-seed.js';
