import { expect, it, describe } from 'vitest';
import type { MapFeature, Properties } from '../domain/feature.js';
import type { Geometry } from '../domain/geometry.js';
import { EditSession } from '../edit/index.js';
import { MemoryEditJournal } from '../memory/memory-edit-journal.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import type { FeatureTransactions } from '../ports/feature-transactions.port.js';
import { sampleGeometry } from './feature.contract.js';

/** What {@link editConflictContract} needs of a server: its ports, a layer and a feature to change behind a session's back. */
export interface EditConflictFixture {
  source: FeatureSource;
  transactions: FeatureTransactions;
  /** A layer of polygons whose features a session loads in full (fewer than 2000). */
  typeName: string;
  /** A feature of the layer, fresh for each test. */
  featureId: string;
  /** Two writable properties of the layer: a text and a number. */
  textProperty: string;
  numberProperty: string;
  /** Another client: by default a second commit through `transactions`, behind the session's back. */
  otherClient?: {
    /** Changes a feature as another client would (its geometry and/or properties). */
    update(id: string, changes: { geometry?: Geometry; properties?: Properties }): Promise<void>;
    /** Deletes a feature as another client would. */
    delete(id: string): Promise<void>;
  };
}

type Factory = () => EditConflictFixture | Promise<EditConflictFixture>;

/**
 * No silent overwrite: whatever the server, a session's save stops when another client changed
 * a field it changed (or deleted the feature), merges changes of different fields, and
 * `resolveConflict` does what `mine` and `theirs` say. The other client writes through the same
 * server, between the session's load and its save.
 */
