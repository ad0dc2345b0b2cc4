import { describe, expect, it } from 'vitest';
import { importInStages, nextTask } from './stages';

describe('importInStages', () => {
  it('runs the stages one after the other, each after the last has resolved and a task has passed, then resolves with the last', async () => {
    const log: string[] = [];
    const stage = (name: string) => async () => {
      log.push(`start ${name}`);
      await Promise.resolve();
      log.push(`end ${name}`);
    };
    // Queued before the stages: it runs in the task between the first stage and the second.
    const between = nextTask().then(() => log.push('task'));
    let afterLast: Promise<unknown> | undefined;
    const result = await importInStages([stage('a'), stage('b')], async () => {
      log.push('last');
      // Queued as the last module evaluates: it runs before the caller gets the module.
      afterLast = nextTask().then(() => log.push('task after last'));
      return { module: 'last' };
    });
    log.push('resolved');
    await between;
    await afterLast;
    expect(result).toEqual({ module: 'last' });
    expect(log).toEqual(['start a', 'end a', 'task', 'start b', 'end b', 'last', 'task after last', 'resolved']);
  });

  it('stops at a stage that fails, with its error, and imports nothing after it', async () => {
    const reached: string[] = [];
    const failure = new Error('chunk failed to load');
    await expect(
      importInStages(
        [
          async () => {
            reached.push('a');
            throw failure;
          },
          async () => reached.push('b'),
        ],
        async () => reached.push('last'),
      ),
    ).rejects.toBe(failure);
    expect(reached).toEqual(['a']);
  });
});
