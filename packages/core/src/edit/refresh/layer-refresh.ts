import type { MapFeature } from '../../domain/feature.js';
import type { FeatureSource } from '../../ports/feature-source.port.js';
import { fetchMissing, type LayerRead, type ViewLoading } from '../../view-loading/index.js';
import { isEmpty } from '../changes/index.js';
import { findConflicts, type SavePipeline } from '../save/index.js';
import type { SessionEvents } from '../state/session-events.js';
import type { SessionState } from '../state/session-state.js';
import type { EditableFeature, JournalPort, PendingChanges } from '../session-types.js';

/** What a refresh works with: the session's server and state, the layer's reads, its saves and its journal. */
export interface LayerRefreshHost {
  readonly source: FeatureSource;
  readonly typeName: string;
  readonly maxFeatures: number;
  readonly state: SessionState;
  readonly events: SessionEvents;
  /** Reads the layer whole, or the last view of a layer loaded by view. */
  readonly views: ViewLoading;
  /** Settles an unconfirmed send that a fresh read may already show committed. */
  readonly saves: SavePipeline;
  readonly journal: JournalPort;
}

/**
 * Putting a fresh read of the layer under the session: a load that keeps the pending changes on
 * top of the fresh copies (checking them as a save would), a redraw that drops them, and changes
 * applied on top of what is loaded (a restore's). Every read finishes before the session
 * changes, so a failed read leaves it exactly as it was.
 */
export class LayerRefresh {
  constructor(private readonly host: LayerRefreshHost) {}

  /** Loads the layer and re-applies the pending changes on top; an unconfirmed send is reconciled. */
  async loadKeepingChanges(): Promise<EditableFeature[]> {
    const { state, saves, source, typeName } = this.host;
    const { edits } = state;
    const carried = edits.pending();
    const read = await this.host.views.readLayer();
    const { layer } = read;
    const extra = await fetchMissing(source, typeName, carried, new Set(layer.features.map((feature) => feature.id)));
    // The fresh copies are checked as a save checks them: one that another client changed where
    // this session did, or deleted, keeps its old copy as the baseline with this session's edit on
    // top, so neither the edit nor the conflict is lost (`theirs: null` for a deleted one).
    const fresh = new Map([...layer.features, ...extra].map((feature) => [feature.id, feature]));
    const conflicts = findConflicts(edits, carried, fresh).conflicts;
    const baselines = conflicts.map((conflict) => edits.loaded.get(conflict.id) as MapFeature);
    this.replaceLayer(read, extra);
    for (const baseline of baselines) edits.putServerCopy(baseline);
    state.addConflicts(conflicts);
    // Steps hold records of the copies just replaced: taking one back would undo the server's values.
    state.history.clear();
    if (!isEmpty(carried)) {
      edits.apply(carried);
      void this.host.journal.write();
    }
    if (state.unconfirmed) {
      // Fresh copies may already hold what a lost answer committed: settle it so it is not shown twice.
      try {
        await saves.reconcileUnconfirmed();
      } catch (error) {
        this.host.events.error('load', error);
      }
    }
    return this.emitLoad(layer.skipped);
  }

  /** Drops every pending change, feature, step and unconfirmed send, then holds a fresh load. */
  async redraw(): Promise<EditableFeature[]> {
    const { state } = this.host;
    const read = await this.host.views.readLayer();
    this.replaceLayer(read, []);
    state.history.clear();
    state.forgetSends();
    void this.host.journal.write();
    return this.emitLoad(read.layer.skipped);
  }

  /**
   * Applies changes on top of the loaded features. Features they name that the load did not
   * bring (beyond `maxFeatures`) are fetched by id first; those the server no longer has are
   * dropped. `rebase` may adjust the loaded copies before the changes go on top.
   */
  async applyOnTop(changes: PendingChanges, rebase?: () => void): Promise<{ dropped: string[]; ids: string[] }> {
    const { state, source, typeName } = this.host;
    const { edits } = state;
    for (const feature of await fetchMissing(source, typeName, changes, new Set(edits.loaded.keys()))) edits.putServerCopy(feature);
    rebase?.();
    return edits.apply(changes);
  }

  private replaceLayer({ layer, byView, commit }: LayerRead, extra: MapFeature[]): void {
    // The server stopped at `maxFeatures` (skipped features count): a feature may not have been loaded.
    this.host.state.layerLoaded(layer.schema, !byView && layer.features.length + layer.skipped < this.host.maxFeatures);
    this.host.state.edits.replace([...layer.features, ...extra]);
    commit();
  }

  private emitLoad(skipped: number): EditableFeature[] {
    const features = this.host.state.edits.features();
    this.host.events.emit('load', { features, skipped });
    return features;
  }
}
