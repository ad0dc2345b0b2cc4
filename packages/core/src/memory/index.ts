export { createMemoryAdapters, type MemoryAdapters, type MemorySeed } from './create-memory-adapters.js';
export { MemoryAuthGateway, WRONG_CREDENTIALS_MESSAGE, type MemoryUser } from './memory-auth-gateway.js';
export { MemoryEditJournal } from './memory-edit-journal.js';
export { MemoryFeatureStore, type MemoryLayerSeed, type TransactionMode } from './memory-feature-store.js';
export { MemoryMapServer, type Synchronous } from './memory-map-server.js';
export { MemoryPortal } from './memory-portal.js';
export { MemorySessionStore, withoutPassword } from './memory-session-store.js';
export { MemoryUserCache } from './memory-user-cache.js';
export { DEMO_USER, SAMPLE_STYLES, sampleSeed } from './sample-seed.js';
