import type { FeatureUpdate, MapFeature } from '../../domain/feature.js';
import type { Geometry } from '../../domain/geometry.js';
import { fromJsonValue, type JournalBase, type JournalEntry } from '../../domain/journal.js';
import type { EditJournal } from '../../ports/edit-journal.port.js';
import { sameStoredGeometry, sameStoredValue } from '../changes/index.js';
import type { LayerRefresh } from '../refresh/index.js';
import type { SavePipeline } from '../save/index.js';
import type { SessionEvents, SessionState } from '../state/index.js';
import type { JournalPort, RestoreReport } from '../session-types.js';
import { fromJournalChanges, unconfirmedFromJournal } from './journal-codec.js';
import { fitToSchema } from './restore-fit.js';

/** What restoring works with: the session's journal, its state, its loaded layer and its saves. */
export interface SessionRestoreHost {
  /** Where the entry is read from. */
  readonly journal: EditJournal | undefined;
  /** Where the restored state is written back to. */
  readonly writer: JournalPort;
  readonly typeName: string;
  readonly state: SessionState;
  readonly events: SessionEvents;
  readonly layer: LayerRefresh;
  readonly saves: SavePipeline;
}

/**
 * Putting a journal back into a session that has loaded its layer: the entry is read, fitted to
 * the layer's schema as it is now (drafts that no longer fit are set aside), local ids it handed
 * out are reserved, the changes go on top of the fresh copies (each update on the base it was
 * made on, when journaled, so the conflict check still sees what changed since), undecided
 * inserts stay undecided, and a send whose outcome was never confirmed is reconciled with the
 * server, so what it committed is not replayed. What it puts back goes into the session's state.
 */
export class SessionRestore {
  constructor(private readonly host: SessionRestoreHost) {}

  /** Reads the layer's journal entry (`restore` takes it), e.g. while the layer loads. */
  async read(): Promise<JournalEntry | null | undefined> {
    return this.host.journal?.load(this.host.typeName);
  }

  /**
   * `null` when nothing is journaled, or when the journal cannot be read (reported as a `journal`
   * error). `read`: the entry as `read()` answers it, when the caller started reading it already;
   * read now otherwise. `taken`: the journal was taken from a tab that did not answer.
   */
  async restore(read: Promise<JournalEntry | null | undefined> = this.read(), { taken = false }: { taken?: boolean } = {}): Promise<RestoreReport | null> {
    const { state, saves, events, typeName } = this.host;
    const { edits } = state;
    let entry: JournalEntry | null | undefined;
    try {
      entry = await read;
    } catch (error) {
      events.error('journal', error);
      return null;
    }
    if (!entry || entry.typeName !== typeName) return null;
    const journaled = fromJournalChanges(entry);
    state.history.clear();
    // Journaled against the layer as it was: a column dropped since must not block every save.
    const schema = state.schema;
    const fitted = schema ? fitToSchema(journaled, schema) : { changes: journaled, droppedProperties: [], aside: [] };
    const changes = fitted.changes;
    const keptAside = fromJournalChanges({ inserts: entry.aside ?? [], updates: [], deletes: [] }).inserts;
    const aside = [...keptAside, ...fitted.aside.filter((insert) => !keptAside.some((kept) => kept.handle === insert.handle))];
    state.setAside(aside);
    edits.reserveLocalIds(entry.lastLocalId ?? 0, [
      ...entry.inserts.map((insert) => insert.handle),
      ...(entry.unconfirmed?.inserts ?? []).map((insert) => insert.handle),
      ...aside.map((insert) => insert.handle),
    ]);
    const bases = new Map(entry.updates.flatMap((update) => (update.base ? [[update.id, update.base] as const] : [])));
    const { dropped, ids } = await this.host.layer.applyOnTop(changes, () => {
      for (const update of changes.updates) {
        const base = bases.get(update.id);
        const fresh = edits.loaded.get(update.id);
        if (base && fresh) edits.putServerCopy(rebased(fresh, update, base));
      }
    });
    state.markUndecided(entry.undecided ?? []);
    state.contest(new Map(Object.entries(entry.contested ?? {})));
    // Taken from a tab that did not answer: its send may still be on its way, so a check now could
    // find its drawings missing and send them again. They wait for proof, or for the user.
    if (taken) state.markUndecided((entry.unconfirmed?.inserts ?? []).map((insert) => insert.handle));
    state.restoreSends(entry.generation ?? 0, entry.unconfirmed && unconfirmedFromJournal(entry.unconfirmed));
    if (entry.unconfirmed) {
      try {
        ids.push(...(await saves.reconcileUnconfirmed()));
      } catch (error) {
        // Still unknown: the next save asks again before it sends.
        events.error('restore', error);
      }
    }
    void this.host.writer.write();
    events.emit('change', { reason: 'restore', ids: [...new Set(ids)] });
    const sentDeletes = new Set(entry.unconfirmed?.deletes ?? []);
    return {
      inserts: changes.inserts.length,
      updates: changes.updates.length,
      deletes: changes.deletes.length,
      dropped: dropped.filter((id) => !sentDeletes.has(id)),
      droppedProperties: fitted.droppedProperties,
      setAside: aside.map((insert) => insert.handle),
    };
  }
}

/**
 * The server's copy with the journaled base values in the fields the update changes: the baseline
 * the update was made on. The next save's check compares it with the server's copy then, so a
 * field another client changed before the reload is a conflict; fields the update leaves alone
 * take the server's values, as any load does. A field the server already holds this session's
 * value in (a save whose journal was not cleared) keeps the server's value: nothing to send or
 * to check there. Properties the fitting dropped are left out.
 */
function rebased(fresh: MapFeature, update: FeatureUpdate, base: JournalBase): MapFeature {
  const properties = { ...fresh.properties };
  for (const [name, mine] of Object.entries(update.properties ?? {})) {
    const value = base.properties?.[name];
    if (value !== undefined && !sameStoredValue(mine, fresh.properties[name])) properties[name] = fromJsonValue(value);
  }
  const shapeStands = !update.geometry || !base.geometry || sameStoredGeometry(update.geometry, fresh.geometry);
  return { id: fresh.id, geometry: shapeStands ? fresh.geometry : (base.geometry as Geometry), properties };
}
