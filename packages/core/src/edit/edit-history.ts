import type { MapFeature } from '../domain/feature.js';
import type { Draft } from './pending-edits.js';

/** Steps kept by default; the oldest fall off beyond it. */
export const DEFAULT_UNDO_STEPS = 100;

/**
 * What the session holds for one feature: its draft, its edited copy, whether it is marked for
 * removal. The records are the session's own and never changed in place, so an entry shares
 * them (geometries included) rather than copying them.
 */
export interface FeatureEntry {
  draft?: Draft;
  edited?: MapFeature;
  removed: boolean;
}

export interface HistoryStep {
  id: string;
  before: FeatureEntry;
  after: FeatureEntry;
}

/**
 * The undo and redo stacks of a session: one step per add, update or remove, each the entry of
 * the one feature it touched before and after. A new step clears what could be redone; beyond
 * `limit` steps the oldest is forgotten.
 */
export class EditHistory {
  private readonly done: HistoryStep[] = [];
  private readonly undone: HistoryStep[] = [];

  constructor(private readonly limit = DEFAULT_UNDO_STEPS) {}

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  record(step: HistoryStep): void {
    this.done.push(step);
    if (this.done.length > this.limit) this.done.shift();
    this.undone.length = 0;
  }

  /** The step to take back, moved to the redo stack. */
  undo(): HistoryStep | undefined {
    const step = this.done.pop();
    if (step) this.undone.push(step);
    return step;
  }

  /** The step to take again, moved back to the undo stack. */
  redo(): HistoryStep | undefined {
    const step = this.undone.pop();
    if (step) this.done.push(step);
    return step;
  }

  /** The features an undo or a redo can reach. */
  reached(): Set<string> {
    return new Set([...this.done, ...this.undone].map((step) => step.id));
  }

  clear(): void {
    this.done.length = 0;
    this.undone.length = 0;
  }
}
