export { avoidOverlaps, type ClipOutcome } from './avoid-overlaps';
export { loadTopologyEdits } from './load-topology';
export { overlapsMade } from './overlaps-made';
export { problemSentence } from './problem-sentence';
export { splitAlong, type SplitOutcome } from './split-along';
export type { MergeDialogProps } from './merge-dialog';
export type { TopologyPanelProps } from './topology-panel';
export { useNeighbourPreview } from './use-neighbour-preview';
export { SHARED_TOLERANCE, useShapeRules, type ShapeRuleToggle, type ShapeRules } from './use-shape-rules';
