import type { StyleDeleteOptions, StyleInfo, StyleRef, StyleScope, StyleSpec } from '../domain/admin.js';

/**
 * Styles, global or of a workspace, with their SLD definitions. The global styles (the spec's
 * "default styles") are reached by giving no workspace (no scope, or a scope without one); a
 * workspace that is given must be a valid name, so an empty one is a `ValidationError`.
 */
export interface StyleAdmin {
  list(scope?: StyleScope): Promise<StyleRef[]>;
  get(name: string, scope?: StyleScope): Promise<StyleInfo>;
  /** The SLD (or SE) XML document. */
  getDefinition(name: string, scope?: StyleScope): Promise<string>;
  create(spec: StyleSpec): Promise<void>;
  updateDefinition(name: string, sld: string, scope?: StyleScope): Promise<void>;
  delete(name: string, options?: StyleDeleteOptions): Promise<void>;
}
export const STYLE_ADMIN = Symbol.for('gportal.StyleAdmin');
