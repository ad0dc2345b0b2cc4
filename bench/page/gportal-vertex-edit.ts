/**
 * The vertex editor in `npm run bench` (bench/README.md), through `@gportal/ui-react`'s public
 * entry: `FeatureMap`, the editor other teams embed, showing one polygon layer. The edit starts as
 * staff start it: the toolbar's 编辑, then a click on the polygon; the editor then edits its copy
 * (`VertexEditor`), every reported shape measured and checked for self-intersection, and shows the
 * read-out. A move is a pointer drag of one step on the map element: a press on the vertex, one
 * move, a release, through the same listeners a mouse drag reaches.
 */
import { EDIT_JOURNAL, FEATURE_SOURCE, FEATURE_TRANSACTIONS, type FeatureSchema, type FeatureSource, type FeatureTransactions, type Geometry } from '@gportal/core';
import { MemoryEditJournal } from '@gportal/core/memory';
import { FeatureMap } from '@gportal/ui-react';
import { Container } from 'inversify';
import L from 'leaflet';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { nextLeafletMap } from './leaflet-map-hook.js';
import type { VertexDragContender } from './map-contract.js';

const TYPE_NAME = 'bench:polygon';
const SCHEMA: FeatureSchema = { typeName: TYPE_NAME, geometryField: 'geom', geometryKind: 'Polygon', properties: [] };
/** How far a drag step moves the pointer, in screen pixels (past the click threshold). */
const STEP_PX = 5;
/** The toolbar button that starts editing (`map.tool.edit` in zh-CN). */
const EDIT_BUTTON = '编辑';

function pointer(type: string, element: HTMLElement, point: L.Point): PointerEvent {
  const box = element.getBoundingClientRect();
  return new PointerEvent(type, {
    bubbles: true,
    cancelable: true,
    pointerId: 1,
    pointerType: 'mouse',
    isPrimary: true,
    button: 0,
    buttons: type === 'pointerup' ? 0 : 1,
    clientX: box.left + point.x,
    clientY: box.top + point.y,
  });
}

/** A click where a mouse would make it: on whatever element is on top at that point of the map. */
function clickAt(container: HTMLElement, point: L.Point): void {
  const box = container.getBoundingClientRect();
  const clientX = box.left + point.x;
  const clientY = box.top + point.y;
  const target = document.elementFromPoint(clientX, clientY) ?? container;
  const init = { bubbles: true, cancelable: true, button: 0, clientX, clientY, view: window };
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup']) {
    target.dispatchEvent(type.startsWith('pointer') ? new PointerEvent(type, { ...init, pointerId: 1, pointerType: 'mouse', isPrimary: true }) : new MouseEvent(type, init));
  }
  target.dispatchEvent(new MouseEvent('click', init));
}

/** Resolves once `ready()` holds, checked every frame; rejects after `timeoutMs`. */
function until(ready: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (ready()) resolve();
      else if (performance.now() > deadline) reject(new Error(`bench: timed out waiting for ${what}`));
      else requestAnimationFrame(check);
    };
    check();
  });
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The benchmark's one polygon as the editor's feature source. */
function sourceOf(geometry: Geometry): FeatureSource {
  return {
    listTypes: async () => [{ name: TYPE_NAME, title: TYPE_NAME }],
    describe: async () => SCHEMA,
    getFeatures: async () => ({ features: [{ id: 'edited', geometry, properties: {} }], skipped: 0 }),
  };
}

const transactions: FeatureTransactions = { commit: () => Promise.reject(new Error('the benchmark saves nothing')) };

export const vertexDragContender: VertexDragContender = {
  name: 'gportal FeatureMap vertex editing (VertexEditor: handles on one canvas; incremental measure + self-intersection check per move)',
  role: 'gportal',
  async mount(element, ring) {
    const geometry: Geometry = { type: 'Polygon', coordinates: [[...ring, ring[0] as [number, number]]] };
    const container = new Container();
    container.bind(FEATURE_SOURCE).toConstantValue(sourceOf(geometry));
    container.bind(FEATURE_TRANSACTIONS).toConstantValue(transactions);
    container.bind(EDIT_JOURNAL).toConstantValue(new MemoryEditJournal());
    const created = nextLeafletMap();
    const root = createRoot(element);
    root.render(createElement(FeatureMap, { container, locale: 'zh-CN', height: 800, initialTypeName: TYPE_NAME }));
    const map = await created;
    const mapElement = map.getContainer();
    await until(() => Number(mapElement.dataset.features ?? 0) > 0, 'the polygon on the map');
    const editButton = () => [...element.querySelectorAll('button')].find((button) => button.textContent?.trim() === EDIT_BUTTON && !button.disabled);
    await until(() => editButton() !== undefined, `the toolbar's ${EDIT_BUTTON}`);
    const [centerLng, centerLat] = ring.reduce(([lng, lat], [x, y]) => [lng + x / ring.length, lat + y / ring.length], [0, 0]);
    return {
      async start() {
        editButton()?.click();
        await nextFrame();
        // The click lands in the polygon's interior, as staff pick a feature to edit.
        clickAt(mapElement, map.latLngToContainerPoint(L.latLng(centerLat, centerLng)));
        await until(() => element.querySelector('.gportal-vertex-handles[data-vertices]') !== null, 'the vertex handles');
      },
      move(index) {
        const [lng, lat] = ring[index % ring.length] as [number, number];
        const from = map.latLngToContainerPoint(L.latLng(lat, lng));
        mapElement.dispatchEvent(pointer('pointerdown', mapElement, from));
        mapElement.dispatchEvent(pointer('pointermove', mapElement, from.add(L.point(STEP_PX, -STEP_PX))));
        mapElement.dispatchEvent(pointer('pointerup', mapElement, from.add(L.point(STEP_PX, -STEP_PX))));
      },
      destroy() {
        root.unmount();
      },
    };
  },
};
