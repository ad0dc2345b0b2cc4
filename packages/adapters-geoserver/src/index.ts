// Filled by the adapters issues.
export {};
export * from './wfs/index.js';
export * from './wmts/index.js';
