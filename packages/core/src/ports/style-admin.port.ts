import type { StyleDeleteOptions, StyleInfo, StyleRef, StyleScope, StyleSpec } from '../domain/admin.js';

/**
 * Styles, global or of a workspace, with their SLD definitions. The global styles (the spec's
 * "default styles") are reached by giving no workspace (no scope, or a scope without one); a
 * workspace that is given must be a valid name, so an empty one is a `ValidationError`.
 */
export interface StyleAdmin {
  /** The styles of a scope: the global ones without a workspace. */
  list(scope?: StyleScope): Promise<StyleRef[]>;
  /** One style's description; `NotFoundError` when there is none. */
  get(name: string, scope?: StyleScope): Promise<StyleInfo>;
  /** The SLD (or SE) XML document. */
  getDefinition(name: string, scope?: StyleScope): Promise<string>;
  /** Creates a style from its SLD (or SE) document, global or in `spec.workspace`; `ConflictError` when it exists. */
  create(spec: StyleSpec): Promise<void>;
  /** Replaces a style's SLD (or SE) document. */
  updateDefinition(name: string, sld: string, scope?: StyleScope): Promise<void>;
  /** Deletes a style; `purge` also removes its file, `recurse` its use by layers. */
  delete(name: string, options?: StyleDeleteOptions): Promise<void>;
}
/** The inversify token of {@link StyleAdmin}. */
export const STYLE_ADMIN = Symbol.for('gportal.StyleAdmin');
