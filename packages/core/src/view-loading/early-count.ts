import type { BBox } from '../domain/geometry.js';
import type { FeatureSource } from '../ports/feature-source.port.js';

/** Whether two boxes are the same (a map hands its bounds over in a new array each time). */
function sameBBox(one: BBox, other: BBox): boolean {
  return one.every((value, index) => value === other[index]);
}

/**
 * A view counted early: while a load counts the whole layer (or an operation runs), the view the
 * map shows is counted too (a hits request), and the read of that view takes its count instead
 * of asking again. One view at a time; a view read later is counted afresh.
 */
export class EarlyCount {
  private counted: { bbox: BBox; count: Promise<number> } | undefined;

  constructor(private readonly host: { readonly source: FeatureSource; readonly typeName: string }) {}

  /** Counts the view `bbox` now, unless it is counted already (a source that cannot count is not asked). */
  ask(bbox: BBox): void {
    const { source, typeName } = this.host;
    if (!source.countFeatures || (this.counted && sameBBox(this.counted.bbox, bbox))) return;
    const count = source.countFeatures({ typeName, bbox });
    count.catch(() => undefined);
    this.counted = { bbox, count };
  }

  /** The count asked for `bbox`, if any, taken: it is not handed out twice. */
  take(bbox: BBox): Promise<number> | undefined {
    const counted = this.counted && sameBBox(this.counted.bbox, bbox) ? this.counted.count : undefined;
    this.counted = undefined;
    return counted;
  }
}
