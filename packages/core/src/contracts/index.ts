export * from './simple-ports.contract.js';
export * from './admin.contract.js';
export * from './feature.contract.js';
export * from './reliability.js';
export * from './edit-conflict.contract.js';
