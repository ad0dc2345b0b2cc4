import type { FeatureSchema, MapFeature } from '../domain/feature.js';
import type { FeatureSource } from '../ports/feature-source.port.js';
import { findConflicts } from './conflict-check.js';
import type { EditHistory } from './edit-history.js';
import { fetchMissing } from './layer-reads.js';
import { isEmpty, type EditableFeature, type PendingChanges, type PendingEdits } from './pending-edits.js';
import type { SavePipeline } from './save-pipeline.js';
import type { SessionEvents } from './session-events.js';
import type { LayerRead, ViewLoading } from './view-loading.js';

/** What loading works with: the session's server, its roles and its journal. */
export interface LayerLoadingHost {
  readonly source: FeatureSource;
  readonly typeName: string;
  readonly maxFeatures: number;
  readonly edits: PendingEdits;
  readonly saves: SavePipeline;
  readonly history: EditHistory;
  readonly events: SessionEvents;
  /** Reads the layer whole, or the last view of a layer loaded by view. */
  readonly views: ViewLoading;
  journalPending(): void;
  /** Drops the drafts set aside by a restore (a redraw discards them). */
  forgetAside(): void;
}

/**
 * Loading the layer into a session: a load that keeps the pending changes on top of the fresh
 * copies (checking them as a save would), a redraw that drops them, and the layer facts a load
 * learns (schema, whether the whole layer fit in `maxFeatures`). Every read finishes before the
 * session changes, so a failed read leaves it exactly as it was.
 */
export class LayerLoading {
  /** The layer's schema, known after the first load. */
  schema: FeatureSchema | undefined;
  loadedOnce = false;
  /** Whether the last load brought the whole layer (fewer features than `maxFeatures`, not loaded by view). */
  wholeLayer = false;

  constructor(private readonly host: LayerLoadingHost) {}

  /** Loads the layer and re-applies the pending changes on top; an unconfirmed send is reconciled. */
  async loadKeepingChanges(): Promise<EditableFeature[]> {
    const { edits, saves, source, typeName } = this.host;
    const carried = edits.pending();
    const read = await this.host.views.readLayer();
    const { layer } = read;
    const extra = await fetchMissing(source, typeName, carried, new Set(layer.features.map((feature) => feature.id)));
    // The fresh copies are checked as a save checks them: one that another client changed where
    // this session did keeps its old copy as the baseline, so the conflict is not lost.
    const fresh = new Map([...layer.features, ...extra].map((feature) => [feature.id, feature]));
    const conflicts = findConflicts(edits, carried, fresh).conflicts.filter((conflict) => conflict.theirs);
    const baselines = conflicts.map((conflict) => edits.loaded.get(conflict.id) as MapFeature);
    this.replaceLayer(read, extra);
    for (const baseline of baselines) edits.loaded.set(baseline.id, baseline);
    for (const conflict of conflicts) saves.conflicts.set(conflict.id, conflict);
    // Steps hold records of the copies just replaced: taking one back would undo the server's values.
    this.host.history.clear();
    if (!isEmpty(carried)) {
      edits.apply(carried);
      this.host.journalPending();
    }
    if (saves.unconfirmed) {
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
    const { saves } = this.host;
    const read = await this.host.views.readLayer();
    this.replaceLayer(read, []);
    this.host.history.clear();
    saves.unconfirmed = undefined;
    saves.undecided.clear();
    this.host.forgetAside();
    this.host.journalPending();
    return this.emitLoad(read.layer.skipped);
  }

  /**
   * Applies changes on top of the loaded features. Features they name that the load did not
   * bring (beyond `maxFeatures`) are fetched by id first; those the server no longer has are
   * dropped. `rebase` may adjust the loaded copies before the changes go on top.
   */
  async applyOnTop(changes: PendingChanges, rebase?: (loaded: Map<string, MapFeature>) => void): Promise<{ dropped: string[]; ids: string[] }> {
    const { edits, source, typeName } = this.host;
    for (const feature of await fetchMissing(source, typeName, changes, new Set(edits.loaded.keys()))) edits.loaded.set(feature.id, feature);
    rebase?.(edits.loaded);
    return edits.apply(changes);
  }

  private replaceLayer({ layer, byView, commit }: LayerRead, extra: MapFeature[]): void {
    this.schema = layer.schema;
    this.host.saves.conflicts.clear();
    // The server stopped at `maxFeatures` (skipped features count): a feature may not have been loaded.
    this.wholeLayer = !byView && layer.features.length + layer.skipped < this.host.maxFeatures;
    this.host.edits.replace([...layer.features, ...extra]);
    commit();
    this.loadedOnce = true;
  }

  private emitLoad(skipped: number): EditableFeature[] {
    const features = this.host.edits.features();
    this.host.events.emit('load', { features, skipped });
    return features;
  }
}
