import { describe, expect, it, vi } from 'vitest';
import type { FeatureSource } from '../ports/feature-source.port.js';
import { EarlyCount } from './early-count.js';

describe('EarlyCount', () => {
  const setup = () => {
    const countFeatures = vi.fn(async ({ bbox }: { bbox?: readonly number[] }) => (bbox?.[0] ?? 0) + 100);
    const early = new EarlyCount({ source: { countFeatures } as unknown as FeatureSource, typeName: 'towns' });
    return { countFeatures, early };
  };

  it('counts a view once however often it is asked, and hands its count to the read of that same view once', async () => {
    const { countFeatures, early } = setup();
    early.ask([1, 2, 3, 4]);
    early.ask([1, 2, 3, 4]);
    expect(countFeatures).toHaveBeenCalledTimes(1);
    // Another array with the same corners is the same view.
    await expect(early.take([1, 2, 3, 4])).resolves.toBe(101);
    expect(early.take([1, 2, 3, 4])).toBeUndefined();
  });

  it('hands no count to another view, and forgets the one it held', () => {
    const { early } = setup();
    early.ask([1, 2, 3, 4]);
    expect(early.take([5, 6, 7, 8])).toBeUndefined();
    expect(early.take([1, 2, 3, 4])).toBeUndefined();
  });

  it('asks nothing of a source that cannot count', () => {
    const early = new EarlyCount({ source: {} as FeatureSource, typeName: 'towns' });
    early.ask([1, 2, 3, 4]);
    expect(early.take([1, 2, 3, 4])).toBeUndefined();
  });
});
