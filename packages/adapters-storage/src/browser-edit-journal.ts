import { isJournalEntry, JournalConflictError, ValidationError, type EditJournal, type JournalEntry, type UnconfirmedSend } from '@gportal/core';
import type { VersionedStorage } from './versioned-storage.js';

/** Record kinds: the small index of a layer's journal, and its parts (one per changed feature, one for an unconfirmed send). */
const INDEX_KIND = 'journal';
const PART_KIND = 'journal-part';

/** Whose drafts a journal holds: they are never shown to another user, nor restored onto another server. */
export interface JournalScope {
  /** The map server: its mode and URL (`embedded`, `map-server /geoserver/wfs`). */
  mapServer: string;
  /** The signed-in user's name; `''` when nobody is signed in. */
  user: string;
}

/** The part of the Web Locks API the journal uses (`navigator.locks`). */
export interface LockManagerLike {
  /** Runs `callback` holding the lock `name`; with `ifAvailable`, at once with a `null` lock when another holder has it. */
  request(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
}

/** Options of {@link BrowserEditJournal}: whose journal it is, and the lock that keeps tabs apart. */
export interface BrowserEditJournalOptions {
  /** Asked on every call; default: one scope for everything (`default`, no user). */
  scope?: () => JournalScope | Promise<JournalScope>;
  /**
   * Held per journal so that two tabs never write the same one. Default: `navigator.locks` (Web
   * Locks, in every current browser); `null` turns the check off (where Web Locks are missing,
   * nothing else prevents two tabs from writing one journal).
   */
  locks?: LockManagerLike | null;
}

/** How a layer's journal is laid out: the entry without its changes, and the names of its parts in order. */
interface JournalIndex {
  entry: Omit<JournalEntry, 'inserts' | 'updates' | 'deletes' | 'unconfirmed'>;
  parts: string[];
}

type Part =
  | { insert: JournalEntry['inserts'][number] }
  | { update: JournalEntry['updates'][number] }
  | { delete: string }
  | { unconfirmed: UnconfirmedSend };

function isIndex(data: unknown): data is JournalIndex {
  if (typeof data !== 'object' || data === null) return false;
  const index = data as Partial<JournalIndex>;
  return typeof index.entry === 'object' && index.entry !== null && Array.isArray(index.parts) && index.parts.every((part) => typeof part === 'string');
}

function isPart(data: unknown): data is Part {
  return typeof data === 'object' && data !== null && ['insert', 'update', 'delete', 'unconfirmed'].some((key) => key in data);
}

/** The parts of an entry by name; a name is stable for a feature, so an unchanged feature is not written again. */
function partsOf(entry: JournalEntry): Map<string, Part> {
  const parts = new Map<string, Part>();
  for (const insert of entry.inserts) parts.set(`i:${insert.handle}`, { insert });
  for (const update of entry.updates) parts.set(`u:${update.id}`, { update });
  for (const id of entry.deletes) parts.set(`d:${id}`, { delete: id });
  if (entry.unconfirmed) parts.set('unconfirmed', { unconfirmed: entry.unconfirmed });
  return parts;
}

const GLOBAL_SCOPE: JournalScope = { mapServer: 'default', user: '' };

/**
 * The journal locks this page holds (or was refused), per lock manager: shared by every journal
 * of the page, since a lock belongs to the tab, not to one object (a second composition root, a
 * hot reload).
 */
const PAGE_LOCKS = new WeakMap<LockManagerLike, Map<string, Promise<boolean>>>();

function defaultLocks(): LockManagerLike | null {
  return (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks ?? null;
}

/**
 * Pending edits per map server, user and layer in browser storage. An entry is stored as a small
 * index plus one record per changed feature, and a save writes only the records whose content
 * changed (then the index, then drops records no longer listed), so a journal write costs what
 * the edit changed, not the whole set of pending edits. Each record is written whole by one
 * `setItem`; a write that does not fit (`BrowserStorageError` `quota`) leaves the index, and so
 * the entry a restore sees, as it was. The first call for a journal takes a Web Lock for the
 * rest of the page's life: a second tab editing the same layer gets `JournalConflictError`.
 */
export class BrowserEditJournal implements EditJournal {
  private readonly scope: () => JournalScope | Promise<JournalScope>;
  private readonly locks: LockManagerLike | null;
  /** What this page last wrote or read per part, so unchanged parts are not written again. */
  private readonly written = new Map<string, string>();

  constructor(
    private readonly records: VersionedStorage,
    options: BrowserEditJournalOptions = {},
  ) {
    this.scope = options.scope ?? (() => GLOBAL_SCOPE);
    this.locks = options.locks === undefined ? defaultLocks() : options.locks;
  }

  /** Writes the layer's pending edits: only the records whose content changed, then the index. */
  async save(entry: JournalEntry): Promise<void> {
    if (!isJournalEntry(entry)) throw new ValidationError({ entry: 'not a journal entry' });
    const name = await this.owned(entry.typeName);
    const previous = this.records.read(INDEX_KIND, name, isIndex);
    const listed = new Set(previous?.parts ?? []);
    const parts = partsOf(entry);
    const added: string[] = [];
    const { inserts: _inserts, updates: _updates, deletes: _deletes, unconfirmed: _unconfirmed, ...rest } = entry;
    try {
      for (const [part, data] of parts) {
        const partName = `${name}/${part}`;
        const text = JSON.stringify(data);
        if (this.written.get(partName) === text) continue;
        this.records.write(PART_KIND, partName, data);
        this.written.set(partName, text);
        if (!listed.has(part)) added.push(partName);
      }
      this.records.write(INDEX_KIND, name, { entry: rest, parts: [...parts.keys()] } satisfies JournalIndex);
    } catch (error) {
      // The index still lists the previous parts; the new ones would only take up room.
      for (const partName of added) this.dropPart(partName);
      throw error;
    }
    for (const part of listed) if (!parts.has(part)) this.dropPart(`${name}/${part}`);
  }

  async load(typeName: string): Promise<JournalEntry | null> {
    const name = await this.owned(typeName);
    const index = this.records.read(INDEX_KIND, name, isIndex);
    if (!index) return null;
    const entry: JournalEntry = { ...(index.entry as JournalEntry), inserts: [], updates: [], deletes: [] };
    for (const part of index.parts) {
      const partName = `${name}/${part}`;
      const data = this.records.read(PART_KIND, partName, isPart);
      if (!data) continue;
      this.written.set(partName, JSON.stringify(data));
      if ('insert' in data) entry.inserts.push(data.insert);
      else if ('update' in data) entry.updates.push(data.update);
      else if ('delete' in data) entry.deletes.push(data.delete);
      else entry.unconfirmed = data.unconfirmed;
    }
    return isJournalEntry(entry) && entry.typeName === typeName ? entry : null;
  }

  /** Forgets the pending edits of a layer, in the current scope (map server and user). */
  async clear(typeName: string): Promise<void> {
    const name = await this.owned(typeName);
    const index = this.records.read(INDEX_KIND, name, isIndex);
    this.records.remove(INDEX_KIND, name);
    for (const part of index?.parts ?? []) this.dropPart(`${name}/${part}`);
  }

  /** The journal's record name in the current scope, once this page holds its lock. */
  private async owned(typeName: string): Promise<string> {
    const { mapServer, user } = await this.scope();
    const name = [mapServer, user, typeName].map(encodeURIComponent).join('/');
    if (!(await this.lock(name))) throw new JournalConflictError(typeName, `the pending edits of ${typeName} are open in another tab; edit this layer there, or close that tab`);
    return name;
  }

  private lock(name: string): Promise<boolean> {
    const locks = this.locks;
    if (!locks) return Promise.resolve(true);
    const page = PAGE_LOCKS.get(locks) ?? new Map<string, Promise<boolean>>();
    PAGE_LOCKS.set(locks, page);
    let held = page.get(name);
    if (!held) {
      held = new Promise<boolean>((resolve) => {
        // Granted: kept until the page goes away (the callback's promise never settles).
        void locks.request(`gportal-journal:${name}`, { ifAvailable: true }, (lock) => {
          resolve(lock !== null);
          return lock === null ? Promise.resolve() : new Promise(() => undefined);
        });
      });
      // A refusal is asked again next time: the other tab may have closed.
      void held.then((granted) => {
        if (!granted) page.delete(name);
      });
      page.set(name, held);
    }
    return held;
  }

  private dropPart(partName: string): void {
    this.records.remove(PART_KIND, partName);
    this.written.delete(partName);
  }
}
