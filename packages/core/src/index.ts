/**
 * The framework-free core: domain types, ports (each with its `Symbol.for('gportal.…')` token),
 * use cases (`EditSession`, `LoginFlow`, `AdminActions`), geodesic measurement and typed errors.
 *
 * @example
 * ```ts
 * import { EditSession, formatArea, geodesicArea } from '@gportal/core';
 * import { createMemoryAdapters, sampleSeed } from '@gportal/core/memory';
 *
 * const adapters = createMemoryAdapters(sampleSeed());
 * const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: 'store_33:polygon' });
 * await session.load();
 * ```
 *
 * @module @gportal/core
 */
export * from './domain/geometry.js';
export * from './domain/feature.js';
export * from './domain/schema-fit.js';
export * from './domain/required-fields.js';
export * from './domain/filter.js';
export * from './domain/auth.js';
export * from './domain/admin.js';
export * from './domain/upload.js';
export * from './domain/cache.js';
export * from './domain/journal.js';
export * from './domain/constants.js';
export * from './errors/errors.js';
export * from './ports/index.js';
export * from './admin/feature-type-spec.js';
export { assertResourceName, styleScopeWorkspace } from './util/names.js';
export * from './admin/admin-rules.js';
export * from './admin/admin-actions.js';
export * from './admin/sample-data.js';
export * from './login/validate-credentials.js';
export * from './login/login-flow.js';
export * from './measure/geodesic-measure.js';
export * from './measure/format-measure.js';
export * from './measure/format-scale.js';
export * from './measure/incremental-area.js';
export * from './measure/incremental-length.js';
export * from './geometry/geometry-rules.js';
export * from './geometry/geometry-parts.js';
export * from './geometry/incremental-geometry-check.js';
export * from './geometry/map-bounds.js';
export * from './crs/zones.js';
export * from './crs/gauss-kruger.js';
export * from './crs/format-coordinates.js';
export * from './crs/coordinate-input.js';
export * from './topology/index.js';
export * from './edit/index.js';
