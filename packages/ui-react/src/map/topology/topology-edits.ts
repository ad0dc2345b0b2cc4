/**
 * The split, merge, clip and topology check of `@gportal/core` and what they stand on (the
 * polygon algebra), on a chunk of their own: fetched when 分割, 合并, 拓扑检查 or 避免重叠 is first
 * used, or a save checks its overlaps, so the map's first load does not carry them.
 */
export { clipToNeighbours, findTopologyProblemsInSlices, geodesicLength, mergeFeatures, planarArea, splitFeature } from '@gportal/core';
