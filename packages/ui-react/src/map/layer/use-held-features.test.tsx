import { EditSession } from '@gportal/core';
import { createMemoryAdapters } from '@gportal/core/memory';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountedRoot } from '../../test-support/mounted-root';
import { useHeldFeatures } from './use-held-features';

function Holder({ session, ids }: { session: EditSession; ids: string[] }) {
  useHeldFeatures(session, ids);
  return null;
}

describe('useHeldFeatures', () => {
  const mounted = mountedRoot();
  const adapters = createMemoryAdapters({ layers: [] });
  const session = new EditSession({ source: adapters.features, transactions: adapters.transactions, typeName: 'none' });

  it('holds the ids while they are given: a new list replaces the old hold, nothing is held for none, and all is released on unmount', () => {
    const releases: Array<ReturnType<typeof vi.fn>> = [];
    const calls: string[][] = [];
    const hold = vi.spyOn(session, 'hold').mockImplementation((ids) => {
      calls.push([...ids]);
      const release = vi.fn();
      releases.push(release);
      return release;
    });
    act(() => mounted.root.render(<Holder session={session} ids={['a']} />));
    expect(calls).toEqual([['a']]);
    // The same list again: nothing held anew.
    act(() => mounted.root.render(<Holder session={session} ids={['a']} />));
    expect(hold).toHaveBeenCalledTimes(1);
    act(() => mounted.root.render(<Holder session={session} ids={['a', 'b']} />));
    expect(calls).toEqual([['a'], ['a', 'b']]);
    expect(releases[0]).toHaveBeenCalledTimes(1);
    expect(releases[1]).not.toHaveBeenCalled();
    // Nothing to hold: the last hold is released, none taken.
    act(() => mounted.root.render(<Holder session={session} ids={[]} />));
    expect(releases[1]).toHaveBeenCalledTimes(1);
    expect(hold).toHaveBeenCalledTimes(2);
    act(() => mounted.root.render(<Holder session={session} ids={['c']} />));
    act(() => mounted.root.unmount());
    expect(releases[2]).toHaveBeenCalledTimes(1);
    hold.mockRestore();
  });
});
