import { describe, expect, it } from 'vitest';
import type { MapFeature } from '../domain/feature.js';
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

  it('lists again after every kind of change, made through the edits or straight to their records', () => {
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
    // The loading and saving roles write to the records themselves.
    edits.loaded.set('c', point('c', 3));
    expect(ids()).toEqual(['a:update', 'c:exist', `${drawn}:insert`]);
    edits.removed.delete('b');
    expect(ids()).toEqual(['a:update', 'b:exist', 'c:exist', `${drawn}:insert`]);
    edits.edited.delete('a');
    edits.drafts.delete(drawn);
    expect(ids()).toEqual(['a:exist', 'b:exist', 'c:exist']);
    edits.loaded.clear();
    expect(ids()).toEqual([]);
  });
});
