import { describe, expect, it } from 'vitest';
import type { ScreenShape } from './flat-shape';
import { paintShapes, type PaintContext } from './paint-shapes';
import { packShapes, transferablesOf, unpackShapes } from './raster-protocol';

const shape = (points: number[], rings: number[]): ScreenShape => ({ points: Float64Array.from(points), rings: Uint32Array.from(rings), bounds: [0, 0, 0, 0] });

/** A 2D context that records the path and paint calls made on it. */
function recordingContext(): { context: PaintContext; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const target: Record<string, unknown> = {};
  const context = new Proxy(target, {
    get(_, name: string) {
      if (name in target) return target[name];
      return (...args: unknown[]) => calls.push([name, ...args]);
    },
    set(_, name: string, value: unknown) {
      target[name] = value;
      calls.push([`${name}=`, value]);
      return true;
    },
  }) as unknown as PaintContext;
  return { context, calls };
}

describe('packShapes', () => {
  const screens = [shape([110, 220, 130, 220, 130, 240, 110, 220], [0, 4]), shape([500, 600, 510, 600, 505, 610, 500, 600, 502, 602, 503, 603, 502, 604, 502, 602], [0, 4, 8]), shape([], [0])];

  it('moves the shapes to the canvas top left and gives back each one with its own rings', () => {
    const packed = packShapes(screens, 100, 200);
    expect([...packed.shapes]).toEqual([0, 2, 5, 6]);
    const back = unpackShapes(packed);
    expect(back).toHaveLength(3);
    back.forEach((screen, index) => {
      const source = screens[index] as ScreenShape;
      const rings = [...screen.rings];
      expect(rings.map((ring) => ring - (rings[0] as number))).toEqual([...source.rings]);
      const points = [...screen.points.slice((rings[0] as number) * 2, (rings.at(-1) as number) * 2)];
      expect(points).toEqual([...source.points].map((value, at) => value - (at % 2 === 0 ? 100 : 200)));
    });
    expect(transferablesOf(packed)).toEqual([packed.points.buffer, packed.rings.buffer, packed.shapes.buffer]);
  });

  it('lets the worker trace exactly the paths the main thread traces', () => {
    const style = { color: '#3388ff', weight: 3, fillOpacity: 0.15, dashArray: '8 6' };
    const main = recordingContext();
    paintShapes(main.context, style, screens, { left: 100, top: 200 }, true);
    const worker = recordingContext();
    paintShapes(worker.context, style, unpackShapes(packShapes(screens, 100, 200)), { left: 0, top: 0 }, true);
    expect(worker.calls).toEqual(main.calls);
    expect(main.calls.filter(([name]) => name === 'lineTo').length).toBeGreaterThan(5);
  });
});
