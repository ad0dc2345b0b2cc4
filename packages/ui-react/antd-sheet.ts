/**
 * antd's prebuilt sheet cut to what gportal's UI can show (a Vite plugin, run at build time in
 * Node). The UI imports `antd/dist/antd.css` (its theme is `zeroRuntime`,
 * `src/theme/theme.ts`): every component's rules, 0.98 MB, decoded and parsed in one task of the
 * page. The UI uses about twenty components; `antdSheet()` (in the app's `vite.config.ts`, the
 * bench's page build, and an embedding app's Vite config: `@gportal/ui-react/antd-sheet`) hands
 * the build the sheet without the rules of the components in {@link UNUSED_ANTD_COMPONENTS}
 * and without the sheet's `.css-var-*` blocks (defaults that the theme's variables, written at run
 * time, replace). The repository's `scripts/antd-sheet.test.ts` proves that no style module of
 * those components is reached from the antd imports of the UI package.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import postcss, { type AtRule } from 'postcss';
import type { Plugin } from 'vite';

/**
 * antd components the app does not use (their folder in `antd/es`), with the class prefixes of
 * their rules (`table`: `.ant-table`, `.ant-table-cell` …). A component joins this list only
 * while none of its style modules is reached from the app's antd imports (the test checks that):
 * the grid, the skeleton and the collapse stay, as the modal's and the tag's modules reach them.
 */
export const UNUSED_ANTD_COMPONENTS: ReadonlyArray<{ folder: string; prefixes: readonly string[] }> = [
  { folder: 'anchor', prefixes: ['anchor'] },
  { folder: 'avatar', prefixes: ['avatar'] },
  { folder: 'badge', prefixes: ['badge', 'ribbon'] },
  { folder: 'breadcrumb', prefixes: ['breadcrumb'] },
  { folder: 'card', prefixes: ['card'] },
  { folder: 'carousel', prefixes: ['carousel'] },
  { folder: 'cascader', prefixes: ['cascader'] },
  { folder: 'checkbox', prefixes: ['checkbox'] },
  { folder: 'color-picker', prefixes: ['color-picker'] },
  // The date, time and range pickers and the calendar: all their rules are `.ant-picker…`.
  { folder: 'date-picker', prefixes: ['picker'] },
  { folder: 'descriptions', prefixes: ['descriptions'] },
  { folder: 'drawer', prefixes: ['drawer'] },
  { folder: 'divider', prefixes: ['divider'] },
  { folder: 'float-button', prefixes: ['float-btn'] },
  { folder: 'form', prefixes: ['form'] },
  { folder: 'image', prefixes: ['image'] },
  { folder: 'input-number', prefixes: ['input-number'] },
  { folder: 'list', prefixes: ['list'] },
  { folder: 'mentions', prefixes: ['mentions'] },
  { folder: 'menu', prefixes: ['menu'] },
  { folder: 'pagination', prefixes: ['pagination'] },
  { folder: 'popconfirm', prefixes: ['popconfirm'] },
  { folder: 'popover', prefixes: ['popover'] },
  { folder: 'progress', prefixes: ['progress'] },
  { folder: 'qr-code', prefixes: ['qrcode'] },
  { folder: 'radio', prefixes: ['radio'] },
  { folder: 'rate', prefixes: ['rate'] },
  { folder: 'result', prefixes: ['result'] },
  { folder: 'segmented', prefixes: ['segmented'] },
  { folder: 'select', prefixes: ['select'] },
  { folder: 'slider', prefixes: ['slider'] },
  { folder: 'splitter', prefixes: ['splitter'] },
  { folder: 'statistic', prefixes: ['statistic'] },
  { folder: 'steps', prefixes: ['steps'] },
  { folder: 'switch', prefixes: ['switch'] },
  { folder: 'table', prefixes: ['table'] },
  { folder: 'tabs', prefixes: ['tabs'] },
  { folder: 'timeline', prefixes: ['timeline'] },
  { folder: 'tour', prefixes: ['tour'] },
  { folder: 'transfer', prefixes: ['transfer'] },
  { folder: 'tree', prefixes: ['tree'] },
  { folder: 'typography', prefixes: ['typography'] },
  { folder: 'upload', prefixes: ['upload'] },
];

/**
 * `selector` without its `:not(…)`, `:is(…)` and `:where(…)` parts: a class named in a negation
 * is one an element must not have, and one named in an alternative may not be needed.
 */
