import { isJournalEntry, JournalConflictError, ValidationError, type EditJournal, type JournalEntry, type JournalTakeOver, type UnconfirmedSend } from '@gportal/core';
import { broadcastMessages, JOURNAL_LEASE_TIMING, JournalClaims, PAGE_TAB_ID, type JournalLeaseTiming, type LockManagerLike, type TabMessages } from './journal-claims.js';
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

/** Options of {@link BrowserEditJournal}: whose journal it is, and the lock that keeps tabs apart. */
export interface BrowserEditJournalOptions {
  /** Asked on every call; default: one scope for everything (`default`, no user). */
  scope?: () => JournalScope | Promise<JournalScope>;
  /**
   * Held per journal so that two tabs never write the same one. Default: `navigator.locks` (Web
   * Locks, in secure contexts only); where it is missing or `null` (any plain-HTTP address), a
   * lease in storage renewed by a heartbeat guards the journal instead.
   */
  locks?: LockManagerLike | null;
  /** How the tabs ask each other to hand a journal over. Default: a `BroadcastChannel` per namespace; `null` for none. */
  messages?: TabMessages | null;
  /** This tab's id. Default: one id per page. */
  tabId?: string;
  /** The lease's timing where Web Locks are missing. Default: {@link JOURNAL_LEASE_TIMING}. */
  timing?: Partial<JournalLeaseTiming>;
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

function defaultLocks(): LockManagerLike | null {
  return (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks ?? null;
}

/**
 * Pending edits per map server, user and layer in browser storage. An entry is stored as a small
 * index plus one record per changed feature, and a save writes only the records whose content
 * changed (then the index, then drops records no longer listed), so a journal write costs what
 * the edit changed, not the whole set of pending edits. Each record is written whole by one
 * `setItem`; a write that does not fit (`BrowserStorageError` `quota`) leaves the index, and so
 * the entry a restore sees, as it was. One tab at a time writes a layer's journal (see
 * `JournalClaims`): a second tab gets `JournalConflictError` until it takes the layer over.
 */
export class BrowserEditJournal implements EditJournal {
  private readonly scope: () => JournalScope | Promise<JournalScope>;
  private readonly claims: JournalClaims;
  /** What this page last wrote or read per part, so unchanged parts are not written again. */
  private readonly written = new Map<string, string>();

  constructor(
    private readonly records: VersionedStorage,
    options: BrowserEditJournalOptions = {},
  ) {
    this.scope = options.scope ?? (() => GLOBAL_SCOPE);
    this.claims = new JournalClaims(records, {
      locks: options.locks === undefined ? defaultLocks() : options.locks,
      messages: options.messages === undefined ? broadcastMessages(records.keyOf('journal-tabs')) : options.messages,
      tabId: options.tabId ?? PAGE_TAB_ID,
      timing: { ...JOURNAL_LEASE_TIMING, ...options.timing },
    });
  }

  /** Whether this tab may edit the layer: it writes its journal, or takes it because no other tab does. */
  async claim(typeName: string): Promise<boolean> {
    return this.claims.holds(await this.nameOf(typeName));
  }

  /** Asks the tab editing the layer to journal its pending edits and let go; resolves once this tab may edit it. */
  async takeOver(typeName: string): Promise<JournalTakeOver> {
    return this.claims.takeOver(await this.nameOf(typeName));
  }

  /** Called in this tab before it hands the layer to another one, to journal what is pending; nothing is written after. */
  onHandOver(typeName: string, handler: () => Promise<void> | void): () => void {
    let off: (() => void) | undefined;
    let cancelled = false;
    void Promise.resolve(this.nameOf(typeName)).then((name) => {
      if (!cancelled) off = this.claims.onHandOver(name, handler);
    });
    return () => {
      cancelled = true;
      off?.();
    };
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

  private async nameOf(typeName: string): Promise<string> {
    const { mapServer, user } = await this.scope();
    return [mapServer, user, typeName].map(encodeURIComponent).join('/');
  }

  /** The journal's record name in the current scope, once this tab holds it. */
  private async owned(typeName: string): Promise<string> {
    const name = await this.nameOf(typeName);
    if (!(await this.claims.holds(name))) throw new JournalConflictError(typeName, `the pending edits of ${typeName} are open in another tab; edit this layer there, or close that tab`);
    return name;
  }

  private dropPart(partName: string): void {
    this.records.remove(PART_KIND, partName);
    this.written.delete(partName);
  }
}
