import { IncrementalArea, IncrementalGeometryCheck, IncrementalLength, type GeometryKind, type GeometryProblem } from '@gportal/core';
import type { Translate } from '../i18n/i18n-provider';
import { geometryOfParts, type ShapeParts } from './geometry-latlngs';
import { measureText } from './measure';

/**
 * What the editor does with every shape the edited copy reports (`onShape`): the live area or
 * length and the self-intersection check. One per edited feature: each remembers the previous
 * shape and redoes only the edges that changed, so a drag step on a 5000-vertex polygon or line
 * costs two edges, not 5000 geodesic solutions and 12.5 million edge pairs.
 */
export class ShapeFeedback {
  private readonly meters = { area: new IncrementalArea(), length: new IncrementalLength() };
  private readonly check = new IncrementalGeometryCheck();

  constructor(private readonly kind: GeometryKind) {}

  /** The live area (polygons) or length (lines) of the shape, as the read-out shows it; none for points. */
  readout(parts: ShapeParts, t: Translate): string | undefined {
    return measureText(parts, t, this.meters);
  }

  /** `geometryProblem` of the shape as the layer would store it. */
  problem(parts: ShapeParts): GeometryProblem | undefined {
    return this.check.problem(geometryOfParts(this.kind, parts));
  }
}
