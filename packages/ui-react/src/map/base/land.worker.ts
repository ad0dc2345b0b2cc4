/**
 * The land worker: reads the offline base map's land file, decodes and cuts it
 * (`land-decode.ts`), and sends the shapes back in transferable blocks, so the main thread only
 * reads the blocks back (a few milliseconds each) instead of decoding for hundreds.
 */
import { feature } from 'topojson-client';
import { fetchLandTopology, LAND_BLOCK_POSITIONS, landSteps, landTransferables, packLand, type LandReply, type LandRequest, type LandShape } from './land-decode';

interface WorkerScope {
  onmessage: ((event: MessageEvent<LandRequest>) => void) | null;
  postMessage(message: LandReply, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

async function decode({ url, timeoutMs }: LandRequest): Promise<void> {
  const topology = await fetchLandTopology(url, timeoutMs);
  const steps = landSteps(topology, feature);
  scope.postMessage({ kind: 'loaded' });
  let block: LandShape[] = [];
  let positions = 0;
  const send = () => {
    const packed = packLand(block);
    scope.postMessage({ kind: 'shapes', ...packed }, landTransferables(packed));
    block = [];
    positions = 0;
  };
  for (const step of steps) {
    for (const shape of step) {
      block.push(shape);
      positions += shape.shape.positions;
    }
    if (positions >= LAND_BLOCK_POSITIONS) send();
  }
  if (block.length > 0) send();
  scope.postMessage({ kind: 'done' });
}

scope.onmessage = ({ data }) => {
  decode(data).catch((error: unknown) => scope.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }));
};
