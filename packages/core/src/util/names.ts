import type { StyleScope } from '../domain/admin.js';
import { ValidationError } from '../errors/errors.js';

// Letters (any script), digits, `_`, `-` and `.`, as GeoServer accepts for catalogue names;
// nothing that could walk out of a URL path segment.
const RESOURCE_NAME = /^[\p{L}\p{N}_][\p{L}\p{N}_.-]*$/u;

/** Refuses names that are empty, too long or could reach another resource (`/`, `..`, control characters). */
export function assertResourceName(name: string, field = 'name'): string {
  if (typeof name !== 'string' || name.trim() === '') {
    throw new ValidationError({ [field]: `${field} must not be empty` }, undefined, { [field]: { rule: 'required' } });
  }
  if (name.length > 255 || !RESOURCE_NAME.test(name) || name.includes('..')) {
    throw new ValidationError({ [field]: `invalid ${field}: ${JSON.stringify(name)}` }, undefined, { [field]: { rule: 'invalid', value: name } });
  }
  return name;
}

/**
 * The workspace a style call is about: `undefined` for the global styles (no scope, or a scope
 * without `workspace`). A workspace that is given must be a valid name: an empty one is refused,
 * never read as "global".
 */
export function styleScopeWorkspace(scope: StyleScope | undefined): string | undefined {
  return scope?.workspace === undefined ? undefined : assertResourceName(scope.workspace, 'workspace');
}
