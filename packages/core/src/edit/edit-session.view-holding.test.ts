import { describe, expect, it } from 'vitest';
import type { BBox } from '../domain/geometry.js';
import { cellId, idsOf, queries, setup, square, squaresIn, viewAt } from '../../test/grid-layer.js';

/** Views along the grid's rows, 0.6° apart (more than a view and its tiles): each reads new tiles. */
const walk: BBox[] = [0, 1, 2, 3, 4, 5].map((step) => viewAt(100.0 + 0.6 * step, 20.0));

describe('EditSession holding a bounded part of a layer loaded by view (holdLimit)', () => {
  it('lets go of the tiles farthest from the view past holdLimit, tells which features went, and reads them again when a view needs them', async () => {
    // A view's tiles hold up to about 100 squares here (tiles larger than the view): the limit
    // holds two views' worth, so the walk goes past it.
    const { session, events, getFeatures } = setup({ holdLimit: 150 });
    await session.load();
    for (const view of walk) {
      await session.loadView(view);
      const shown = idsOf(session.features());
      expect(shown.length).toBeLessThanOrEqual(150);
      // The view's own features are all there.
      for (const id of squaresIn(view)) expect(shown).toContain(id);
    }
    const first = squaresIn(walk[0] as BBox);
    const shown = idsOf(session.features());
    for (const id of first) expect(shown).not.toContain(id);
    // Each feature let go is told once, in a `view` event, and none of them is held.
    const dropped = events.view.flatMap((event) => event.dropped ?? []);
    expect(dropped).toEqual(expect.arrayContaining(first));
    expect(new Set(dropped).size).toBe(dropped.length);
    // In the event of the view that let them go, with what that view added: a map redraws once for both.
    const letGo = events.view.filter((event) => (event.dropped ?? []).length > 0);
    expect(letGo.length).toBeGreaterThan(0);
    for (const event of letGo) {
      expect(event.state.kind).toBe('loaded');
      expect(event.added.length).toBeGreaterThan(0);
    }
    for (const id of first) expect(session.feature(id)).toBeUndefined();
    // Back at the first view: its tiles are read again, and its features shown.
    getFeatures.mockClear();
    await session.loadView(walk[0] as BBox);
    expect(queries(getFeatures).length).toBeGreaterThan(0);
    expect(idsOf(session.features())).toEqual(expect.arrayContaining(first));
    expect(session.features().length).toBeLessThanOrEqual(150);
  });

  it('never lets go of an edited or removed feature, one undo or redo reaches, or one held; the save sends the edits made far away', async () => {
    const { session, stored } = setup({ holdLimit: 150 });
    await session.load();
    await session.loadView(walk[0] as BBox);
    const edited = cellId(1, 1);
    const removed = cellId(2, 2);
    const undone = cellId(3, 3);
    const held = cellId(1, 3);
    const moved = square(100.12, 20.12, 0.05);
    session.update(edited, { geometry: moved, properties: { name: 'edited far away' } });
    session.remove(removed);
    session.update(undone, { properties: { name: 'taken back' } });
    session.undo();
    const release = session.hold([held]);
    const free = cellId(0, 0);
    for (const view of walk.slice(1)) await session.loadView(view);
    // The free feature of the same tiles went; the others stayed, as they were.
    expect(session.feature(free)).toBeUndefined();
    expect(session.stateOf(edited)).toBe('update');
    expect(session.feature(edited)?.geometry).toEqual(moved);
    expect(session.stateOf(removed)).toBe('remove');
    expect(session.stateOf(undone)).toBe('exist');
    expect(session.redo()).toBe(true);
    expect(session.feature(undone)?.properties.name).toBe('taken back');
    expect(session.stateOf(held)).toBe('exist');
    // Released, the held feature goes with the next view that lets tiles go.
    release();
    release();
    await session.loadView(viewAt(100.0, 21.0));
    await session.loadView(viewAt(100.6, 21.0));
    expect(session.feature(held)).toBeUndefined();
    const outcome = await session.save();
    expect(outcome.ok).toBe(true);
    expect((await stored(edited)).geometry).toEqual(moved);
    expect((await stored(edited)).properties.name).toBe('edited far away');
    expect((await stored(undone)).properties.name).toBe('taken back');
    expect(await stored(removed)).toBeUndefined();
  });

  it('holds a layer loaded whole entire, whatever the limit', async () => {
    const { session } = setup({ maxFeatures: 2000, holdLimit: 10 });
    const loaded = await session.load();
    expect(loaded).toHaveLength(1600);
    await session.loadView(viewAt(100.0, 20.0));
    await session.loadView(viewAt(103.0, 23.0));
    expect(session.features()).toHaveLength(1600);
  });
});
