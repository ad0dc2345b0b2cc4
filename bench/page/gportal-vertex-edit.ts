/**
 * The vertex editor in `npm run bench` (bench/README.md), through `@gportal/ui-react`'s public
 * entry: the app never imports the benchmark. The polygon is an `EditSession`'s feature, hidden in the
 * `FeatureLayerRenderer` and edited as the editor's `useGeometryEdit` copy (`VertexEditor`),
 * every reported shape measured and checked by the editor's `ShapeFeedback`. A move is a pointer
 * drag of one step on the map element: a press on the vertex, one move, a release, through the
 * same listeners a mouse drag reaches.
 */
import { EditSession, type EditableFeature, type FeatureSchema, type Geometry } from '@gportal/core';
import { FeatureLayerRenderer, I18nProvider, ShapeFeedback, translate, useGeometryEdit, type ShapeParts } from '@gportal/ui-react';
import L from 'leaflet';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MAP_OPTIONS, type VertexDragContender } from './map-contract.js';

const TYPE_NAME = 'bench:polygon';
const SCHEMA: FeatureSchema = { typeName: TYPE_NAME, geometryField: 'geom', geometryKind: 'Polygon', properties: [] };
/** How far a drag step moves the pointer, in screen pixels (past the click threshold). */
const STEP_PX = 5;

const t = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) => translate('zh-CN', key, values);

function EditedCopy({ map, feature, feedback }: { map: L.Map; feature: EditableFeature; feedback: ShapeFeedback }) {
  useGeometryEdit(map, feature, {
    // The editor's `onShape`: the read-out and the self-intersection check of every step.
    onShape: (parts: ShapeParts) => {
      feedback.readout(parts, t);
      feedback.problem(parts);
    },
    onVertexRefused: () => undefined,
  });
  return null;
}

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

export const vertexDragContender: VertexDragContender = {
  name: 'gportal VertexEditor (handles on one canvas; incremental measure + self-intersection check per move)',
  role: 'gportal',
  mount(element, ring) {
    const map = L.map(element, MAP_OPTIONS);
    const geometry: Geometry = { type: 'Polygon', coordinates: [[...ring, ring[0] as [number, number]]] };
    map.fitBounds(L.latLngBounds(ring.map(([lng, lat]) => L.latLng(lat, lng))), { animate: false });
    // The copy is a hook: a React root (rendering nothing) runs it, outside the map's element.
    const root = createRoot(document.createElement('div'));
    const renderer = new FeatureLayerRenderer(map, { onFeatureClick: () => undefined });
    const session = new EditSession({
      source: {
        listTypes: async () => [{ name: TYPE_NAME, title: TYPE_NAME }],
        describe: async () => SCHEMA,
        getFeatures: async () => ({ features: [{ id: 'edited', geometry, properties: {} }], skipped: 0 }),
      },
      transactions: { commit: () => Promise.reject(new Error('the benchmark saves nothing')) },
      typeName: TYPE_NAME,
    });
    session.on('load', ({ features }) => {
      renderer.render(features);
      renderer.hide(['edited']);
      const feature = features[0] as EditableFeature;
      const copy = createElement(EditedCopy, { map, feature, feedback: new ShapeFeedback('Polygon') });
      flushSync(() => root.render(createElement(I18nProvider, { initialLocale: 'zh-CN', children: copy })));
    });
    void session.load();
    const container = map.getContainer();
    return {
      move(index) {
        const [lng, lat] = ring[index % ring.length] as [number, number];
        const from = map.latLngToContainerPoint(L.latLng(lat, lng));
        container.dispatchEvent(pointer('pointerdown', container, from));
        container.dispatchEvent(pointer('pointermove', container, from.add(L.point(STEP_PX, -STEP_PX))));
        container.dispatchEvent(pointer('pointerup', container, from.add(L.point(STEP_PX, -STEP_PX))));
      },
      destroy() {
        root.unmount();
        renderer.remove();
        map.remove();
      },
    };
  },
};
