import type { FeatureCollection } from 'geojson';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { DatasetName } from '../data.js';
import { PARSE_CONTENDERS, loadInputs, resultFacts, transactionContenders, type Contender, type Inputs, type ResultFacts } from './contenders.js';
import type { MountedMap, RenderContender, VertexDragContender } from './map-contract.js';
import { GPORTAL_RENDER_CONTENDERS, GPORTAL_VERTEX_DRAG_CONTENDERS, LEAFLET_DRAW_VERTEX_DRAG, LEAFLET_RENDER_CONTENDERS } from './render.js';

declare global {
  interface Window {
    gc?: () => void;
    L: typeof L;
    bench: typeof api;
  }
}

// leaflet-draw is written against the global `L`.
window.L = L;
await import('leaflet-draw');

const renderContenders: RenderContender[] = [...LEAFLET_RENDER_CONTENDERS, ...GPORTAL_RENDER_CONTENDERS];
const vertexDragContenders: VertexDragContender[] = [LEAFLET_DRAW_VERTEX_DRAG, ...GPORTAL_VERTEX_DRAG_CONTENDERS];

const inputs = new Map<DatasetName, Inputs>();
/** What `keep` holds on to, so the runner can measure its retained heap. */
let kept: unknown;
const mapElement = document.getElementById('map') as HTMLElement;

function gc(): void {
  if (!window.gc) throw new Error('start Chromium with --js-flags=--expose-gc');
  window.gc();
}

/** Resolves once the next frame has been produced: a task queued behind that frame's rendering steps. */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function contendersOf(row: string): Contender[] {
  if (row === 'parse') return PARSE_CONTENDERS;
  if (row === 'transaction-changed') return transactionContenders('changed');
  if (row === 'transaction-every') return transactionContenders('every');
  throw new Error(`no row ${row}`);
}

function inputsOf(dataset: DatasetName): Inputs {
  const loaded = inputs.get(dataset);
  if (!loaded) throw new Error(`dataset ${dataset} not loaded`);
  return loaded;
}

async function freshMapElement(): Promise<HTMLElement> {
  mapElement.replaceChildren();
  const element = document.createElement('div');
  element.style.cssText = 'width:1000px;height:800px';
  mapElement.append(element);
  await nextFrame();
  return element;
}

