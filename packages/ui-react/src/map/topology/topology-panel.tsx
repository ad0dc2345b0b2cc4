import type { EditableFeature, Position, TopologyProblem } from '@gportal/core';
import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { ErrorDetail } from '../../ui/error-detail';
import { LabelledButton } from '../../ui/labelled-button';
import type { AreaUnitChoice } from '../geometry/area-units';
import { problemSentence } from './problem-sentence';
import { nextTask } from '../../ui/stages';
import { findTopologyProblemsInSlices } from './topology-edits';
import './topology-panel.css';

export interface TopologyPanelProps {
  /** The features loaded: what is checked (a large layer's view, as the map holds it). */
  features: readonly EditableFeature[];
  /** The field that names a feature (the map's label field); without a value there, its id. */
  nameField: string | undefined;
  /** The unit areas are told in: the read-out's. */
  areaUnit: AreaUnitChoice;
  /** 缩放至 of one problem: the features involved, and the position it is at. */
  onZoomTo(ids: readonly string[], at: Position): void;
  onClose(): void;
}

/** How long the edits pause before the list is checked again, ms. */
const CHECK_PAUSE_MS = 250;

/** The features checked: all but those marked for removal (overlaps and gaps are the polygons'; invalid shapes and duplicates any shape's). */
function checked(features: readonly EditableFeature[]): EditableFeature[] {
  return features.filter((feature) => feature.state !== 'remove');
}

/**
 * 拓扑检查: the problems of the loaded features, found by the core's `findTopologyProblems`
 * (overlaps with their area, gaps smaller than 10 000 m² between neighbours, duplicates, invalid
 * shapes), each told as a sentence with 缩放至, which fits the map to it and selects its features.
 * It follows every change: a fixed problem leaves the list as the edit is made.
 */
export default function TopologyPanel({ features, nameField, areaUnit, onZoomTo, onClose }: TopologyPanelProps) {
  const { t } = useI18n();
  const heading = useId();
  const live = useMemo(() => checked(features), [features]);
  // Checked once the edits pause (not at each step of a drag or each key), the last answer listed
  // meanwhile. In slices of a few milliseconds, each a task of its own, so the map answers input
  // while 2 000 towns are checked; a check still running when the features change is stopped.
  const [found, setFound] = useState<{ of: readonly EditableFeature[]; problems: TopologyProblem[]; failed?: string }>();
  const checkedOnce = useRef(false);
  useEffect(() => {
    const controller = new AbortController();
    // The first check at once; later ones once the edits pause.
    const timer = setTimeout(() => {
      checkedOnce.current = true;
      findTopologyProblemsInSlices(live, { pause: nextTask, signal: controller.signal }).then(
        (problems) => setFound({ of: live, problems }),
        (error: unknown) => {
          // Stopped because the features changed: the next check answers. Anything else is told.
          if (!controller.signal.aborted) setFound({ of: live, problems: [], failed: error instanceof Error ? error.message : String(error) });
        },
      );
    }, checkedOnce.current ? CHECK_PAUSE_MS : 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [live]);
  const problems = found?.problems ?? [];
  const checking = found?.of !== live;
  const byId = useMemo(() => new Map(live.map((feature) => [feature.id, feature])), [live]);

  const nameOf = (id: string): string => {
    const value = nameField === undefined ? undefined : byId.get(id)?.properties[nameField];
    return value === undefined || value === null || value === '' ? id : `${String(value)} (${id})`;
  };

  return (
    <section className="gportal-topology" aria-labelledby={heading}>
      <div className="gportal-topology-head">
        <h3 id={heading}>{t('map.topology.region')}</h3>
        <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('map.topology.close')} title={t('map.topology.close')} onClick={onClose} />
      </div>
      <p role="status" aria-busy={checking}>
        {checking ? t('map.topology.checking') : found?.failed !== undefined ? t('map.topology.failed') : problems.length === 0 ? t('map.topology.none', { features: live.length }) : t('map.topology.found', { count: problems.length, features: live.length })}
      </p>
      {!checking && <ErrorDetail detail={found?.failed} />}
      {problems.length > 0 && (
        <ol className="gportal-topology-list">
          {problems.map((problem, index) => {
            const id = `${heading}-${index}`;
            return (
              <li key={`${problem.kind}:${problem.ids.join(',')}:${index}`} data-kind={problem.kind}>
                {/* Names are the layer's data: text, never markup. */}
                <span id={id} data-raw="">
                  {problemSentence(problem, nameOf, t, areaUnit)}
                </span>
                <LabelledButton label={t('map.topology.zoomTo')} size="small" aria-describedby={id} onClick={() => onZoomTo(problem.ids, problem.at)} />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