function withoutNegationsAndAlternatives(selector: string): string {
  let text = selector;
  for (let match = /:(?:not|is|where)\(/.exec(text); match; match = /:(?:not|is|where)\(/.exec(text)) {
    let depth = 0;
    let end = match.index + match[0].length - 1;
    for (; end < text.length; end++) {
      if (text[end] === '(') depth++;
      else if (text[end] === ')' && --depth === 0) break;
    }
    text = text.slice(0, match.index) + text.slice(end + 1);
  }
  return text;
}

/** Whether the class `name` (`ant-table-cell`) belongs to a component of `prefixes` (`table`): `ant-<prefix>` or `ant-<prefix>-…`. */
export function isClassOf(name: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => name === `ant-${prefix}` || name.startsWith(`ant-${prefix}-`));
}

/** At-rules whose rules are cut like the sheet's, and dropped once empty. */
const GROUPING_AT_RULES = new Set(['media', 'supports', 'container']);

/**
 * The sheet without the rules that need a class of `prefixes` (`.ant-<prefix>` or
 * `.ant-<prefix>-…`) in every selector of their list, and without the `.css-var-*` blocks: a
 * selector that needs a class no element has never matches, so dropping it changes nothing on
 * screen. A class named inside `:not(…)` (which its absence matches), `:is(…)` or `:where(…)`
 * (one alternative of several) does not count. Rules inside
 * `@media`, `@supports` and `@container` are cut the same way; `@keyframes` stay. Parsed and
 * written by PostCSS; comments are dropped.
 */
export function trimAntdSheet(css: string, prefixes: readonly string[]): string {
  const keepsSelector = (selector: string) => !/^\s*\.css-var-/.test(selector) && ![...withoutNegationsAndAlternatives(selector).matchAll(/\.(ant-[\w-]+)/g)].some((match) => isClassOf(match[1] ?? '', prefixes));
  const root = postcss.parse(css);
  root.walkComments((comment) => {
    comment.remove();
  });
  root.walkRules((rule) => {
    // A keyframe's selectors are offsets (`0%`, `to`), never classes.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return;
    const selectors = rule.selectors.filter(keepsSelector);
    if (selectors.length === 0) rule.remove();
    else if (selectors.length < rule.selectors.length) rule.selectors = selectors;
  });
  // Innermost first: an `@media` inside an `@supports` can leave it empty.
  const grouping: AtRule[] = [];
  root.walkAtRules((atRule) => {
    if (GROUPING_AT_RULES.has(atRule.name)) grouping.push(atRule);
  });
  for (const atRule of grouping.reverse()) if ((atRule.nodes?.length ?? 0) === 0) atRule.remove();
  return root.toString();
}

/** The module id Vite gives antd's prebuilt sheet. */
const ANTD_SHEET = /[\\/]antd[\\/]dist[\\/]antd\.css$/;

/** Options of {@link antdSheet}. */
export interface AntdSheetOptions {
  /**
   * antd components (their folder in `antd/es`, e.g. `select`, `table`) whose rules stay although
   * gportal's UI does not use them: those an embedding app renders inside gportal's editor (in
   * `FeatureMap`'s toolbar, say), where the theme is `zeroRuntime` and only the sheet styles them.
   * Components an app renders outside gportal's editor are styled by antd at run time as usual.
   */
  keep?: readonly string[];
}

/**
 * A Vite plugin: `antd/dist/antd.css` as {@link trimAntdSheet} cuts it, for the components in
 * {@link UNUSED_ANTD_COMPONENTS} but those of `keep`. An unknown name in `keep` is an error, so a
 * typo does not leave a component unstyled.
 */
export function antdSheet(options: AntdSheetOptions = {}): Plugin {
  const keep = new Set(options.keep ?? []);
  const antdEs = join(dirname(createRequire(import.meta.url).resolve('antd/package.json')), 'es');
  const unknown = [...keep].filter((folder) => !/^[a-z-]+$/.test(folder) || !existsSync(join(antdEs, folder)));
  if (unknown.length > 0) throw new Error(`antdSheet: no antd component ${unknown.join(', ')} (keep names a folder of antd/es, e.g. 'select')`);
  const prefixes = UNUSED_ANTD_COMPONENTS.filter((component) => !keep.has(component.folder)).flatMap((component) => component.prefixes);
  let trimmed: string | undefined;
  return {
    name: 'gportal:antd-sheet',
    enforce: 'pre',
    load(id) {
      if (!ANTD_SHEET.test(id.split('?')[0] ?? '')) return null;
      trimmed ??= trimAntdSheet(readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8'), prefixes);
      return trimmed;
    },
  };
}
