import { describe, expect, it } from 'vitest';
import { translate, type Locale, type MessageKey } from '../../i18n/messages';
import { coordinateText, isCoordinatePreference } from './coordinate-text';
import { gaussKrugerText } from './gauss-kruger-text';

const t = (locale: Locale) => (key: MessageKey, values?: Readonly<Record<string, string | number>>) => translate(locale, key, values);
const FUZHOU = [119.295833, 26.075556] as const;

describe('coordinateText', () => {
  it('reads a position in each format, the zone said in the active language', () => {
    expect(coordinateText(...FUZHOU, { format: 'decimal', zonePrefix: true }, t('zh-CN'))).toBe('119.295833°E 26.075556°N');
    expect(coordinateText(...FUZHOU, { format: 'dms', zonePrefix: true }, t('en'))).toBe('119°17′45.00″E 26°04′32.00″N');
    expect(coordinateText(...FUZHOU, { format: 'gaussKruger3', zonePrefix: true }, t('zh-CN'), gaussKrugerText)).toBe('X 2885395.63 Y 40429544.47（40 带）');
    expect(coordinateText(...FUZHOU, { format: 'gaussKruger3', zonePrefix: false }, t('en'), gaussKrugerText)).toBe('X 2885395.63 Y 429544.47 (zone 40)');
  });

  it('says so west of the eastern 3° zones', () => {
    expect(coordinateText(-70, 40, { format: 'gaussKruger3', zonePrefix: true }, t('en'), gaussKrugerText)).toBe('Outside the 3° zones');
    expect(coordinateText(0, 40, { format: 'gaussKruger3', zonePrefix: true }, t('zh-CN'), gaussKrugerText)).toBe('不在 3° 带内');
    // Until its maths has loaded, the 3° zones read nothing.
    expect(coordinateText(119, 26, { format: 'gaussKruger3', zonePrefix: true }, t('en'))).toBeUndefined();
    expect(coordinateText(-70, 40, { format: 'dms', zonePrefix: true }, t('en'))).toBe('70°00′00.00″W 40°00′00.00″N');
  });

  it('takes only a stored preference it knows', () => {
    expect(isCoordinatePreference({ format: 'dms', zonePrefix: false })).toBe(true);
    expect(isCoordinatePreference({ format: 'utm', zonePrefix: false })).toBe(false);
    expect(isCoordinatePreference({ format: 'dms' })).toBe(false);
    expect(isCoordinatePreference('dms')).toBe(false);
    expect(isCoordinatePreference(null)).toBe(false);
  });
});
