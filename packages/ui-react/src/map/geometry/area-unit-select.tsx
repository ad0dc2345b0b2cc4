import { useI18n } from '../../i18n/i18n-provider';
import { AREA_UNIT_CHOICES, type AreaUnitChoice } from './area-units';

/** The area unit of the measurement read-out and of the attribute table's area column (map.css styles it): by size (m², ha, km²), or m², 公顷, km² or 亩 throughout; a native select, as the layer type's is. */
export function AreaUnitSelect({ value, onChange }: { value: AreaUnitChoice; onChange(unit: AreaUnitChoice): void }) {
  const { t } = useI18n();
  return (
    <select className="gportal-select gportal-readout-unit" aria-label={t('map.measure.areaUnit')} value={value} onChange={(event) => onChange(event.target.value as AreaUnitChoice)}>
      {AREA_UNIT_CHOICES.map((unit) => (
        <option key={unit} value={unit}>
          {t(`map.measure.unit.${unit}`)}
        </option>
      ))}
    </select>
  );
}
