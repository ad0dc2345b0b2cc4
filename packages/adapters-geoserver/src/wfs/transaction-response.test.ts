import './test-support/register-dom.js';
import { MapServerError, type ChangeSet, type Geometry } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { readGeoServerFixture, readQgisFixture } from './test-support/fixtures.js';
import type { ActionRef, WrittenTransaction } from './transaction-request.js';
import { readTransactionResult } from './transaction-response.js';
import { parseXml } from './wfs-xml.js';

const point: Geometry = { type: 'Point', coordinates: [118, 25] };

/** A change set with these inserts, and the handles `writeTransaction` would have given. */
function sent(inserts: string[], updates: string[] = [], deletes: string[] = []): { changes: ChangeSet; written: WrittenTransaction } {
  const actions = new Map<string, ActionRef>([
    ...inserts.map((handle): [string, ActionRef] => [handle, { kind: 'insert', ref: handle }]),
    ...updates.map((id): [string, ActionRef] => [`update:${id}`, { kind: 'update', ref: id }]),
    ...deletes.map((id): [string, ActionRef] => [`delete:${id}`, { kind: 'delete', ref: id }]),
  ]);
  return {
    changes: { typeName: 't', inserts: inserts.map((handle) => ({ handle, geometry: point, properties: {} })), updates: updates.map((id) => ({ id })), deletes },
    written: { xml: '', actions },
  };
}

const read = (xml: string, { changes, written }: ReturnType<typeof sent>) => readTransactionResult(parseXml(xml, 'test'), written, changes);

