import { EditSession } from '@gportal/core';
import { createWfsAdapters } from '@gportal/adapters-geoserver';
import { bench, describe, inject } from 'vitest';
import { wfsServer, wfsSql } from './wfs-server.js';

// What the conflict check costs a save on QGIS Server + PostGIS: the save of 500 updates (its
// check included) against the check's re-read of those 500 features (one GetFeature by ids).
// Budget: the re-read costs at most 10 % of the save (bench/README.md, "The conflict check's cost").
const UPDATES = 500;
const url = inject('wfsUrl');

await wfsServer('reset');
await wfsSql(
  `INSERT INTO towns (name, population, geom) SELECT 'bench ' || i, i, ST_MakeEnvelope(116 + (i % 25) * 0.2, 21 + (i / 25) * 0.3, 116.1 + (i % 25) * 0.2, 21.1 + (i / 25) * 0.3, 4326) FROM generate_series(1, ${UPDATES}) AS i`,
);
const adapters = createWfsAdapters({ url });
const session = new EditSession({ ...adapters, typeName: 'towns' });
const ids = (await session.load()).map((feature) => feature.id).slice(-UPDATES);
let round = 0;

describe(`conflict check, ${UPDATES} updates on QGIS Server`, () => {
  bench(
    `save of ${UPDATES} updates (a property each), conflict check included`,
    async () => {
      round += 1;
      for (const id of ids) session.update(id, { properties: { population: 100_000 + round } });
      const outcome = await session.save();
      if (!outcome.ok || outcome.result.totals.updated !== UPDATES) throw new Error(`the bench save failed: ${JSON.stringify(outcome)}`);
    },
    { iterations: 5, warmupIterations: 1 },
  );
  bench(
    `the conflict check's re-read: one GetFeature of the ${UPDATES} features by id`,
    async () => {
      const { features } = await adapters.source.getFeatures({ typeName: 'towns', featureIds: ids, maxFeatures: ids.length });
      if (features.length !== UPDATES) throw new Error(`read ${features.length} features`);
    },
    { iterations: 10, warmupIterations: 1 },
  );
});
