import { MapServerError, type ActionFailure, type ChangeSet, type CommitResult, type TransactionActionKind } from '@gportal/core';
import type { WrittenTransaction } from './transaction-request.js';
import { childElements, descendants, firstChild, textOf } from './wfs-xml.js';

/** Where each version puts the inserted ids: the result element, and the id element with its attribute. */
const INSERT_RESULTS: ReadonlyArray<{ element: string; idElement: string; idAttribute: string }> = [
  { element: 'Feature', idElement: 'FeatureId', idAttribute: 'fid' }, // 1.1.0: InsertResults/Feature
  { element: 'Feature', idElement: 'ResourceId', idAttribute: 'rid' }, // 2.0.0
  { element: 'InsertResult', idElement: 'FeatureId', idAttribute: 'fid' }, // 1.0.0
];

const LOCATOR_KINDS: Readonly<Record<string, TransactionActionKind>> = { insert: 'insert', update: 'update', delete: 'delete' };

interface InsertedId {
  handle: string | undefined;
  id: string;
}

function insertedIds(root: Element): InsertedId[] {
  const containers = [...childElements(root, 'InsertResults'), root];
  const ids: InsertedId[] = [];
  for (const container of containers) {
    for (const { element, idElement, idAttribute } of INSERT_RESULTS) {
      for (const result of childElements(container, element)) {
        for (const idNode of childElements(result, idElement)) {
          const id = idNode.getAttribute(idAttribute);
          if (id && id !== 'none') ids.push({ handle: result.getAttribute('handle') ?? undefined, id });
        }
      }
    }
  }
  return ids;
}

/** A count of the summary; a count that is not a whole number (`NaN`, `-1`, `1e400`) makes the answer unreadable. */
function total(summary: Element | undefined, name: string, status: number | undefined): number | undefined {
  const text = textOf(summary ? firstChild(summary, name) : undefined);
  if (text === undefined) return undefined;
  const count = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (Number.isSafeInteger(count)) return count;
  throw new MapServerError({ ...(status !== undefined ? { status } : {}), code: 'MalformedResponse', text: `Transaction: ${name} is not a count: ${text.slice(0, 40)}` });
}

/** The action a locator names: one of our handles, or QGIS Server's `Insert:<typename>`. */
function actionOf(locator: string | null, written: WrittenTransaction): Pick<ActionFailure, 'kind' | 'ref'> {
  const known = locator ? written.actions.get(locator) : undefined;
  if (known) return known;
  const kind = LOCATOR_KINDS[(locator ?? '').split(':')[0]?.toLowerCase() ?? ''] ?? 'insert';
  return { kind, ref: locator ?? '' };
}

/**
 * Reads a Transaction answer (WFS 1.1 / 2.0 `TransactionResponse`, WFS 1.0
 * `WFS_TransactionResponse`) into the commit result: inserted ids matched to their insert by the
 * echoed handle (by order when a server echoes none), totals, and the per-action messages of
 * `TransactionResults`, which `readTransactionResponse` of OpenLayers ignores. An insert that
 * got no id and no message, and that the totals do not count, is reported as failed too; one the
 * totals count but no id names, or any insert of an answer whose ids cannot all be matched (a
 * handle twice, a handle not sent, more unlabelled ids than inserts), is neither inserted nor
 * failed: its outcome is unknown.
 */
export function readTransactionResult(document: Document, written: WrittenTransaction, changes: ChangeSet, status?: number): CommitResult {
  const root = document.documentElement;
  if (root.localName !== 'TransactionResponse' && root.localName !== 'WFS_TransactionResponse') {
    throw new MapServerError({
      ...(status !== undefined ? { status } : {}),
      code: 'UnexpectedResponse',
      text: `Transaction: expected a TransactionResponse, got <${root.localName}>`,
    });
  }

  const failures: ActionFailure[] = [];
  // 1.1 / 2.0: TransactionResults/Action; 1.0: TransactionResult with a FAILED or PARTIAL status.
  for (const action of descendants(root, 'Action')) {
    failures.push({ ...actionOf(action.getAttribute('locator'), written), message: textOf(firstChild(action, 'Message')) ?? 'refused' });
  }
  const legacyResult = firstChild(root, 'TransactionResult');
  const legacyStatus = legacyResult ? firstChild(firstChild(legacyResult, 'Status') ?? legacyResult, 'SUCCESS') : undefined;
  if (legacyResult && !legacyStatus) {
    const message = textOf(firstChild(legacyResult, 'Message')) ?? 'the transaction failed';
    failures.push({ ...actionOf(textOf(firstChild(legacyResult, 'Locator')) ?? legacyResult.getAttribute('handle'), written), message });
  }

  const summary = firstChild(root, 'TransactionSummary');
  const ids = insertedIds(root);
  const inserted: CommitResult['inserted'] = [];
  const waiting = changes.inserts.map((insert) => insert.handle);
  let trusted = true;
  for (const { handle, id } of ids.filter((entry) => entry.handle !== undefined)) {
    const action = written.actions.get(handle as string);
    const index = action?.kind === 'insert' ? waiting.indexOf(action.ref) : -1;
    // An id for a handle not sent, or a handle named twice: no id of this answer can be trusted.
    if (!action || index < 0) trusted = false;
    else {
      inserted.push({ handle: action.ref, id });
      waiting.splice(index, 1);
    }
  }
  // A server that echoes no handle (GeoServer 1.1) lists the ids in request order.
  const unlabelled = ids.filter((entry) => entry.handle === undefined);
  const failed = new Set(failures.filter((failure) => failure.kind === 'insert').map((failure) => failure.ref));
  const pending = waiting.filter((handle) => !failed.has(handle));
  const counted = total(summary, 'totalInserted', status);
  if (!trusted) {
    // Every insert is of unknown outcome: the session asks the server before sending any again.
    inserted.length = 0;
  } else if (unlabelled.length === pending.length) {
    pending.forEach((handle, index) => inserted.push({ handle, id: (unlabelled[index] as InsertedId).id }));
  } else if (unlabelled.length === 0 && (counted ?? 0) <= inserted.length) {
    // Counted as not inserted, and named by no message: refused.
    for (const handle of pending) failures.push({ kind: 'insert', ref: handle, message: 'the server returned no id for this insert' });
  }
  // Otherwise the server counted inserts it did not name, or listed ids that cannot be matched to
  // them: those inserts are neither committed nor refused, and the session checks them first.

  const succeeded = !legacyResult || legacyStatus !== undefined;
  return {
    inserted,
    totals: {
      inserted: counted ?? inserted.length,
      // WFS 1.0 reports no counts: a successful transaction did what it was asked.
      updated: total(summary, 'totalUpdated', status) ?? (summary || !succeeded ? 0 : changes.updates.length),
      deleted: total(summary, 'totalDeleted', status) ?? (summary || !succeeded ? 0 : changes.deletes.length),
    },
    failures,
  };
}
