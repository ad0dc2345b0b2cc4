import type { StyleDeleteOptions, StyleInfo, StyleScope } from '../domain/admin.js';
import { ConflictError, ValidationError } from '../errors/errors.js';
import type { StyleAdmin } from '../ports/style-admin.port.js';
import { assertResourceName, styleScopeWorkspace } from '../util/names.js';
import type { MemoryCatalogue } from './memory-catalogue.js';
import type { Synchronous } from './synchronous.js';

function assertSld(sld: string): void {
  if (!sld.trim().startsWith('<')) throw new ValidationError({ sld: 'the style definition must be SLD XML' });
}

/** Global and workspace styles of the in-memory catalogue; a style in use is deleted only with `recurse`. */
export function memoryStyleAdmin(catalogue: MemoryCatalogue): Synchronous<StyleAdmin> {
  return {
    list: (scope?: StyleScope) =>
      [...catalogue.styleMap(scope).keys()].map((name) => (scope?.workspace ? { name, workspace: scope.workspace } : { name })),
    get: (name, scope?: StyleScope): StyleInfo => {
      const style = catalogue.style(name, scope);
      return {
        name: style.name,
        format: 'sld',
        languageVersion: /version="1\.1\.0"/.test(style.sld) ? '1.1.0' : '1.0.0',
        filename: `${style.name}.sld`,
        ...(scope?.workspace ? { workspace: scope.workspace } : {}),
      };
    },
    getDefinition: (name, scope?: StyleScope) => catalogue.style(name, scope).sld,
    create: (spec) => {
      assertResourceName(spec.name, 'style');
      assertSld(spec.sld);
      const styles = catalogue.styleMap(spec);
      if (styles.has(spec.name)) throw new ConflictError({ kind: 'style', name: spec.name }, `Style '${spec.name}' already exists`, 'exists');
      styles.set(spec.name, structuredClone(spec));
    },
    updateDefinition: (name, sld, scope?: StyleScope) => {
      const style = catalogue.style(name, scope);
      assertSld(sld);
      style.sld = sld;
    },
    delete: (name, options?: StyleDeleteOptions) => {
      const workspace = styleScopeWorkspace(options);
      const scope = workspace !== undefined ? { workspace } : undefined;
      catalogue.style(name, scope);
      const users = catalogue.layersUsing({ name, ...(scope ?? {}) });
      if (users.length > 0 && !options?.recurse) {
        throw new ConflictError({ kind: 'style', name }, `Style '${name}' is in use by layers: ${users.map((layer) => layer.name).join(', ')}`, 'in-use');
      }
      for (const layer of users) {
        delete layer.defaultStyle;
        layer.styles = layer.styles.filter((ref) => ref.name !== name || ref.workspace !== scope?.workspace);
      }
      catalogue.styleMap(scope).delete(name);
    },
  };
}
