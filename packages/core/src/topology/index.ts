/*
 * Topology of a layer's features: splitting, merging, shared vertices, clipping to neighbours
 * and the problems a mosaic of polygons can have. Pure functions on GeoJSON geometries.
 */
export { splitGeometry, type SplittableGeometry } from './split-geometry.js';
export { mergeGeometries, type MergeableGeometry } from './merge-geometries.js';
export { clipToNeighbours } from './clip-to-neighbours.js';
export { findSharedVertices, type SharedVertex, type TopologyFeature } from './shared-vertices.js';
export { followSharedEdits, type SharedEdit } from './shared-edits.js';
export { traceBoundary } from './trace-boundary.js';
export { findTopologyProblems, findTopologyProblemsInSlices, type SlicedTopologyCheckOptions, type TopologyCheckOptions, type TopologyProblem, type TopologyProblemKind } from './topology-problems.js';
export { planarArea } from './planar.js';
