export { FeatureLabels, labelFont, LABELS_PANE } from './feature-labels';
export { labelAnchor, type LabelAnchor } from './label-anchor';
export { placeLabels, type LabelCandidate, type PlacedLabel } from './label-placement';
export { DEFAULT_LABEL_FIELD, labelFieldOf, labelText, useFeatureLabels } from './use-feature-labels';
