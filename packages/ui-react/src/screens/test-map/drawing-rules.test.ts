import { DRAWING } from '@gportal/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { L, loadLeafletDraw } from '../../map/leaflet';

// The drawing limits of spec sections 4 and 9 as leaflet-draw applies them on the map test's
// 500 × 500 map: the guide's dash spacing and length, the tolerances of a click and of a tap that
// finishes a shape (leaflet-draw's own, which the editor keeps), and the refusal times.

/** leaflet-draw's handler internals these rules run through. */
interface DrawInternals {
  _markers: L.Marker[];
  _guidesContainer?: HTMLElement;
  _startPoint(clientX: number, clientY: number): void;
  _endPoint(clientX: number, clientY: number, event: { latlng: L.LatLng }): void;
  _drawGuide(from: L.Point, to: L.Point): void;
  _finishShape(): void;
}

let element: HTMLElement;
let map: L.Map;
// leaflet-draw comes with the first drawing tool in the app; here it is fetched up front.
beforeAll(() => loadLeafletDraw());
beforeEach(() => {
  element = document.createElement('div');
  Object.assign(element.style, { width: `${DRAWING.sampleMapSizePx}px`, height: `${DRAWING.sampleMapSizePx}px` });
  document.body.append(element);
  map = L.map(element, { zoomAnimation: false, fadeAnimation: false }).setView([25, 118], 10);
});
afterEach(() => {
  map.remove();
  element.remove();
});

function polygonTool(): L.Draw.Polygon & DrawInternals {
  const handler = new L.Draw.Polygon(map as L.DrawMap, { guidelineDistance: DRAWING.guidelineDashSpacingPx, maxGuideLineLength: DRAWING.maxGuideLineLength });
  handler.enable();
  return handler as L.Draw.Polygon & DrawInternals;
}

/** A press at `x` and a release `moved` px to the right: a click, or a drag when it moved too far. */
function click(tool: DrawInternals, x: number, moved: number, latlng = L.latLng(25, 118 + x / 1000)): void {
  tool._startPoint(x, 100);
  tool._endPoint(x + moved, 100, { latlng });
}

describe('drawing rules (spec sections 4 and 9) as leaflet-draw applies them', () => {
  it('the guide is dashed every 20 px and never longer than 4000', () => {
    expect([DRAWING.guidelineDashSpacingPx, DRAWING.maxGuideLineLength]).toEqual([20, 4000]);
    const tool = polygonTool();
    tool._drawGuide(L.point(0, 0), L.point(200, 0));
    const dashes = [...(tool._guidesContainer?.children ?? [])].map((dash) => parseFloat((dash as HTMLElement).style.left || 'NaN') || L.DomUtil.getPosition(dash as HTMLElement).x);
    expect(dashes).toEqual([20, 40, 60, 80, 100, 120, 140, 160, 180]);
    tool._guidesContainer?.replaceChildren();
    // A guide of 10 000 px is drawn over its last 4000 only: one dash every 20 px there.
    tool._drawGuide(L.point(0, 0), L.point(10_000, 0));
    expect(tool._guidesContainer?.children.length).toBe(4000 / 20);
    tool.disable();
  });

  it('a press and release less than 9 px apart places a vertex; 9 px or more is a drag that places none', () => {
    expect(DRAWING.clickTolerancePx).toBe(9);
    const tool = polygonTool();
    click(tool, 100, DRAWING.clickTolerancePx - 0.5);
    expect(tool._markers).toHaveLength(1);
    click(tool, 300, DRAWING.clickTolerancePx);
    expect(tool._markers).toHaveLength(1);
    tool.disable();
  });

  it('on a touch screen a tap closer than 10 px to the first vertex finishes the shape', () => {
    expect(DRAWING.touchFinishTolerancePx).toBe(10);
    const touch = L.Browser.touch;
    Object.assign(L.Browser, { touch: true });
    try {
      const tool = polygonTool();
      let finished = 0;
      tool._finishShape = () => {
        finished += 1;
      };
      const corners = [L.latLng(25, 118), L.latLng(25, 118.1), L.latLng(25.1, 118.1)];
      corners.forEach((corner, index) => click(tool, index * 50, 0, corner));
      expect(tool._markers).toHaveLength(3);
      const first = map.latLngToContainerPoint(corners[0] as L.LatLng);
      click(tool, 0, 0, map.containerPointToLatLng(first.add([DRAWING.touchFinishTolerancePx + 1, 0])));
      expect([finished, tool._markers.length]).toEqual([0, 4]);
      click(tool, 0, 0, map.containerPointToLatLng(first.add([DRAWING.touchFinishTolerancePx - 1, 0])));
      expect(finished).toBe(1);
      tool.disable();
    } finally {
      Object.assign(L.Browser, { touch });
    }
  });

  it('a refused shape is told for 2500 ms while drawing (leaflet-draw\'s own error time) and 1000 ms while editing', () => {
    expect(DRAWING.errorDisplayMs).toEqual({ drawing: 2500, editing: 1000 });
    const defaults = (L.Draw.Polyline.prototype as unknown as { options: L.DrawOptions.PolylineOptions }).options;
    expect(defaults.drawError?.timeout).toBe(DRAWING.errorDisplayMs.drawing);
  });
});
