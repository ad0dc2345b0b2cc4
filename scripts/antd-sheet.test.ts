import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { antdSheet, trimAntdSheet, UNUSED_ANTD_COMPONENTS } from '@gportal/ui-react/antd-sheet';

const require = createRequire(import.meta.url);
const ANTD_ES = join(dirname(require.resolve('antd/package.json')), 'es');
const UI_SOURCE = fileURLToPath(new URL('../packages/ui-react/src/', import.meta.url));
const PREFIXES = UNUSED_ANTD_COMPONENTS.flatMap((component) => component.prefixes);

/** The UI package's source files that ship (tests and test support left out). */
function shippedSources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'test-support' ? [] : shippedSources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The names the UI package imports from `antd` as values (types left out). */
function antdValueImports(): Set<string> {
  const names = new Set<string>();
  for (const file of shippedSources(UI_SOURCE)) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
      for (const item of (list ?? '').split(',')) {
        const name = item.trim();
        if (name !== '' && !name.startsWith('type ')) names.add(name.replace(/\s+as\s+.*$/, ''));
      }
    }
  }
  return names;
}

/** antd's exports by name: the folder of `antd/es` each comes from (`DatePicker`: `date-picker`). */
function antdFolders(): Map<string, string> {
  const index = readFileSync(join(ANTD_ES, 'index.js'), 'utf8');
  return new Map([...index.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)'/g)].map(([, name, folder]) => [name as string, folder as string]));
}

/** The module a relative specifier of `from` names, as a file. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = join(dirname(from), specifier);
  return [base, `${base}.js`, join(base, 'index.js')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** The folders of `antd/es` whose style modules (`<folder>/style/…`) are reached from `entries`, following antd's own relative imports. */
function foldersWithStylesReached(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const styled = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const [folder, second] = relative(ANTD_ES, file).split(sep);
    if (second === 'style' && folder) styled.add(folder);
    // Static imports and re-exports, side-effect imports and dynamic imports, relative to antd's own modules.
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.[^']+)'/g)) {
      const target = specifier && resolveRelative(file, specifier);
      if (target) queue.push(target);
    }
  }
  return styled;
}

describe("antd's prebuilt sheet, cut", () => {
  const cut = (css: string) => trimAntdSheet(css, ['table', 'col', 'tag']);

  it('drops a rule whose every selector needs a class of a dropped component, and keeps the others', () => {
    expect(cut('.ant-table{color:red}.ant-btn{color:blue}')).toBe('.ant-btn{color:blue}');
    expect(cut('.ant-table-wrapper .ant-table-cell{padding:0}')).toBe('');
    // A selector list keeps the selectors that can still match.
    expect(cut('.ant-table .ant-btn,.ant-modal .ant-btn{margin:0}')).toBe('.ant-modal .ant-btn{margin:0}');
  });

  it('matches whole class names: `col` is not `color-picker`, `tag` is not `tabs`', () => {
    expect(cut('.ant-col-12{flex:1}.ant-col{flex:2}')).toBe('');
    expect(cut('.ant-color-picker{width:1px}.ant-tabs{width:2px}.ant-tag-blue{color:blue}')).toBe('.ant-color-picker{width:1px}.ant-tabs{width:2px}');
  });

  it('keeps a selector that names a dropped class only inside :not(…), where its absence matches', () => {
    expect(cut('.ant-btn:not(.ant-table-cell){color:red}')).toBe('.ant-btn:not(.ant-table-cell){color:red}');
    expect(cut('.ant-table:not(.ant-btn){color:red}')).toBe('');
    // Nor inside :is(…) or :where(…), one alternative of several.
    expect(cut(':where(.ant-table,.ant-btn) .ant-modal{color:red}')).toBe(':where(.ant-table,.ant-btn) .ant-modal{color:red}');
  });

  it('cuts inside @media and drops it when empty; keeps @keyframes and statements; drops the .css-var blocks', () => {
    expect(cut('@media (max-width: 575px){.ant-table{a:b}.ant-btn{c:d}}')).toBe('@media (max-width: 575px){.ant-btn{c:d}}');
    expect(cut('@media (max-width: 575px){.ant-col-xs-1{a:b}}')).toBe('');
    expect(cut('@keyframes antZoomIn{0%{opacity:0}100%{opacity:1}}')).toBe('@keyframes antZoomIn{0%{opacity:0}100%{opacity:1}}');
    expect(cut('@charset "UTF-8";.css-var-_R_0_{--ant-blue:#1677FF}.css-var-_R_1_.ant-btn{--ant-btn-x:1px}/* a comment */.ant-btn{color:var(--ant-blue)}')).toBe(
      '@charset "UTF-8";.ant-btn{color:var(--ant-blue)}',
    );
  });

  it('leaves no rule of a dropped component in the real sheet, and every rule of the components the app uses', () => {
    const sheet = readFileSync(require.resolve('antd/dist/antd.css'), 'utf8');
    const trimmed = trimAntdSheet(sheet, PREFIXES);
    expect(trimmed.length).toBeLessThan(sheet.length / 2);
    for (const prefix of PREFIXES) expect(trimmed, prefix).not.toMatch(new RegExp(`\\.ant-${prefix}(?![\\w-])[^:{]*\\{`));
    for (const kept of ['.ant-btn{', '.ant-modal{', '.ant-notification{', '.ant-message{', '.ant-tooltip{', '.ant-input{', '.ant-spin{', '.anticon{', '@keyframes antZoomIn']) {
      expect(trimmed, kept).toContain(kept);
    }
  });

  it('is a Vite plugin that loads the cut sheet for antd/dist/antd.css only; keep leaves the named components in, and refuses a name antd has not', () => {
    const load = (plugin: ReturnType<typeof antdSheet>, id: string) => (plugin.load as (id: string) => string | null).call({}, id);
    const sheetId = require.resolve('antd/dist/antd.css');
    const cut = load(antdSheet(), sheetId);
    expect(cut).not.toMatch(/\.ant-select(?![\w-])[^:{]*\{/);
    expect(cut).not.toMatch(/\.ant-table(?![\w-])[^:{]*\{/);
    expect(cut).toContain('.ant-btn{');
    expect(load(antdSheet(), `${sheetId}?direct`)).toBe(cut);
    expect(load(antdSheet(), require.resolve('antd/dist/reset.css'))).toBeNull();
    const kept = load(antdSheet({ keep: ['select'] }), sheetId);
    expect(kept).toMatch(/\.ant-select(?![\w-])[^:{]*\{/);
    expect(kept).not.toMatch(/\.ant-table(?![\w-])[^:{]*\{/);
    expect(() => antdSheet({ keep: ['selekt'] })).toThrow(/no antd component selekt/);
    expect(() => antdSheet({ keep: ['../form'] })).toThrow(/no antd component/);
  });

  it("drops no component whose styles the UI package's antd imports reach", () => {
    const names = antdValueImports();
    const folders = antdFolders();
    // The scan sees the imports: the app's buttons, its inputs, its dialogs…
    for (const name of ['Button', 'Input', 'Modal', 'App']) expect(names).toContain(name);
    const unknown = [...names].filter((name) => !folders.has(name));
    expect(unknown).toEqual([]);
    const reached = foldersWithStylesReached([...names].map((name) => join(ANTD_ES, folders.get(name) as string, 'index.js')));
    // Reached: the components' own styles and those they render inside (the modal's buttons).
    for (const folder of ['button', 'input', 'modal', 'tooltip']) expect(reached).toContain(folder);
    expect(UNUSED_ANTD_COMPONENTS.map((component) => component.folder).filter((folder) => reached.has(folder))).toEqual([]);
  });
});
