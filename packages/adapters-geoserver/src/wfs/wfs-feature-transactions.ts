import { GportalError, MapServerError, ValidationError, type ChangeSet, type CommitResult, type FeatureTransactions } from '@gportal/core';
import { checkChangeSet } from './change-set-check.js';
import { markIfNeverConnected, markNotSent } from './request-not-sent.js';
import { writeTransaction } from './transaction-request.js';
import { readTransactionResult } from './transaction-response.js';
import type { WfsEndpoint } from './wfs-endpoint.js';
import type { WfsFeatureSource, WfsRequestOptions } from './wfs-feature-source.js';
import type { WfsVersion } from './wfs-protocol.js';

/**
 * The transaction's XML, or a `ValidationError` when it cannot be written: nothing was sent, so the
 * session knows the server has none of it (a writer's own error says nothing about the server).
 */
function writtenOrRefused<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof GportalError) throw error;
    throw new ValidationError({ transaction: error instanceof Error ? error.message : String(error) }, 'the transaction could not be written, so nothing was sent');
  }
}

/**
 * `FeatureTransactions` over WFS-T: the change set is checked against the layer's schema, written
 * as one `wfs:Transaction`, and the answer read for ids, totals and per-action failures. On a
 * server that commits action by action (QGIS Server) the refused ones come back in `failures`
 * while the others are committed; an atomic server (GeoServer) answers an exception report, which
 * throws `MapServerError`. A `NetworkError` says `requestSent: false` only when the transaction
 * provably never reached the server; otherwise its outcome is unknown.
 */
export class WfsFeatureTransactions implements FeatureTransactions {
  constructor(
    private readonly endpoint: WfsEndpoint,
    private readonly source: WfsFeatureSource,
    private readonly version: WfsVersion,
  ) {}

  async commit(changes: ChangeSet, options: WfsRequestOptions = {}): Promise<CommitResult> {
    const empty = changes.inserts.length + changes.updates.length + changes.deletes.length === 0;
    if (empty) return { inserted: [], totals: { inserted: 0, updated: 0, deleted: 0 }, failures: [] };
    const layer = await this.source.layer(changes.typeName, options.signal).catch((error: unknown) => {
      throw markNotSent(error);
    });
    const checked = checkChangeSet(changes, layer.schema);
    const written = writtenOrRefused(() => writeTransaction(checked, layer, this.version));
    const answer = await this.endpoint.post(written.xml, `Transaction ${changes.typeName}`, options.signal).catch((error: unknown) => {
      throw markIfNeverConnected(error);
    });
    if (!answer.document) {
      throw new MapServerError({ status: answer.status, code: 'UnexpectedResponse', text: `Transaction: expected XML, got ${answer.text.slice(0, 200)}` });
    }
    return readTransactionResult(answer.document, written, checked, answer.status);
  }
}