describe('readTransactionResult', () => {
  it('matches the ids QGIS Server lists in reverse order by their handles', () => {
    const result = read(readQgisFixture('wfs110-Transaction-insert.response.xml'), sent(['ins-1-putian', 'ins-2-longyan', 'ins-3-meizhou-poi']));
    expect(result).toEqual({
      inserted: [
        { handle: 'ins-3-meizhou-poi', id: 'poi.6' },
        { handle: 'ins-2-longyan', id: 'towns.8' },
        { handle: 'ins-1-putian', id: 'towns.9' },
      ],
      totals: { inserted: 3, updated: 0, deleted: 0 },
      failures: [],
    });
  });

  it('matches GeoServer 1.1 ids, which come without handles, by request order', () => {
    const result = read(readGeoServerFixture('wfs/transaction-response-1.1.0-insert.xml'), sent(['a', 'b'], ['parcelle.1']));
    expect(result).toEqual({
      inserted: [
        { handle: 'a', id: 'parcelle.40' },
        { handle: 'b', id: 'parcelle.41' },
      ],
      totals: { inserted: 0, updated: 1, deleted: 0 },
      failures: [],
    });
  });

  it('reads the totals of a WFS 2.0 answer', () => {
    expect(read(readGeoServerFixture('wfs/transaction-response-2.0.0-update.e-learning-excerpt.xml'), sent([], ['tasmania_roads.1']))).toEqual({
      inserted: [],
      totals: { inserted: 0, updated: 1, deleted: 0 },
      failures: [],
    });
  });

  it('reads WFS 2.0 inserted ids from fes:ResourceId', () => {
    const xml = `<wfs:TransactionResponse xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:fes="http://www.opengis.net/fes/2.0" version="2.0.0">
      <wfs:TransactionSummary><wfs:totalInserted>1</wfs:totalInserted></wfs:TransactionSummary>
      <wfs:InsertResults><wfs:Feature handle="n"><fes:ResourceId rid="layer.7"/></wfs:Feature></wfs:InsertResults></wfs:TransactionResponse>`;
    expect(read(xml, sent(['n'])).inserted).toEqual([{ handle: 'n', id: 'layer.7' }]);
  });

  it('reads the per-action messages QGIS Server answers with HTTP 200', () => {
    const result = read(readQgisFixture('wfs110-Transaction-bad-geometry.response.xml'), sent(['linestring-into-point-layer', 'garbage-coordinates']));
    expect(result).toEqual({
      inserted: [],
      totals: { inserted: 0, updated: 0, deleted: 0 },
      failures: [
        { kind: 'insert', ref: 'linestring-into-point-layer', message: "Insert features failed on layer 'poi'" },
        { kind: 'insert', ref: 'garbage-coordinates', message: "Geometry from GML error on layer insert 'poi'" },
      ],
    });
    const unknown = read(readQgisFixture('wfs110-Transaction-unknown-typename.response.xml'), sent([]));
    expect(unknown.failures).toEqual([{ kind: 'insert', ref: 'Insert:nosuchlayer', message: "TypeName 'nosuchlayer' unknown" }]);
  });

  it('maps failed updates and deletes back to their feature ids', () => {
    const xml = `<TransactionResponse xmlns="http://www.opengis.net/wfs" version="1.1.0"><TransactionSummary><totalUpdated>0</totalUpdated></TransactionSummary>
      <TransactionResults><Action locator="update:poi.1"><Message>NOT NULL constraint error on layer 'poi', field 'name'</Message></Action></TransactionResults></TransactionResponse>`;
    expect(read(xml, sent([], ['poi.1'])).failures).toEqual([{ kind: 'update', ref: 'poi.1', message: "NOT NULL constraint error on layer 'poi', field 'name'" }]);
  });

  it('reports an insert that got neither an id nor a message', () => {
    const xml = '<TransactionResponse xmlns="http://www.opengis.net/wfs"><TransactionSummary><totalInserted>0</totalInserted></TransactionSummary></TransactionResponse>';
    expect(read(xml, sent(['lost'])).failures).toEqual([{ kind: 'insert', ref: 'lost', message: 'the server returned no id for this insert' }]);
  });

  it('leaves inserts the server counted but did not name of unknown outcome, neither inserted nor refused', () => {
    const xml = `<TransactionResponse xmlns="http://www.opengis.net/wfs" xmlns:ogc="http://www.opengis.net/ogc" version="1.1.0">
      <TransactionSummary><totalInserted>2</totalInserted></TransactionSummary>
      <InsertResults><Feature handle="a"><ogc:FeatureId fid="t.1"/></Feature></InsertResults></TransactionResponse>`;
    expect(read(xml, sent(['a', 'b']))).toEqual({ inserted: [{ handle: 'a', id: 't.1' }], totals: { inserted: 2, updated: 0, deleted: 0 }, failures: [] });
    const nameless = `<TransactionResponse xmlns="http://www.opengis.net/wfs" xmlns:ogc="http://www.opengis.net/ogc" version="1.1.0">
      <TransactionSummary><totalInserted>2</totalInserted></TransactionSummary>
      <InsertResults><Feature><ogc:FeatureId fid="none"/></Feature></InsertResults></TransactionResponse>`;
    expect(read(nameless, sent(['a', 'b']))).toEqual({ inserted: [], totals: { inserted: 2, updated: 0, deleted: 0 }, failures: [] });
  });

  it.each([
    ['a handle twice', '<Feature handle="a"><ogc:FeatureId fid="t.1"/></Feature><Feature handle="a"><ogc:FeatureId fid="t.2"/></Feature>'],
    ['a handle that was not sent', '<Feature handle="a"><ogc:FeatureId fid="t.1"/></Feature><Feature handle="zz"><ogc:FeatureId fid="t.2"/></Feature>'],
    ['more unlabelled ids than inserts', '<Feature><ogc:FeatureId fid="t.1"/></Feature><Feature><ogc:FeatureId fid="t.2"/></Feature><Feature><ogc:FeatureId fid="t.3"/></Feature>'],
  ])('trusts no id of an answer with %s: every insert is of unknown outcome', (_kind, results) => {
    const xml = `<TransactionResponse xmlns="http://www.opengis.net/wfs" xmlns:ogc="http://www.opengis.net/ogc" version="1.1.0">
      <TransactionSummary><totalInserted>2</totalInserted></TransactionSummary><InsertResults>${results}</InsertResults></TransactionResponse>`;
    const result = read(xml, sent(['a', 'b']));
    expect(result.failures).toEqual([]);
    expect(result.inserted).toEqual([]);
  });

  it('reads a WFS 1.0 WFS_TransactionResponse', () => {
    const ok = `<wfs:WFS_TransactionResponse xmlns:wfs="http://www.opengis.net/wfs" xmlns:ogc="http://www.opengis.net/ogc" version="1.0.0">
      <wfs:InsertResult handle="r"><ogc:FeatureId fid="roads.4"/></wfs:InsertResult>
      <wfs:TransactionResult><wfs:Status><wfs:SUCCESS/></wfs:Status></wfs:TransactionResult></wfs:WFS_TransactionResponse>`;
    expect(read(ok, sent(['r'], ['roads.1'], ['roads.3']))).toEqual({
      inserted: [{ handle: 'r', id: 'roads.4' }],
      totals: { inserted: 1, updated: 1, deleted: 1 },
      failures: [],
    });
    const failed = `<wfs:WFS_TransactionResponse xmlns:wfs="http://www.opengis.net/wfs" version="1.0.0">
      <wfs:TransactionResult handle="update:roads.1"><wfs:Status><wfs:FAILED/></wfs:Status><wfs:Message>bad value</wfs:Message></wfs:TransactionResult></wfs:WFS_TransactionResponse>`;
    expect(read(failed, sent([], ['roads.1']))).toEqual({
      inserted: [],
      totals: { inserted: 0, updated: 0, deleted: 0 },
      failures: [{ kind: 'update', ref: 'roads.1', message: 'bad value' }],
    });
  });

  it('refuses an answer that is not a transaction response', () => {
    expect(() => read(readQgisFixture('wfs110-GetFeature-towns-hits.xml'), sent([]))).toThrow(MapServerError);
  });
});
