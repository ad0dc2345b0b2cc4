import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from './errors.js';

describe('typed errors carry what a UI needs to say them in its own language', () => {
  it('NotFoundError takes a resource by kind and name, and keeps the words of `resource`', () => {
    const error = new NotFoundError({ kind: 'data-store', name: 'store_33:roads' }, "No such datastore: store_33,roads");
    expect(error).toMatchObject({ kind: 'not-found', resource: 'data store store_33:roads', resourceKind: 'data-store', resourceName: 'store_33:roads' });
    expect(error.message).toBe('No such datastore: store_33,roads');
    expect(new NotFoundError({ kind: 'layer', name: 'x' }).message).toBe('layer x not found');
  });

  it('still takes words alone, as before, with no kind or name', () => {
    const error = new NotFoundError('feature new-1');
    expect(error).toMatchObject({ resource: 'feature new-1', resourceKind: undefined, resourceName: undefined, message: 'feature new-1 not found' });
  });

  it('ConflictError tells whether the resource exists or is in use, when known', () => {
    expect(new ConflictError({ kind: 'workspace', name: 'w' }, 'exists', 'exists')).toMatchObject({ resourceKind: 'workspace', resourceName: 'w', reason: 'exists' });
    expect(new ConflictError('edit session').reason).toBeUndefined();
  });

  it('ValidationError tells the rule of each field it knows, and none by default', () => {
    const error = new ValidationError({ workspace: 'invalid workspace: "my ws"' }, undefined, { workspace: { rule: 'invalid', value: 'my ws' } });
    expect(error.problems).toEqual({ workspace: { rule: 'invalid', value: 'my ws' } });
    expect(error.message).toBe('invalid workspace: "my ws"');
    expect(new ValidationError({ key: 'the cache key must not be empty' }).problems).toEqual({});
  });
});
