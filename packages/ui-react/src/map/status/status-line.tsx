import { formatScale, formatScaleLength, scaleBar, scaleDenominator } from '@gportal/core';
import { useEffect, useId, useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import type { L } from '../leaflet';
import { COORDINATE_FORMAT_LABELS, COORDINATE_FORMATS, coordinateText, type CoordinateFormat, type GaussKrugerText } from './coordinate-text';
import { useCoordinatePreference } from './use-coordinate-preference';
import { useMapReadings } from './use-map-readings';
import './status-line.css';

/** The longest the scale bar grows, in CSS pixels. */
const SCALE_BAR_MAX_PX = 100;

/** The 3° zones' read-out, loaded the first time it is `wanted` (the map route does not wait for its maths). */
function useGaussKrugerText(wanted: boolean): GaussKrugerText | undefined {
  const [text, setText] = useState<{ read: GaussKrugerText }>();
  useEffect(() => {
    if (!wanted || text) return;
    let live = true;
    void import('./gauss-kruger-text').then((module) => {
      if (live) setText({ read: module.gaussKrugerText });
    });
    return () => {
      live = false;
    };
  }, [wanted, text]);
  return text?.read;
}

/**
 * The strip along the map's bottom edge: the pointer's coordinates in the format the user picks
 * (remembered for them), the map's scale and a metric scale bar. None of it is a live region: it
 * follows every move of the pointer.
 */
export function StatusLine({ map }: { map: L.Map | undefined }) {
  const { t } = useI18n();
  const [preference, setPreference] = useCoordinatePreference();
  const { position, metresPerPixel } = useMapReadings(map);
  const prefixId = useId();
  const gaussKruger = useGaussKrugerText(preference.format === 'gaussKruger3');
  const bar = metresPerPixel === undefined ? undefined : scaleBar(metresPerPixel, SCALE_BAR_MAX_PX);
  const scale = metresPerPixel === undefined ? undefined : formatScale(scaleDenominator(metresPerPixel));
  return (
    <div className="gportal-status-line" role="group" aria-label={t('map.status.region')}>
      <span className="gportal-status-format">
        <select
          className="gportal-select gportal-status-select"
          aria-label={t('map.status.format')}
          value={preference.format}
          onChange={(event) => setPreference({ ...preference, format: event.target.value as CoordinateFormat })}
        >
          {COORDINATE_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(COORDINATE_FORMAT_LABELS[format])}
            </option>
          ))}
        </select>
        {preference.format === 'gaussKruger3' && (
          <span className="gportal-status-prefix">
            <input id={prefixId} type="checkbox" checked={preference.zonePrefix} onChange={(event) => setPreference({ ...preference, zonePrefix: event.target.checked })} />
            <label htmlFor={prefixId}>{t('map.status.zonePrefix')}</label>
          </span>
        )}
      </span>
      <span className="gportal-status-coordinates" data-testid="pointer-coordinates">
        {position ? coordinateText(position.lon, position.lat, preference, t, gaussKruger) : ''}
      </span>
      <span className="gportal-status-scale">
        {scale && (
          <span data-testid="map-scale" title={t('map.status.scale', { scale })}>
            {scale}
          </span>
        )}
        {bar && (
          <span className="gportal-scale-bar" role="img" aria-label={t('map.status.scaleBar', { length: formatScaleLength(bar.metres) })} data-testid="scale-bar">
            <span className="gportal-scale-bar-line" style={{ width: `${bar.pixels}px` }} />
            <span aria-hidden="true">{formatScaleLength(bar.metres)}</span>
          </span>
        )}
      </span>
    </div>
  );
}
