import type { FeatureTypeSummary } from '@gportal/core';
import { useMemo } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { layersByWorkspace } from '../session';
import '../styles/map.css';

export interface ServerLayerSelectProps {
  /** Every layer the server lists (GetCapabilities). */
  layers: readonly FeatureTypeSummary[];
  /** The chosen layer's exact type name. */
  value: string | undefined;
  onChange(typeName: string): void;
  disabled?: boolean;
}

/**
 * The map-server layer dropdown: every layer of the server by its title, grouped by workspace
 * (`<optgroup>`), the value the exact type name, so that of two layers of one geometry kind, or
 * of one name in two workspaces, the one chosen is the one edited. Layers without a workspace
 * (QGIS Server's) come ungrouped. A native `<select>` drawn as antd's, as the layer-type one.
 */
export function ServerLayerSelect({ layers, value, onChange, disabled }: ServerLayerSelectProps) {
  const { t } = useI18n();
  const groups = useMemo(() => layersByWorkspace(layers), [layers]);
  // Titles and names are the server's data: shown as text.
  const option = (layer: FeatureTypeSummary) => (
    <option key={layer.name} value={layer.name}>
      {layer.title ?? layer.name}
    </option>
  );
  return (
    <select
      className="gportal-select"
      aria-label={t('map.layerServer')}
      value={value ?? ''}
      disabled={disabled || layers.length === 0}
      onChange={(event) => onChange(event.target.value)}
    >
      {value === undefined && <option value="" />}
      {groups.map(({ workspace, layers: grouped }) =>
        workspace === undefined ? (
          grouped.map(option)
        ) : (
          <optgroup key={workspace} label={workspace}>
            {grouped.map(option)}
          </optgroup>
        ),
      )}
    </select>
  );
}
