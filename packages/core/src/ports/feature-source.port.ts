import type { FeatureQuery, FeatureSchema, FeatureSet, FeatureTypeSummary } from '../domain/feature.js';

/** Reads features and their schema (WFS DescribeFeatureType / GetFeature / GetCapabilities). */
export interface FeatureSource {
  /** The layers the server offers. */
  listTypes(): Promise<FeatureTypeSummary[]>;
  /** Throws `NotFoundError` for an unknown type name. */
  describe(typeName: string): Promise<FeatureSchema>;
  /** `maxFeatures` defaults to 2000. Features without geometry are skipped and counted. */
  getFeatures(query: FeatureQuery): Promise<FeatureSet>;
}
/** The inversify token of {@link FeatureSource}. */
export const FEATURE_SOURCE = Symbol.for('gportal.FeatureSource');
