import { IncrementalGeometryCheck, type GeometryKind, type GeometryProblem } from '@gportal/core';
import type { Translate } from '../../i18n/i18n-provider';
import { geometryOfParts, type ShapeParts } from './latlngs';
import { createMeters, measureText, type Meters } from './measuring';
import type { AreaUnitChoice } from './area-units';

/**
 * What the editor does with every shape the edited copy reports (`onShape`): the live area or
 * length and the self-intersection check. One per edited feature: each remembers the previous
 * shape and redoes only the edges that changed, so a drag step on a 5000-vertex polygon or line
 * costs two edges, not 5000 geodesic solutions and 12.5 million edge pairs. The read-out is
 * empty until the measurement has arrived (`loadMeasuring`); the check is there from the start.
 */
export class ShapeFeedback {
  private meters: Meters | undefined;
  private readonly check = new IncrementalGeometryCheck();

  constructor(private readonly kind: GeometryKind) {}

  /** The live area (polygons) or length (lines) of the shape, as the read-out shows it; none for points. */
  readout(parts: ShapeParts, t: Translate, areaUnit: AreaUnitChoice = 'auto'): string | undefined {
    this.meters ??= createMeters();
    return this.meters && measureText(parts, t, this.meters, areaUnit);
  }

  /** `geometryProblem` of the shape as the layer would store it. */
  problem(parts: ShapeParts): GeometryProblem | undefined {
    return this.check.problem(geometryOfParts(this.kind, parts));
  }
}
