import type { FeatureCountQuery, FeatureQuery, FeatureSchema, FeatureSet, FeatureTypeSummary } from '../domain/feature.js';

/** Reads features and their schema (WFS DescribeFeatureType / GetFeature / GetCapabilities). */
export interface FeatureSource {
  /** The layers the server offers. */
  listTypes(): Promise<FeatureTypeSummary[]>;
  /** Throws `NotFoundError` for an unknown type name. */
  describe(typeName: string): Promise<FeatureSchema>;
  /** `maxFeatures` defaults to 2000. Features without geometry are skipped and counted. */
  getFeatures(query: FeatureQuery): Promise<FeatureSet>;
  /**
   * How many features a query selects, without reading them (WFS GetFeature `resultType=hits`).
   * Optional: an editor loads a layer whose source cannot count whole, up to `maxFeatures`.
   */
  countFeatures?(query: FeatureCountQuery): Promise<number>;
}
/** The inversify token of {@link FeatureSource}. */
export const FEATURE_SOURCE = Symbol.for('gportal.FeatureSource');
