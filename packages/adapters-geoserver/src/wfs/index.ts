export { createWfsAdapters, WFS_ADAPTER_DEFAULTS, type WfsAdapterOptions, type WfsAdapters } from './create-wfs-adapters.js';
export { WfsFeatureSource, type WfsRequestOptions } from './wfs-feature-source.js';
export { WfsFeatureTransactions } from './wfs-feature-transactions.js';
export { LON_LAT_SRS_NAME, type WfsVersion } from './wfs-protocol.js';
export { BARE_CODE_ORDERS, type AxisOrder, type AxisOrderCorrection } from './axis-order.js';
export { identifyMapServer, type MapServerIdentity, type MapServerKind } from './server-kind.js';
export { readAnswerOnMainThread, type AnswerReader, type AnswerToRead } from './answer-reader.js';
export { createWorkerAnswerReader, type WorkerAnswerReaderOptions } from './worker-answer-reader.js';
export { serveAnswerRequests, type AnswerWorkerScope } from './answer-worker-protocol.js';
