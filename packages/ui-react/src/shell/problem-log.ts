import type { StorageProblem } from '@gportal/adapters-storage';
import type { ConfigProblem } from './app-config';

/** Everything the app found wrong with its settings or stored data; shown on screen, never only logged. */
export type AppProblem =
  | ConfigProblem
  | ({ code: 'storage' } & StorageProblem);

/** A list of problems that screens subscribe to (`useSyncExternalStore`): storage problems can come at any time. */
export class ProblemLog {
  private problems: readonly AppProblem[] = [];
  private readonly listeners = new Set<() => void>();

  report(problem: AppProblem): void {
    this.problems = [...this.problems, problem];
    for (const listener of this.listeners) listener();
  }

  readonly list = (): readonly AppProblem[] => this.problems;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
