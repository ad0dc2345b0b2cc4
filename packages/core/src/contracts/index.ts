/**
 * The shared contract suites of the ports (vitest suites): run one against your own adapter to
 * prove it behaves like gportal's.
 *
 * @example
 * ```ts
 * import { featureSourceContract } from '@gportal/core/contracts';
 * featureSourceContract('my source', () => ({ source: new MySource(), typeName: 'ns:towns' }));
 * ```
 *
 * @module @gportal/core/contracts
 */
export * from './simple-ports.contract.js';
export * from './admin.contract.js';
export * from './feature.contract.js';
export * from './feature-query.contract.js';
export * from './reliability.js';
export * from './property-runs.js';
export * from './geometry-arbitraries.js';
export * from './edit-conflict.contract.js';
