import type { TopologyProblem, TopologyProblemKind } from '@gportal/core';
import type { Translate } from '../../i18n/i18n-provider';
import type { MessageKey } from '../../i18n/messages';
import { areaText, type AreaUnitChoice } from '../geometry/area-units';

const SENTENCES: Readonly<Record<TopologyProblemKind, MessageKey>> = {
  overlap: 'map.topology.overlap',
  gap: 'map.topology.gap',
  duplicate: 'map.topology.duplicate',
  invalid: 'map.topology.invalid',
};

/** A topology problem as a sentence: its kind, the features by `nameOf`, and its area in `unit`. */
export function problemSentence(problem: TopologyProblem, nameOf: (id: string) => string, t: Translate, unit: AreaUnitChoice = 'auto'): string {
  return t(SENTENCES[problem.kind], { names: problem.ids.map(nameOf).join(t('map.topology.and')), area: problem.area === undefined ? '' : areaText(problem.area, unit, t) });
}
