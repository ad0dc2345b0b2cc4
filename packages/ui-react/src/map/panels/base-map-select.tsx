import { useI18n } from '../../i18n/i18n-provider';
import type { MessageKey } from '../../i18n/messages';
import { BASE_MAP_CHOICES, isOffered, type BaseMapChoice, type BaseMapOffer } from '../base';
import '../styles/map.css';

const LABELS: Readonly<Record<BaseMapChoice, MessageKey>> = {
  land: 'map.baseMap.land',
  server: 'map.baseMap.server',
  'tianditu-vector': 'map.baseMap.tiandituVector',
  'tianditu-imagery': 'map.baseMap.tiandituImagery',
};

/**
 * 底图: the base maps offered, as a native `<select>` drawn as antd's (like the layer-type
 * dropdown). Without a Tianditu key its maps are not offered, and a disabled line says why.
 */
export function BaseMapSelect({ value, offer, onChange }: { value: BaseMapChoice; offer: BaseMapOffer; onChange(choice: BaseMapChoice): void }) {
  const { t } = useI18n();
  return (
    <select className="gportal-select" aria-label={t('map.baseMap')} value={value} onChange={(event) => onChange(event.target.value as BaseMapChoice)}>
      {BASE_MAP_CHOICES.filter((choice) => isOffered(choice, offer)).map((choice) => (
        <option key={choice} value={choice}>
          {t(LABELS[choice])}
        </option>
      ))}
      {!offer.tianditu && (
        <option disabled value="">
          {t('map.baseMap.noTiandituKey')}
        </option>
      )}
    </select>
  );
}
