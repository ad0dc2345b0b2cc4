import { isGeometry, JournalConflictError, type JournalChanges, type JournalEntry, type JsonPropertyValue, type Session } from '@gportal/core';
import { PROPERTY_PARAMETERS, recordPropertyRuns, validGeometry } from '@gportal/core/contracts';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createBrowserStorage, MemoryStorage, type StorageProblem } from './index.js';

/*
 * The records the browser keeps (pending-edit journal, session, user cache) read back from
 * storage anyone could have written: another build, another tab, an extension, a person with the
 * developer tools. Whatever a key holds, a read gives a well-formed record or none (reported),
 * never an exception; what is written reads back equal. Fixed seed.
 */

vi.setConfig({ testTimeout: 120_000 });

const SUITE = 'browser storage records (journal, session, cache)';
const TYPE_NAME = 'store_33:polygon';

/** A key's value replaced by something else: random text, JSON of any shape, or its own text damaged. */
function overwrite(original: string): fc.Arbitrary<string> {
  const cut = fc.tuple(fc.nat(original.length), fc.nat(original.length)).map(([from, to]) => original.slice(0, Math.min(from, to)) + original.slice(Math.max(from, to)));
  const envelope = fc.jsonValue({ maxDepth: 4 }).map((data) => JSON.stringify({ gportal: 1, kind: JSON.parse(original).kind as unknown, data }));
  // The record's own data with one field of it replaced (a geometry by a string, a date by garbage …).
  const tampered = fc.tuple(fc.nat(), fc.jsonValue({ maxDepth: 2 })).map(([at, value]) => {
    const record = JSON.parse(original) as unknown;
    const paths: Array<[Record<string, unknown>, string]> = [];
    const walk = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      for (const key of Object.keys(node)) {
        paths.push([node as Record<string, unknown>, key]);
        walk((node as Record<string, unknown>)[key]);
      }
    };
    walk(record);
    const [parent, key] = paths[at % paths.length] as [Record<string, unknown>, string];
    parent[key] = value;
    return JSON.stringify(record);
  });
  return fc.oneof(cut, envelope, tampered, fc.string({ maxLength: 20 }), fc.constant(original));
}

const jsonValue: fc.Arbitrary<JsonPropertyValue> = fc.oneof(
  fc.string(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.date({ noInvalidDate: true, min: new Date(Date.UTC(1, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)) }).map((date) => ({ $date: date.toISOString() })),
);
const properties = fc.dictionary(fc.string({ maxLength: 6 }).filter((key) => key !== '__proto__'), jsonValue, { maxKeys: 4 });
const changes = {
  inserts: fc.uniqueArray(fc.record({ handle: fc.string({ minLength: 1, maxLength: 8 }), geometry: validGeometry, properties }), { maxLength: 3, selector: (insert) => insert.handle }),
  updates: fc.uniqueArray(
    fc.record(
      { id: fc.string({ minLength: 1, maxLength: 8 }), geometry: validGeometry, properties, base: fc.record({ geometry: validGeometry, properties }, { requiredKeys: [] }) },
      { requiredKeys: ['id'] },
    ),
    { maxLength: 3, selector: (update) => update.id },
  ),
  deletes: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 3 }),
};
const journalEntry: fc.Arbitrary<JournalEntry> = fc.record(
  {
    version: fc.constant(1 as const),
    typeName: fc.constant(TYPE_NAME),
    savedAt: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    ...changes,
    generation: fc.nat(),
    unconfirmed: fc.record({ generation: fc.nat(), preexisting: fc.array(fc.string({ maxLength: 8 }), { maxLength: 2 }), ...changes }),
  },
  { requiredKeys: ['version', 'typeName', 'savedAt', 'inserts', 'updates', 'deletes'] },
);

/** A restored entry a session can take: every geometry drawable, every value one the schema check knows, every id a string. */
function restorable(changes: JournalChanges): boolean {
  const value = (item: unknown) =>
    item === null || typeof item === 'string' || typeof item === 'boolean' || (typeof item === 'number' && Number.isFinite(item)) ||
    (typeof item === 'object' && !Number.isNaN(new Date(String((item as { $date?: unknown }).$date)).getTime()));
  const values = (record: unknown) => typeof record === 'object' && record !== null && Object.values(record).every(value);
  return (
    changes.inserts.every((insert) => typeof insert.handle === 'string' && isGeometry(insert.geometry) && values(insert.properties)) &&
    changes.updates.every(
      (update) =>
        typeof update.id === 'string' &&
        (update.geometry === undefined || isGeometry(update.geometry)) &&
        (update.properties === undefined || values(update.properties)) &&
        (update.base === undefined ||
          (typeof update.base === 'object' && update.base !== null && (update.base.geometry === undefined || isGeometry(update.base.geometry)) && (update.base.properties === undefined || values(update.base.properties)))),
    ) &&
    changes.deletes.every((id) => typeof id === 'string')
  );
}

