import type { StyleDeleteOptions, StyleInfo, StyleRef, StyleScope, StyleSpec } from '../domain/admin.js';

/** Styles, global (no workspace in scope) or of a workspace, with their SLD definitions. */
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
