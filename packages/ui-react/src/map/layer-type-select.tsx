import type { LayerKind } from '@gportal/core';
import { Select } from 'antd';
import { useI18n } from '../i18n/i18n-provider';
import { MAP_LAYER_KINDS } from './layer-catalog';

/** The layer-type dropdown (point, line, polygon, multipolygon, multi-line). */
export function LayerTypeSelect({ value, onChange, disabled }: { value: LayerKind; onChange(kind: LayerKind): void; disabled?: boolean }) {
  const { t } = useI18n();
  return (
    <Select<LayerKind>
      aria-label={t('map.layerType')}
      value={value}
      onChange={onChange}
      disabled={disabled}
      style={{ minWidth: 120 }}
      options={MAP_LAYER_KINDS.map((kind) => ({ value: kind, label: t(`map.layer.${kind}`) }))}
    />
  );
}
