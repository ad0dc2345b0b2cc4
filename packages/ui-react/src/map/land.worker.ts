/**
 * The land worker: reads the offline base map's land (Natural Earth, world-atlas's topology),
 * decodes it, cuts it into pieces and packs their shapes, off the main thread, where this took
 * 300 ms or more of a slow machine's time, in slices, while the map's first features loaded.
 * One request, one answer: the packed shapes, transferred, or why it failed.
 */
import { feature } from 'topojson-client';
import type * as TopoJSON from 'topojson-specification';
import { landSteps, landTransferables, packLand, type LandShape } from './land-shapes';
import type { LandReply, LandRequest } from './land-protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<LandRequest>) => void) | null;
  postMessage(message: LandReply, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data: { url, timeoutMs } }) => {
  void (async () => {
    let topology: TopoJSON.Topology;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`Natural Earth land: HTTP ${response.status}`);
      topology = (await response.json()) as TopoJSON.Topology;
    } catch (error) {
      scope.postMessage({ kind: 'unread', message: error instanceof Error ? error.message : String(error) });
      return;
    }
    try {
      const shapes: LandShape[] = [];
      for (const step of landSteps(topology, feature)) shapes.push(...step);
      const packed = packLand(shapes);
      scope.postMessage({ kind: 'done', packed }, landTransferables(packed));
    } catch (error) {
      scope.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  })();
};