/** What a record is once stored: JSON has no -0 and no undefined fields. */
const asStored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function openStorage(storage = new MemoryStorage()) {
  const problems: StorageProblem[] = [];
  return { storage, problems, ports: createBrowserStorage({ storage, locks: null, onProblem: (problem) => problems.push(problem) }) };
}

/** Every key of a storage with what it holds. */
function entriesOf(storage: MemoryStorage): Array<[string, string]> {
  return Array.from({ length: storage.length }, (_, index) => {
    const key = storage.key(index) as string;
    return [key, storage.getItem(key) as string];
  });
}

describe('browser storage records', () => {
  it('journal: what is saved loads back equal', async ({ task }) => {
    const check = await fc.check(
      fc.asyncProperty(journalEntry, async (entry) => {
        const { ports } = openStorage();
        await ports.journal.save(entry);
        expect(await ports.journal.load(TYPE_NAME)).toEqual(asStored(entry));
      }),
      PROPERTY_PARAMETERS,
    );
    recordPropertyRuns(task, SUITE, 'journal round trip', check);
  });

  it('journal: whatever its keys hold, a load gives a well-formed entry (down to its positions) or none', async ({ task }) => {
    const check = await fc.check(
      fc.asyncProperty(journalEntry, fc.nat(), fc.gen(), async (entry, which, generate) => {
        const { storage, ports } = openStorage();
        await ports.journal.save(entry);
        const keys = entriesOf(storage);
        const [key, original] = keys[which % keys.length] as [string, string];
        storage.setItem(key, generate(overwrite, original));
        const reopened = openStorage(storage).ports;
        // A tampered lease may name another tab that holds the layer: a typed refusal, never a malformed entry.
        const loaded = await reopened.journal.load(TYPE_NAME).catch((error: unknown) => {
          if (error instanceof JournalConflictError) return null;
          throw error;
        });
        if (loaded !== null && !(restorable(loaded) && (loaded.unconfirmed === undefined || restorable(loaded.unconfirmed)))) throw new Error(`loaded a malformed entry ${JSON.stringify(loaded)}`);
      }),
      PROPERTY_PARAMETERS,
    );
    recordPropertyRuns(task, SUITE, 'journal read from tampered storage', check);
  });

  it('session: what is saved loads back without its password; whatever its key holds, a load gives a session or none', async ({ task }) => {
    const session: fc.Arbitrary<Session> = fc.record(
      { user: fc.record({ username: fc.string(), displayName: fc.string(), password: fc.string() }, { requiredKeys: ['username'] }), token: fc.string(), signedInAt: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()) },
      { requiredKeys: ['user', 'signedInAt'] },
    );
    const check = await fc.check(
      fc.asyncProperty(session, fc.gen(), async (value, generate) => {
        const { storage, ports } = openStorage();
        await ports.session.save(value);
        const { password: _password, ...user } = value.user as Session['user'] & { password?: string };
        expect(await openStorage(storage).ports.session.load()).toEqual(asStored({ ...value, user }));
        const [key, original] = entriesOf(storage)[0] as [string, string];
        storage.setItem(key, generate(overwrite, original));
        const loaded = await openStorage(storage).ports.session.load();
        if (loaded !== null && !(typeof loaded.user.username === 'string' && typeof loaded.signedInAt === 'string' && !('password' in loaded.user))) throw new Error(`loaded ${JSON.stringify(loaded)}`);
      }),
      PROPERTY_PARAMETERS,
    );
    recordPropertyRuns(task, SUITE, 'session round trip and tampered storage', check);
  });

  it('cache: any JSON value reads back equal; whatever its key holds, a read gives a value or none', async ({ task }) => {
    const check = await fc.check(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 4 }), fc.gen(), async (key, value, generate) => {
        const { storage, ports } = openStorage();
        await ports.userCache.setUserItem(key, value);
        expect(await ports.userCache.getUserItem(key)).toEqual(asStored(value));
        const [storageKey, original] = entriesOf(storage)[0] as [string, string];
        storage.setItem(storageKey, generate(overwrite, original));
        await openStorage(storage).ports.userCache.getUserItem(key);
      }),
      PROPERTY_PARAMETERS,
    );
    recordPropertyRuns(task, SUITE, 'cache round trip and tampered storage', check);
  });
});
