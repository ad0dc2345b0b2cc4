/**
 * Edit a layer with the core's EditSession against the in-memory adapters: draw a polygon,
 * measure it, change and remove features, save everything in one transaction.
 *
 *   npm start -w examples/core-in-memory -- --edit
 */
import { EditSession, formatArea, geodesicArea, type Polygon } from '@gportal/core';
import { createMemoryAdapters, sampleSeed } from '@gportal/core/memory';

export async function editFeaturesInMemory(): Promise<{ area: string; saved: boolean; featureCount: number; newId?: string }> {
  const adapters = createMemoryAdapters(sampleSeed());
  const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: 'store_33:polygon' });
  session.on('save:failed', (failure) => console.error('保存失败:', failure.message));

  const loaded = await session.load();
  const drawn: Polygon = {
    type: 'Polygon',
    coordinates: [[[119.5, 25.5], [119.6, 25.5], [119.6, 25.6], [119.5, 25.6], [119.5, 25.5]]],
  };
  const localId = session.add({ geometry: drawn, properties: { name: '新区', population: 1200 } });
  const [first, second] = loaded;
  if (first) session.update(first.id, { properties: { population: 8300000 } });
  if (second) session.remove(second.id);
  console.log('pending:', session.pending());

  const outcome = await session.save();
  const newId = outcome.ok ? outcome.result.inserted.find((entry) => entry.handle === localId)?.id : undefined;
  return { area: formatArea(geodesicArea(drawn)), saved: outcome.ok, featureCount: session.features().length, ...(newId ? { newId } : {}) };
}
