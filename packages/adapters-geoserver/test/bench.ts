/**
 * The adapter's hot paths and their `ol` references, for the benchmark's page only
 * (`@gportal/adapters-geoserver/bench`, resolved inside this repository through the
 * `gportal:source` condition). Browser-safe: nothing here touches Node.
 */
export { checkChangeSet } from '../src/wfs/change-set-check.js';
export { readFeatureSet } from '../src/wfs/feature-reader.js';
export { writeTransaction } from '../src/wfs/transaction-request.js';
export { LON_LAT_SRS_NAME } from '../src/wfs/wfs-protocol.js';
export { readFeatureSetWithOpenLayers } from '../src/wfs/test-support/ol-feature-reader.js';
export { writeTransactionWithOpenLayers } from '../src/wfs/test-support/ol-transaction-writer.js';
