/**
 * The large part's gportal contender: the feature editor staff get in map-server mode. `FeatureMap`
 * from the UI's public entry, over the WFS adapters (`createWfsAdapters`, as `geoserverModule`
 * binds them, GetFeature answers read in a worker as the app reads them) and the browser's pending-edit journal, showing the layer by its type name, with
 * QGIS Server's WMS (the same endpoint) for views that hold too many features to load. The
 * harness reaches the editor's Leaflet map through Leaflet's init hook (to jump to a view) and
 * reads what the map shows from the attributes the editor keeps on it: `data-features` (features
 * drawn), `data-loading-view` (views being loaded) and the feature canvas's `data-painting` (a
 * repaint its workers have not delivered yet).
 */
import { createWfsAdapters, createWorkerAnswerReader } from '@gportal/adapters-geoserver';
import { createBrowserStorage } from '@gportal/adapters-storage';
import { EDIT_JOURNAL, FEATURE_SOURCE, FEATURE_TRANSACTIONS } from '@gportal/core';
import { FeatureMap } from '@gportal/ui-react';
import { Container } from 'inversify';
import { createElement, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { whenChanged, type LargeContender } from './large-contenders.js';
import { nextLeafletMap } from './leaflet-map-hook.js';

export const gportalFeatureMapContender: LargeContender = {
  name: 'gportal FeatureMap (map-server mode)',
  role: 'gportal',
  async mount(element, { wfsUrl, typeName, start, activity, background }) {
    const container = new Container();
    // GetFeature answers read in a worker, as the app's composition root (`src/app/container.ts`) reads them.
    const readAnswer = createWorkerAnswerReader({ createWorker: () => new Worker(new URL('./large-answer.worker.ts', import.meta.url), { type: 'module' }) });
    const wfs = createWfsAdapters({ url: wfsUrl, readAnswer });
    container.bind(FEATURE_SOURCE).toConstantValue(wfs.source);
    container.bind(FEATURE_TRANSACTIONS).toConstantValue(wfs.transactions);
    container.bind(EDIT_JOURNAL).toConstantValue(createBrowserStorage({ namespace: 'bench-large', mapServer: `map-server ${wfsUrl}` }).journal);
    const created = nextLeafletMap();
    // Every change of what the map draws shows on these attributes; the harness times by them.
    new MutationObserver((mutations) => (mutations.every((mutation) => mutation.attributeName === 'data-loading-view') ? background() : activity())).observe(element, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-features', 'data-painting', 'data-loading-view'],
      childList: true,
    });
    const root = createRoot(element);
    // As the app's entry (`src/main.tsx`) renders its first screen: a transition, rendered in slices.
    startTransition(() => root.render(createElement(FeatureMap, { container, locale: 'zh-CN', height: 800, initialTypeName: typeName, wmsUrl: wfsUrl })));
    const map = await created;
    // The anchor's opening view, set as the map is made (before the layer is read), so both read the same view first.
    map.setView([start.center[1], start.center[0]], start.zoom, { animate: false });
    const mapElement = map.getContainer();
    const idle = () => !element.querySelector('.gportal-feature-canvas[data-painting]') && !('loadingView' in mapElement.dataset);
    // The table's controls by their accessible names (the message table's, zh-CN), as staff find them.
    const button = (name: string, within: ParentNode) => [...within.querySelectorAll('button')].find((candidate) => candidate.getAttribute('aria-label') === name || candidate.textContent?.trim() === name);
    const tableElement = () => element.querySelector<HTMLElement>('section[aria-label="属性表"]');
    const firstRow = () => tableElement()?.querySelector('tbody tr')?.getAttribute('data-id') ?? undefined;
    return {
      setView({ center: [lng, lat], zoom }) {
        map.setView([lat, lng], zoom, { animate: false });
      },
      pixelOf([lng, lat]) {
        const point = map.latLngToContainerPoint([lat, lng]);
        const box = mapElement.getBoundingClientRect();
        return { x: box.left + point.x, y: box.top + point.y };
      },
      showsFeatures: () => Number(mapElement.dataset.features ?? 0) > 0 && idle(),
      idle,
      shownBy: () => (element.querySelector<HTMLElement>('.gportal-feature-canvas')?.dataset.paintedAhead === undefined ? 'painted' : 'ahead'),
      table: {
        async open() {
          const open = button('属性表', element);
          if (!open) throw new Error('no button named 属性表');
          open.click();
          // Its first page listed and counted by the server.
          await whenChanged(element, () => firstRow() !== undefined && Boolean(tableElement()?.querySelector('[data-testid="table-count"]')?.textContent), 'the attribute table\'s first rows');
        },
        async next() {
          const table = tableElement();
          const next = table && button('下一页', table);
          if (!table || !next) throw new Error('no attribute table with a button named 下一页');
          const before = firstRow();
          next.click();
          await whenChanged(table, () => firstRow() !== undefined && firstRow() !== before, 'the attribute table\'s next page');
        },
      },
    };
  },
};
