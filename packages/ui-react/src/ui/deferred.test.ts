import { describe, expect, it } from 'vitest';
import { deferred } from './deferred';

describe('deferred', () => {
  it('settles its promise with what resolve or reject is given, once', async () => {
    const resolved = deferred<number>();
    resolved.resolve(7);
    resolved.resolve(8);
    await expect(resolved.promise).resolves.toBe(7);
    const rejected = deferred<number>();
    const reason = new Error('no');
    rejected.reject(reason);
    await expect(rejected.promise).rejects.toBe(reason);
  });
});