const api = {
  async load(dataset: DatasetName): Promise<{ geoJsonBytes: number; gmlBytes: number }> {
    const loaded = await loadInputs(dataset);
    inputs.set(dataset, loaded);
    return { geoJsonBytes: loaded.geoJsonText.length, gmlBytes: loaded.gmlText.length };
  },
  contenders(row: string): Array<Pick<Contender, 'name' | 'role' | 'input'>> {
    return contendersOf(row).map(({ name, role, input }) => ({ name, role, input }));
  },
  /**
   * One timed call of contender `index`, after a full GC; the result is dropped. A contender
   * that answers with a promise (one going through the adapter's asynchronous ports) is timed
   * until it settles, or until the moment it reports with `endedAt`.
   */
  async time(row: string, dataset: DatasetName, index: number): Promise<number> {
    const contender = contendersOf(row)[index] as Contender;
    const data = inputsOf(dataset);
    gc();
    const start = performance.now();
    let result = contender.run(data);
    let end = performance.now();
    if (result instanceof Promise) {
      result = await result;
      end = contender.endedAt?.() ?? performance.now();
    }
    if (result === undefined) throw new Error(`${contender.name} returned nothing`);
    return end - start;
  },
  async facts(row: string, dataset: DatasetName, index: number): Promise<ResultFacts> {
    return resultFacts(await (contendersOf(row)[index] as Contender).run(inputsOf(dataset)));
  },
  /** Runs contender `index` and keeps its result alive (for the retained-heap measurement). */
  async keep(row: string, dataset: DatasetName, index: number): Promise<void> {
    kept = await (contendersOf(row)[index] as Contender).run(inputsOf(dataset));
  },
  release(): void {
    kept = undefined;
  },
  keptSomething: (): boolean => kept !== undefined,
  gc,
  renderContenders: () => renderContenders.map(({ name, role }) => ({ name, role })),
  vertexDragContenders: () => vertexDragContenders.map(({ name, role }) => ({ name, role })),
  /** First render of the whole layer until its frame, then every scripted step until its frame (for a contender painting off the main thread, the frame after it settled). */
  async render(dataset: DatasetName, index: number, withSteps: boolean): Promise<{ firstRenderMs: number; syncMs: number; steps: Array<{ kind: string; ms: number }> }> {
    const contender = renderContenders[index] as RenderContender;
    const collection = JSON.parse(inputsOf(dataset).geoJsonText) as FeatureCollection;
    const element = await freshMapElement();
    gc();
    const start = performance.now();
    const map = contender.mount(element, collection);
    const syncMs = performance.now() - start;
    await map.settled?.();
    await nextFrame();
    const firstRenderMs = performance.now() - start;
    const steps: Array<{ kind: string; ms: number }> = [];
    if (withSteps) {
      for (const step of map.steps) {
        const stepStart = performance.now();
        step.run();
        await map.settled?.();
        await nextFrame();
        steps.push({ kind: step.kind, ms: performance.now() - stepStart });
      }
    }
    map.destroy();
    mapElement.replaceChildren();
    return { firstRenderMs, syncMs, steps };
  },
  /** Mounts a map for the leak check; `redraw` and `layerCount` act on it, `unmount` removes it. */
  async mountForLeakCheck(dataset: DatasetName, index: number): Promise<void> {
    const collection = JSON.parse(inputsOf(dataset).geoJsonText) as FeatureCollection;
    mounted = (renderContenders[index] as RenderContender).mount(await freshMapElement(), collection);
    await mounted.settled?.();
    await nextFrame();
  },
  async redraw(times: number): Promise<void> {
    for (let count = 0; count < times; count += 1) {
      mounted?.redraw();
      await mounted?.settled?.();
      await nextFrame();
    }
  },
  layerCount: (): number => mounted?.layerCount() ?? 0,
  unmount(): void {
    mounted?.destroy();
    mounted = undefined;
    mapElement.replaceChildren();
  },
  /**
   * Drags vertices of a `vertexCount`-vertex polygon `moves` times; each move timed until its
   * frame (`moves`), and by the main thread's work for it (`work`): the move's own call plus the
   * frame's steps from its first animation-frame callback to its end, leaving out the wait for
   * the display's next frame, which is up to 16.7 ms at 60 Hz whatever the move costs.
   */
  async vertexDrag(index: number, vertexCount: number, moves: number): Promise<{ mountMs: number; moves: number[]; work: number[] }> {
    const ring: Array<[number, number]> = [];
    for (let vertex = 0; vertex < vertexCount; vertex += 1) {
      const angle = (2 * Math.PI * vertex) / vertexCount;
      ring.push([118 + 0.1 * Math.cos(angle) * (1 + 0.05 * Math.sin(vertex)), 25 + 0.1 * Math.sin(angle)]);
    }
    const element = await freshMapElement();
    const editor = await (vertexDragContenders[index] as VertexDragContender).mount(element, ring);
    await nextFrame();
    gc();
    const start = performance.now();
    await editor.start();
    await nextFrame();
    const mountMs = performance.now() - start;
    const times: number[] = [];
    const work: number[] = [];
    for (let move = 0; move < moves; move += 1) {
      // Queued before the move, so it runs first in the frame that draws it.
      let frameStart = NaN;
      requestAnimationFrame(() => {
        frameStart = performance.now();
      });
      const moveStart = performance.now();
      editor.move((move * 997) % vertexCount);
      const syncMs = performance.now() - moveStart;
      await nextFrame();
      const end = performance.now();
      times.push(end - moveStart);
      work.push(syncMs + (end - frameStart));
    }
    editor.destroy();
    mapElement.replaceChildren();
    return { mountMs, moves: times, work };
  },
};

let mounted: MountedMap | undefined;
window.bench = api;
document.body.dataset.ready = 'true';
