import type { EditableFeature, EditSession, GeometryKind } from '@gportal/core';
import { Button, Modal } from 'antd';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { tellError } from '../../i18n/describe-error';
import { useI18n } from '../../i18n/i18n-provider';
import { ErrorMessage } from '../../ui/error-detail';
import { UNSPACED_BUTTON } from '../../ui/labelled-button';
import '../../ui/checkbox.css';
import { topologyRefusal } from './refusal';
import { geodesicLength, mergeFeatures, planarArea } from './topology-edits';
import './merge-dialog.css';

export interface MergeDialogProps {
  session: EditSession;
  /** The features picked to merge (two or more), in the order picked. */
  features: readonly EditableFeature[];
  /** The field that names a feature (the map's label field); without a value there, its id. */
  nameField: string | undefined;
  /** The merge was done: the kept feature's id. */
  onMerged(kept: string): void;
  onCancel(): void;
}

/** How big a feature is, to offer the largest's attributes first: planar area, or length for lines. */
function sizeOf(feature: EditableFeature): number {
  const { geometry } = feature;
  if (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') return planarArea(geometry);
  return geometry.type === 'LineString' || geometry.type === 'MultiLineString' ? geodesicLength(geometry) : 0;
}

const LINEAR: ReadonlySet<GeometryKind> = new Set<GeometryKind>(['LineString', 'MultiLineString']);

/**
 * 合并's dialog: the features picked, each by its name, to choose whose attributes the merged
 * feature keeps (the largest first chosen, as QGIS's merge offers); 合并 hands the merge to the
 * session as one undo step. A merge the layer cannot hold is refused here with its sentence, and
 * the dialog stays, the picks unchanged.
 */
export default function MergeDialog({ session, features, nameField, onMerged, onCancel }: MergeDialogProps) {
  const { t } = useI18n();
  const legend = useId();
  const largest = useMemo(() => [...features].sort((a, b) => sizeOf(b) - sizeOf(a))[0]?.id, [features]);
  const [keep, setKeep] = useState(largest);
  const [problem, setProblem] = useState<ReactNode>();
  const linear = features.some((feature) => LINEAR.has(feature.geometry.type as GeometryKind));

  const merge = () => {
    try {
      onMerged(mergeFeatures(session, features.map((feature) => feature.id), { keep }));
    } catch (error) {
      const refusal = topologyRefusal(error);
      setProblem(refusal ? t(refusal) : <ErrorMessage tell={tellError(error)} lead={(reason, translate) => translate('map.editRefused', { reason })} />);
    }
  };

  const nameOf = (feature: EditableFeature): string => {
    const value = nameField === undefined ? undefined : feature.properties[nameField];
    return value === undefined || value === null || value === '' ? t('map.merge.unnamed', { id: feature.id }) : String(value);
  };

  return (
    <Modal
      open
      title={t('map.merge.title')}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" {...UNSPACED_BUTTON} onClick={onCancel}>
          {t('map.tool.cancel')}
        </Button>,
        <Button key="merge" type="primary" {...UNSPACED_BUTTON} onClick={merge}>
          {t('map.tool.merge')}
        </Button>,
      ]}
    >
      <fieldset className="gportal-merge-choices" aria-labelledby={legend}>
        <legend id={legend}>{t('map.merge.keep')}</legend>
        {features.map((feature) => (
          <label key={feature.id} className="gportal-checkbox-label">
            <input type="radio" className="gportal-checkbox" name="keep" value={feature.id} checked={keep === feature.id} onChange={() => setKeep(feature.id)} />
            <span>
              {/* A name is the layer's data: text, never markup. Pieces of one split share their name: the id tells them apart. */}
              <span data-raw="">{nameOf(feature)}</span>
              <span className="gportal-merge-id" data-raw="">
                {' · '}
                {feature.id}
              </span>
              {feature.id === largest && t(linear ? 'map.merge.longest' : 'map.merge.largest')}
            </span>
          </label>
        ))}
      </fieldset>
      {problem && (
        <div role="alert" className="gportal-merge-problem">
          {problem}
        </div>
      )}
    </Modal>
  );
}
