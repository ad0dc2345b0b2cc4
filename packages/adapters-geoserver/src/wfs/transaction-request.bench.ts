import { bench, describe } from 'vitest';
import './test-support/register-dom.js';
import { benchChanges, benchFeatures, BENCH_LAYER } from './test-support/bench-layer.js';
import { writeTransactionWithOpenLayers } from './test-support/ol-transaction-writer.js';
import { checkChangeSet } from './change-set-check.js';
import { writeTransaction } from './transaction-request.js';

// The adapter's writer (XmlStream) against the ol writer it replaced. `npm run bench` compares the adapter's
// commit with ol/format/WFS writeTransaction in Chromium; here the DOM the ol writer needs is jsdom's.
const changes = checkChangeSet(benchChanges(benchFeatures(200, 50)), BENCH_LAYER.schema);

describe('WFS-T Transaction, 100 inserts + 50 updates + 50 deletes of 50-position polygons', () => {
  bench('writeTransaction (XmlStream)', () => {
    writeTransaction(changes, BENCH_LAYER, '1.1.0');
  });
  bench('ol path', () => {
    writeTransactionWithOpenLayers(changes, BENCH_LAYER, '1.1.0');
  });
});
