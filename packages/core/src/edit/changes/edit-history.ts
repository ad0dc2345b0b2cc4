import type { FeatureEntry } from '../session-types.js';

/** Steps kept by default; the oldest fall off beyond it. */
export const DEFAULT_UNDO_STEPS = 100;

/** What one edit did to one feature: its entry before and after. */
export interface FeatureChange {
  id: string;
  before: FeatureEntry;
  after: FeatureEntry;
}

/** One user action, as undo takes it back: the changes of every feature it touched, in order. */
export type HistoryStep = readonly FeatureChange[];

/**
 * The undo and redo stacks of a session: one step per user action. An add, update or remove is a
 * step of its own, unless it is made inside {@link EditHistory.batch} (every change of the batch
 * is one step) or joins the last step (the attribute form of a feature just drawn). A new step
 * clears what could be redone; beyond `limit` steps the oldest is forgotten.
 */
export class EditHistory {
  private readonly done: FeatureChange[][] = [];
  private readonly undone: FeatureChange[][] = [];
  /** The changes of the batch under way, if one is. */
  private open: FeatureChange[] | undefined;

  constructor(private readonly limit = DEFAULT_UNDO_STEPS) {}

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /**
   * Records a change: into the batch under way, or, with `joinLast`, into the last step when that
   * step touched the same feature; else as a step of its own.
   */
  record(change: FeatureChange, { joinLast = false }: { joinLast?: boolean } = {}): void {
    if (this.open) {
      this.open.push(change);
      return;
    }
    const last = this.done.at(-1);
    if (joinLast && last?.some((earlier) => earlier.id === change.id)) last.push(change);
    else this.push([change]);
    this.undone.length = 0;
  }

  /**
   * Runs `fn` with every change it records kept as one step (a batch inside a batch is part of
   * it). Answers what `fn` answers; when `fn` throws, the changes it recorded are handed to
   * `rollBack` (last first) and nothing is recorded.
   */
  batch<T>(fn: () => T, rollBack: (changes: HistoryStep) => void): T {
    if (this.open) return fn();
    const open: FeatureChange[] = [];
    this.open = open;
    let result: T;
    try {
      result = fn();
    } catch (error) {
      this.open = undefined;
      rollBack([...open].reverse());
      throw error;
    }
    this.open = undefined;
    if (open.length > 0) {
      this.push(open);
      this.undone.length = 0;
    }
    return result;
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
    return new Set([...this.done, ...this.undone].flatMap((step) => step.map((change) => change.id)));
  }

  clear(): void {
    this.done.length = 0;
    this.undone.length = 0;
  }

  private push(step: FeatureChange[]): void {
    this.done.push(step);
    if (this.done.length > this.limit) this.done.shift();
  }
}
