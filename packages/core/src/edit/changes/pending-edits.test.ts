import { describe, expect, it } from 'vitest';
import type { MapFeature } from '../../domain/feature.js';
import { PendingEdits } from './pending-edits.js';

const point = (id: string, x: number): MapFeature => ({ id, geometry: { type: 'Point', coordinates: [x, 0] }, properties: { name: id } });

describe('PendingEdits.features', () => {
  it('lists the same snapshots until a record changes, each time in a list of its own', () => {
    const edits = new PendingEdits();
    edits.replace([point('a', 1), point('b', 2)]);
    const first = edits.features();
    const second = edits.features();
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
    expect(second.every((feature, index) => feature === first[index])).toBe(true);
    // A caller's list is its own: changing it changes nothing the edits list next.
    first.pop();
    expect(edits.features().map(({ id }) => id)).toEqual(['a', 'b']);
  });

  it('lists again after every kind of change, made by an edit or by what a load, a save or a conflict settled', () => {
    const edits = new PendingEdits();
    edits.replace([point('a', 1), point('b', 2)]);
    const ids = () => edits.features().map(({ id, state }) => `${id}:${state}`);
    expect(ids()).toEqual(['a:exist', 'b:exist']);
    edits.update('a', { type: 'Point', coordinates: [5, 5] }, {});
    expect(ids()).toEqual(['a:update', 'b:exist']);
    expect(edits.features()[0]?.geometry).toEqual({ type: 'Point', coordinates: [5, 5] });
    edits.remove('b');
    expect(ids()).toEqual(['a:update']);
    const drawn = edits.add({ type: 'Point', coordinates: [9, 9] }, {});
    expect(ids()).toEqual(['a:update', `${drawn}:insert`]);
    // What loading and saving change goes through the edits' methods too.
    expect(edits.merge([point('a', 7), point('c', 3)])).toEqual(['c']);
    expect(ids()).toEqual(['a:update', 'c:exist', `${drawn}:insert`]);
    edits.takeTheirs(point('b', 2));
    expect(ids()).toEqual(['a:update', 'b:exist', 'c:exist', `${drawn}:insert`]);
    edits.setEdited('a', undefined);
    edits.remove(drawn);
    expect(ids()).toEqual(['a:exist', 'b:exist', 'c:exist']);
    expect(edits.letGo('c')).toBe(true);
    expect(edits.letGo('c')).toBe(false);
    edits.forget('b');
    expect(ids()).toEqual(['a:exist']);
    edits.replace([]);
    expect(ids()).toEqual([]);
  });

  it('settles a commit: a draft becomes its server copy, an edited copy the loaded one', () => {
    const edits = new PendingEdits();
    edits.replace([point('a', 1)]);
    const drawn = edits.add({ type: 'Point', coordinates: [9, 9] }, {});
    edits.update('a', undefined, { name: 'changed' });
    edits.insertCommitted(drawn, point('s1', 9));
    expect(edits.updateCommitted('a')).toBe(true);
    expect(edits.updateCommitted('a')).toBe(false);
    expect(edits.features().map(({ id, state }) => `${id}:${state}`)).toEqual(['a:exist', 's1:exist']);
    expect(edits.feature('a')?.properties).toEqual({ name: 'changed' });
    // A reload replaces the copies still loaded and leaves out the others.
    edits.refresh([point('a', 4), point('z', 0)]);
    expect(edits.feature('a')?.geometry).toEqual({ type: 'Point', coordinates: [4, 0] });
    expect(edits.feature('z')).toBeUndefined();
    edits.markRemoved('s1');
    expect(edits.stateOf('s1')).toBe('remove');
    edits.putServerCopy(point('s2', 5));
    expect(edits.stateOf('s2')).toBe('exist');
  });
});
