/**
 * Property-based suites (fast-check) of the readers and codecs: every input either reads or is
 * refused with a typed error, in bounded time. Their runs are recorded like the fault-injection
 * figures (`reliability.ts`), so the README says how many inputs each reader was tried with.
 */

/** One property of a suite, as run: the reporter collects these into the README's Reliability section. */
export interface PropertyRunRecord {
  /** Which suite: the reader or codec under test ("GeoJSON feature reader"). */
  suite: string;
  /** What was checked, in a few words ("any JSON text: read or MalformedResponse"). */
  property: string;
  /** Inputs actually tried (fast-check's `numRuns` of the check). */
  runs: number;
  seed: number;
}

/**
 * The parameters every property suite runs with: a fixed seed, so any machine tries the same
 * inputs; and a time bound that fails the property instead of letting a reader that hangs (or
 * backtracks exponentially) pass by being cut short. A single synchronous run cannot be
 * interrupted: that is bounded by the test's own timeout.
 */
export const PROPERTY_PARAMETERS = { seed: 20_231_125, numRuns: 500, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true } as const;

/** What this module reads of fast-check's `RunDetails` (structurally, so the contracts need no fast-check). */
export interface PropertyCheck {
  failed: boolean;
  interrupted: boolean;
  numRuns: number;
  seed: number;
  counterexample: unknown;
  counterexamplePath: string | null;
  errorInstance: unknown;
}

/**
 * Fails the test with the counterexample when the property failed (or was interrupted), and
 * otherwise attaches its record to the running test, where the reliability reporter finds it.
 */
export function recordPropertyRuns(task: { meta: object }, suite: string, property: string, check: PropertyCheck): void {
  if (check.failed) {
    const cause = check.interrupted ? 'interrupted by its time limit' : String(check.errorInstance);
    throw new Error(
      `${suite}: "${property}" failed after ${check.numRuns} inputs (seed ${check.seed}, path ${check.counterexamplePath ?? '-'}): ${cause}\n` +
        `counterexample: ${describe(check.counterexample)}`,
      { cause: check.errorInstance },
    );
  }
  const meta = task.meta as { propertyRuns?: PropertyRunRecord[] };
  meta.propertyRuns = [...(meta.propertyRuns ?? []), { suite, property, runs: check.numRuns, seed: check.seed }];
}

function describe(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'number' && !Number.isFinite(item) ? String(item) : item));
    return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
  } catch {
    return String(value);
  }
}
