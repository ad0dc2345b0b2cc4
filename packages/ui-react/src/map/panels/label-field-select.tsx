import type { FeatureSchema } from '@gportal/core';
import { useI18n } from '../../i18n/i18n-provider';
import '../styles/map.css';

/**
 * 标注: which field labels the layer's features on the map, or none; a native `<select>` drawn as
 * antd's (like the base map's): `标注：名称`, each field named by its label.
 */
export function LabelFieldSelect({ schema, labels, value, onChange }: { schema: FeatureSchema | undefined; labels: Readonly<Record<string, string>>; value: string; onChange(field: string): void }) {
  const { t } = useI18n();
  return (
    <select className="gportal-select" aria-label={t('map.labels')} value={value} disabled={!schema} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t('map.labels.none')}</option>
      {schema?.properties.map((property) => (
        <option key={property.name} value={property.name}>
          {t('map.labels.field', { name: labels[property.name] ?? property.name })}
        </option>
      ))}
    </select>
  );
}
