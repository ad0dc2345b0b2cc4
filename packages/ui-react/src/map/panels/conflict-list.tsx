import type { ConflictChoice, EditableFeature, FeatureConflict, Geometry, MapFeature } from '@gportal/core';
import { GEOMETRY_FIELD } from '@gportal/core';
import { Modal, Space } from 'antd';
import { useI18n, type Translate } from '../../i18n/i18n-provider';
import { propertyText } from './feature-popup';
import { LabelledButton, UNSPACED_BUTTON } from '../../ui/labelled-button';

export interface ConflictDialogProps {
  open: boolean;
  conflicts: FeatureConflict[];
  /** This session's copy of a feature. */
  mine(id: string): EditableFeature | undefined;
  onResolve(id: string, choice: ConflictChoice): void;
  onClose(): void;
}

function positions(coordinates: unknown): number {
  if (!Array.isArray(coordinates)) return 0;
  return typeof coordinates[0] === 'number' ? 1 : coordinates.reduce((sum: number, item) => sum + positions(item), 0);
}

function shapeText(geometry: Geometry, t: Translate): string {
  return t('conflict.shape', { kind: geometry.type, points: positions(geometry.coordinates) });
}

/** One field's value as text (never HTML): the shape as its kind and vertex count. */
function fieldText(feature: MapFeature | undefined | null, field: string, t: Translate): string {
  if (!feature) return t('conflict.deleted');
  if (field === GEOMETRY_FIELD) return shapeText(feature.geometry, t);
  const value = feature.properties[field];
  return value === null || value === undefined || value === '' ? t('conflict.empty') : propertyText(value, t);
}

function featureName(conflict: FeatureConflict, mine: EditableFeature | undefined): string {
  const name = mine?.properties.name ?? conflict.theirs?.properties.name;
  return typeof name === 'string' && name !== '' ? `${name} (${conflict.id})` : conflict.id;
}

/**
 * The features another client changed in the fields this session changed too (or deleted),
 * each with those fields' values on both sides, as text, and a choice per feature and for all.
 */
export default function ConflictDialog({ open, conflicts, mine, onResolve, onClose }: ConflictDialogProps) {
  const { t } = useI18n();
  const resolveAll = (choice: ConflictChoice) => {
    for (const conflict of conflicts) onResolve(conflict.id, choice);
  };
  return (
    <Modal
      open={open && conflicts.length > 0}
      title={t('conflict.title')}
      onCancel={onClose}
      width={640}
      footer={
        <Space wrap>
          <LabelledButton label={t('conflict.keepMineAll')} {...UNSPACED_BUTTON} onClick={() => resolveAll('mine')} />
          <LabelledButton label={t('conflict.takeTheirsAll')} {...UNSPACED_BUTTON} onClick={() => resolveAll('theirs')} />
        </Space>
      }
    >
      <p>{t('conflict.intro')}</p>
      {conflicts.map((conflict) => {
        const own = mine(conflict.id);
        const label = t('conflict.feature', { name: featureName(conflict, own) });
        return (
          <section key={conflict.id} aria-label={label} className="gportal-conflict" data-conflict={conflict.id}>
            <h4>{label}</h4>
            <table className="gportal-conflict-table">
              <thead>
                <tr>
                  <th scope="col">{t('conflict.field')}</th>
                  <th scope="col">{t('conflict.mine')}</th>
                  <th scope="col">{t('conflict.theirs')}</th>
                </tr>
              </thead>
              <tbody>
                {conflict.fields.map((field) => (
                  <tr key={field}>
                    <th scope="row">{field}</th>
                    <td>{own?.state === 'remove' ? t('conflict.removedByMe') : fieldText(own, field, t)}</td>
                    <td>{fieldText(conflict.theirs, field, t)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Space wrap>
              <LabelledButton label={t('conflict.keepMine')} size="small" type="primary" onClick={() => onResolve(conflict.id, 'mine')} />
              <LabelledButton label={t('conflict.takeTheirs')} size="small" onClick={() => onResolve(conflict.id, 'theirs')} />
            </Space>
          </section>
        );
      })}
    </Modal>
  );
}
