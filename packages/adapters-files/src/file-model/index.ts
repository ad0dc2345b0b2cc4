/** The vocabulary every reader and writer shares: the file types, errors, limits, checkpoints, text and geometry helpers. */
export * from './file-types.js';
export * from './file-errors.js';
export * from './limits.js';
export * from './work.js';
export * from './text.js';
export * from './geometry.js';
export * from './fields.js';
export * from './feature-list.js';
