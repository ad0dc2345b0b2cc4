export * from './simple-ports.contract.js';
export * from './admin.contract.js';
export * from './feature.contract.js';
export * from './reliability.js';
export * from './property-runs.js';
export * from './geometry-arbitraries.js';
export * from './edit-conflict.contract.js';
