import type { LayerKind } from '@gportal/core';
import { useI18n } from '../../i18n/i18n-provider';
import { MAP_LAYER_KINDS } from '../session';
import '../styles/map.css';

/**
 * The layer-type dropdown (point, line, polygon, multipolygon, multi-line, multi-point): a native `<select>`
 * drawn as antd's: antd's `Select` (its virtual list, search and multiple modes, ~20 KiB gzip)
 * would serve six fixed options here.
 */
export function LayerTypeSelect({ value, onChange, disabled }: { value: LayerKind; onChange(kind: LayerKind): void; disabled?: boolean }) {
  const { t } = useI18n();
  return (
    <select
      className="gportal-select"
      aria-label={t('map.layerType')}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as LayerKind)}
    >
      {MAP_LAYER_KINDS.map((kind) => (
        <option key={kind} value={kind}>
          {t(`map.layer.${kind}`)}
        </option>
      ))}
    </select>
  );
}
