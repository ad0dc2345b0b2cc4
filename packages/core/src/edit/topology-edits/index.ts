// Composite shape edits of a session (split, merge, a shared vertex moved): each made of the
// session's own public edits in one batch, so one undo step, one change and one save. Split and
// merge are functions taking the session, not its methods, so that an app that never splits
// never bundles the polygon algebra they stand on.
export { splitFeature } from './split-feature.js';
export { mergeFeatures } from './merge-features.js';
export { moveSharedVertex } from './move-shared-vertex.js';
export { reshapeWithNeighbours } from './reshape-with-neighbours.js';
export type { ShapeEditing } from './shape-editing.js';
