import type { ViewState } from '@gportal/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import type { Locale } from '../../i18n/messages';
import { wmsUrlOf } from '../layer/use-server-rendering';
import { ViewLimitNotice } from './view-limit-notice';

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function show(state: ViewState | undefined, locale: Locale = 'zh-CN'): string {
  act(() =>
    root.render(
      <I18nProvider key={locale} initialLocale={locale}>
        <ViewLimitNotice state={state} />
      </I18nProvider>,
    ),
  );
  return container.textContent ?? '';
}

describe('ViewLimitNotice', () => {
  it('says how many features the view holds and that zooming in lets them be edited, in both languages', () => {
    const state: ViewState = { kind: 'too-many', bbox: [115, 20, 122, 29], count: 100000, limit: 2000 };
    expect(show(state)).toBe('缩放以编辑：视图内有 100,000 个要素');
    expect(container.querySelector('[role="status"]')).not.toBeNull();
    expect(show(state, 'en')).toBe('Zoom in to edit: 100,000 features in view');
    expect(show({ ...state, count: 1 }, 'en')).toBe('Zoom in to edit: 1 feature in view');
  });

  it('shows nothing while the view is loaded, the layer is loaded whole, or nothing is known yet', () => {
    expect(show({ kind: 'loaded', bbox: [119, 26, 119.5, 26.5] })).toBe('');
    expect(show({ kind: 'whole' })).toBe('');
    expect(show(undefined)).toBe('');
    expect(container.querySelector('[data-testid="view-limit"]')).toBeNull();
  });
});

describe('wmsUrlOf', () => {
  it("turns GeoServer's WFS service path into its WMS one and keeps an OWS endpoint (QGIS Server's) as it is", () => {
    expect(wmsUrlOf('/geoserver/wfs')).toBe('/geoserver/wms');
    expect(wmsUrlOf('https://maps.example/geoserver/store_33/wfs?authkey=1')).toBe('https://maps.example/geoserver/store_33/wms?authkey=1');
    expect(wmsUrlOf('/ows')).toBe('/ows');
    expect(wmsUrlOf('http://127.0.0.1:8910/ows?MAP=/srv/wfs.qgs')).toBe('http://127.0.0.1:8910/ows?MAP=/srv/wfs.qgs');
  });
});