export function editConflictContract(name: string, factory: Factory): void {
  describe(`EditSession conflict check: ${name}`, () => {
    async function start() {
      const fixture = await factory();
      const { source, transactions, typeName, featureId } = fixture;
      const other = fixture.otherClient ?? {
        update: async (id: string, changes: { geometry?: Geometry; properties?: Properties }) => {
          const result = await transactions.commit({ typeName, inserts: [], updates: [{ id, ...changes }], deletes: [] });
          expect(result.totals.updated).toBe(1);
        },
        delete: async (id: string) => {
          const result = await transactions.commit({ typeName, inserts: [], updates: [], deletes: [id] });
          expect(result.totals.deleted).toBe(1);
        },
      };
      const session = new EditSession({ source, transactions, typeName });
      await session.load();
      const stored = async (): Promise<MapFeature | undefined> => (await source.getFeatures({ typeName, featureIds: [featureId] })).features[0];
      return { ...fixture, other, session, stored, id: featureId };
    }

    it('stops the save when another client changed the same property; nothing is overwritten or lost', async () => {
      const { session, other, stored, id, textProperty } = await start();
      session.update(id, { properties: { [textProperty]: 'mine' } });
      await other.update(id, { properties: { [textProperty]: 'theirs' } });
      const outcome = await session.save();
      expect(outcome.ok).toBe(false);
      const failure = outcome.ok ? undefined : outcome.failure;
      expect(failure).toMatchObject({ kind: 'conflict', committed: 'nothing-committed' });
      expect(failure?.conflicts?.map(({ id: conflictId, fields }) => ({ id: conflictId, fields }))).toEqual([{ id, fields: [textProperty] }]);
      expect(failure?.conflicts?.[0]?.theirs?.properties[textProperty]).toBe('theirs');
      expect((await stored())?.properties[textProperty]).toBe('theirs');
      expect(session.stateOf(id)).toBe('update');
      expect(session.pending().updates).toEqual([{ id, properties: { [textProperty]: 'mine' } }]);
      expect(session.conflicts.map((conflict) => conflict.id)).toEqual([id]);
    });

    it('counts the shape as the field geometry', async () => {
      const { session, other, stored, id } = await start();
      const before = (await stored()) as MapFeature;
      session.update(id, { geometry: sampleGeometry('Polygon', 117.1, 24.1) });
      await other.update(id, { geometry: sampleGeometry('Polygon', 117.3, 24.3) });
      const outcome = await session.save();
      expect(outcome.ok ? [] : outcome.failure.conflicts?.map((conflict) => conflict.fields)).toEqual([['geometry']]);
      expect((await stored())?.geometry).not.toEqual(before.geometry);
      expect((await stored())?.geometry).toEqual(outcome.ok ? undefined : outcome.failure.conflicts?.[0]?.theirs?.geometry);
    });

    it('merges changes of different fields: the update carries only this session’s, the session shows both', async () => {
      const { session, other, stored, id, textProperty, numberProperty } = await start();
      session.update(id, { properties: { [textProperty]: 'mine' } });
      await other.update(id, { properties: { [numberProperty]: 4242 } });
      const outcome = await session.save();
      expect(outcome.ok).toBe(true);
      expect((await stored())?.properties).toMatchObject({ [textProperty]: 'mine', [numberProperty]: 4242 });
      expect(session.feature(id)).toMatchObject({ state: 'exist', properties: { [textProperty]: 'mine', [numberProperty]: 4242 } });
    });

    it("resolveConflict 'mine': the next save sends this session's value", async () => {
      const { session, other, stored, id, textProperty, numberProperty } = await start();
      session.update(id, { properties: { [textProperty]: 'mine' } });
      await other.update(id, { properties: { [textProperty]: 'theirs', [numberProperty]: 77 } });
      expect((await session.save()).ok).toBe(false);
      session.resolveConflict(id, 'mine');
      expect(session.conflicts).toEqual([]);
      expect(session.feature(id)?.properties).toMatchObject({ [textProperty]: 'mine', [numberProperty]: 77 });
      expect((await session.save()).ok).toBe(true);
      expect((await stored())?.properties).toMatchObject({ [textProperty]: 'mine', [numberProperty]: 77 });
    });

    it("resolveConflict 'theirs': this session's edit is dropped and the server's copy shown", async () => {
      const { session, other, stored, id, textProperty } = await start();
      session.update(id, { properties: { [textProperty]: 'mine' } });
      await other.update(id, { properties: { [textProperty]: 'theirs' } });
      expect((await session.save()).ok).toBe(false);
      session.resolveConflict(id, 'theirs');
      expect(session.feature(id)).toMatchObject({ state: 'exist', properties: { [textProperty]: 'theirs' } });
      expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
      expect((await session.save()).ok).toBe(true);
      expect((await stored())?.properties[textProperty]).toBe('theirs');
    });

    it('a feature another client deleted is a conflict with theirs null, never silently inserted again', async () => {
      const { session, other, stored, id, textProperty, source, typeName } = await start();
      const count = (await source.getFeatures({ typeName })).features.length;
      session.update(id, { properties: { [textProperty]: 'mine' } });
      await other.delete(id);
      const outcome = await session.save();
      expect(outcome.ok ? [] : outcome.failure.conflicts).toEqual([{ id, fields: [textProperty], theirs: null }]);
      expect(await stored()).toBeUndefined();
      expect((await source.getFeatures({ typeName })).features).toHaveLength(count - 1);
      session.resolveConflict(id, 'theirs');
      expect(session.feature(id)).toBeUndefined();
      expect(session.pending()).toEqual({ inserts: [], updates: [], deletes: [] });
    });

    it('keeps the check across a reload: a change another client made before it is a conflict on the restored session’s save', async () => {
      const { source, transactions, typeName, other, stored, id, textProperty, numberProperty } = await start();
      const journal = new MemoryEditJournal();
      const first = new EditSession({ source, transactions, typeName, journal });
      await first.load();
      first.update(id, { properties: { [textProperty]: 'mine' } });
      await first.flushJournal();
      await other.update(id, { properties: { [textProperty]: 'theirs', [numberProperty]: 55 } });

      // The page is reloaded: a new session restores the journal onto the server's copies.
      const reloaded = new EditSession({ source, transactions, typeName, journal });
      await reloaded.restore();
      expect(reloaded.feature(id)?.properties).toMatchObject({ [textProperty]: 'mine', [numberProperty]: 55 });
      const outcome = await reloaded.save();
      expect(outcome.ok ? undefined : outcome.failure).toMatchObject({ kind: 'conflict', committed: 'nothing-committed' });
      expect(outcome.ok ? [] : outcome.failure.conflicts?.map((conflict) => [conflict.id, conflict.fields])).toEqual([[id, [textProperty]]]);
      expect((await stored())?.properties[textProperty]).toBe('theirs');
      reloaded.resolveConflict(id, 'mine');
      expect((await reloaded.save()).ok).toBe(true);
      expect((await stored())?.properties).toMatchObject({ [textProperty]: 'mine', [numberProperty]: 55 });
    });

    it('a restored session whose fields nobody changed saves them, merging another client’s change of another field', async () => {
      const { source, transactions, typeName, other, stored, id, textProperty, numberProperty } = await start();
      const journal = new MemoryEditJournal();
      const first = new EditSession({ source, transactions, typeName, journal });
      await first.load();
      first.update(id, { properties: { [textProperty]: 'mine' } });
      await first.flushJournal();
      await other.update(id, { properties: { [numberProperty]: 66 } });

      const reloaded = new EditSession({ source, transactions, typeName, journal });
      await reloaded.restore();
      expect((await reloaded.save()).ok).toBe(true);
      expect((await stored())?.properties).toMatchObject({ [textProperty]: 'mine', [numberProperty]: 66 });
    });

    it('removing a feature another client changed is a conflict too', async () => {
      const { session, other, stored, id, numberProperty } = await start();
      session.remove(id);
      await other.update(id, { properties: { [numberProperty]: 99 } });
      const outcome = await session.save();
      expect(outcome.ok ? [] : outcome.failure.conflicts?.map((conflict) => [conflict.id, conflict.fields])).toEqual([[id, [numberProperty]]]);
      expect((await stored())?.properties[numberProperty]).toBe(99);
      session.resolveConflict(id, 'mine');
      expect((await session.save()).ok).toBe(true);
      expect(await stored()).toBeUndefined();
    });
  });
}
