import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest, screenshot, signIn } from './browser.js';
import { clickMap, selectLayer, skipAttributes, waitForFeatures, waitForMapReady } from './map-helpers.js';

/**
 * axe-core (WCAG 2.0/2.1 A and AA, and best practices) on the production build: every screen of
 * the router, in both languages, and the feature map with its popup, its attribute dialog and
 * each editing mode open. Any critical or serious violation fails; every finding is printed.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FAILING = new Set(['critical', 'serious']);

const baseUrl = inject('baseUrl');
let page: Page;
freshPagePerTest((fresh) => {
  page = fresh;
});

/** Every screen of `app-router.tsx` after sign-in, with what shows it has rendered. */
const SCREENS: ReadonlyArray<{ path: string; ready: (page: Page) => Promise<void> }> = [
  { path: '/test-index', ready: (p) => p.locator('input[placeholder]').first().waitFor() },
  ...[1, 2, 3].map((n) => ({ path: `/manage/${n}`, ready: (p: Page) => p.getByRole('navigation').nth(1).waitFor() })),
  { path: '/geoserver/upload', ready: (p) => p.getByRole('tab').first().waitFor() },
  { path: '/geoserver/api', ready: (p) => p.getByRole('tab').first().waitFor() },
  { path: '/geoserver/map', ready: (p) => p.locator('.leaflet-container').waitFor() },
  { path: '/test-map', ready: (p) => waitForMapReady(p, 8) },
  { path: '/feature-map', ready: (p) => waitForMapReady(p, 8) },
  { path: '/nowhere', ready: (p) => p.getByRole('link', { name: /^(返回首页|Back to the start page)$/ }).waitFor() },
];

interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
}

/** Runs axe on the page as it is now and returns its violations, labelled with `where`. */
async function audit(where: string): Promise<Finding[]> {
  // Colours are measured as shown: let fades (Leaflet's popup, antd's buttons, ~200 ms) finish first.
  await page.waitForTimeout(400);
  // Evaluated through the DevTools protocol, not as a <script>: the app's CSP (script-src 'self') refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(
    (tags) => (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    TAGS,
  )) as AxeResults;
  return results.violations.map((violation: Result) => ({
    where,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

function report(findings: Finding[]): string {
  return findings.map(({ where, rule, impact, targets }) => `${where}: ${impact} ${rule} on ${targets.length}: ${targets.slice(0, 6).join(' | ')}`).join('\n');
}

/** Prints every finding and fails on the critical and serious ones. */
function expectNoSeriousViolations(findings: Finding[]): void {
  console.log(findings.length === 0 ? 'axe: no violations' : `axe findings:\n${report(findings)}`);
  expect(report(findings.filter(({ impact }) => FAILING.has(impact)))).toBe('');
}

async function chooseLanguage(language: 'zh-CN' | 'en'): Promise<void> {
  if (language === 'en') await page.getByRole('radio', { name: 'English' }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
}

const button = (name: string) => page.getByRole('button', { name, exact: true });

const LANGUAGES = [
  { language: 'zh-CN', names: { draw: '标绘', line: '画线', edit: '编辑', delete: '删除', cancel: '取消', editAttributes: '编辑属性', lineLayer: '线', switchLayer: '切换', tools: '工具', menu: '菜单', coords: '输入坐标', measure: '测量', table: '属性表', filter: '条件筛选', batch: '批量编辑', closeTable: '关闭属性表', layers: '图层', pointLayer: '点', exportImage: '导出图片', topology: '拓扑检查', topologyRegion: '拓扑问题', split: '分割', merge: '合并', done: '完成', mergeTitle: '合并要素' } },
  { language: 'en', names: { draw: 'Draw polygon', line: 'Draw line', edit: 'Edit', delete: 'Delete', cancel: 'Cancel', editAttributes: 'Edit attributes', lineLayer: 'Line', switchLayer: 'Switch', tools: 'Tools', menu: 'Menu', coords: 'Enter coordinates', measure: 'Measure', table: 'Attribute table', filter: 'Filter', batch: 'Edit selected', closeTable: 'Close attribute table', layers: 'Layers', pointLayer: 'Point', exportImage: 'Export image', topology: 'Check topology', topologyRegion: 'Topology problems', split: 'Split', merge: 'Merge', done: 'Done', mergeTitle: 'Merge features' } },
] as const;

describe.each(LANGUAGES)('axe in $language', ({ language, names }) => {
  it('the sign-in page', async () => {
    await page.goto(`${baseUrl}/login`);
    await chooseLanguage(language);
    await page.locator('#username').waitFor();
    expectNoSeriousViolations(await audit(`/login ${language}`));
  });

  it('every screen behind sign-in', async () => {
    await signIn(page, baseUrl);
    await chooseLanguage(language);
    const findings: Finding[] = [];
    const structure: string[] = [];
    for (const { path, ready } of SCREENS) {
      await page.goto(`${baseUrl}${path}`);
      await ready(page);
      await page.locator('main h1').first().waitFor();
      findings.push(...(await audit(`${path} ${language}`)));
      const [headings, mains, title] = await Promise.all([page.locator('h1').count(), page.locator('main').count(), page.title()]);
      structure.push(`${path}: ${headings} h1, ${mains} main, ${title}`);
    }
    expectNoSeriousViolations(findings);
    // One h1 and one main on every screen, and each its own page title.
    for (const line of structure) expect(line).toMatch(/: 1 h1, 1 main, .+/);
    const titles = structure.map((line) => line.replace(/^.*?main, /, ''));
    expect(new Set(titles).size).toBe(titles.length);

    // The skip link is the first Tab stop and takes focus to the main content.
    await page.goto(`${baseUrl}/test-index`);
    await page.locator('main h1').waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: language === 'en' ? 'Skip to main content' : '跳到主要内容' });
    await expect(skip.evaluate((link) => link === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('MAIN');
    // Eleven screens, each loaded and audited: longer than one test's default time on a loaded machine.
  }, 120_000);

  it('the feature map with a popup, the attribute dialog and each editing mode open', async () => {
    await signIn(page, baseUrl);
    await chooseLanguage(language);
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    const findings: Finding[] = [];

    await clickMap(page, 119.3, 26.08);
    await page.getByTestId('feature-properties').waitFor();
    findings.push(...(await audit(`popup ${language}`)));

    await button(names.editAttributes).click();
    await page.getByRole('dialog').getByRole('textbox').first().waitFor();
    findings.push(...(await audit(`attribute dialog ${language}`)));
    await screenshot(page, `a11y-attributes-${language}`);
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });

    await button(names.draw).click();
    await clickMap(page, 118.1, 25.6);
    await clickMap(page, 118.6, 25.6);
    findings.push(...(await audit(`drawing a polygon ${language}`)));
    await button(names.coords).click();
    await page.getByRole('dialog').getByRole('textbox').first().waitFor();
    findings.push(...(await audit(`entering coordinates ${language}`)));
    // Escape closes the dialog only: the drawing goes on.
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });
    await expect(page.locator('.leaflet-marker-pane .leaflet-editing-icon').count()).resolves.toBe(2);
    await clickMap(page, 118.6, 26.0);
    await clickMap(page, 118.1, 25.6);
    await waitForFeatures(page, 9);
    // The new feature's attribute form, then skipped.
    await page.getByRole('dialog').waitFor();
    findings.push(...(await audit(`attributes of a new feature ${language}`)));
    await skipAttributes(page);
    // An unsaved feature: the pending badge and the popup's unsaved tag in orange.
    await clickMap(page, 118.45, 25.7);
    await page.getByTestId('feature-properties').waitFor();
    findings.push(...(await audit(`popup of an unsaved feature ${language}`)));
    await page.keyboard.press('Escape');

    await button(names.edit).click();
    findings.push(...(await audit(`edit, nothing picked ${language}`)));
    await clickMap(page, 119.3, 26.08);
    await page.locator('.gportal-vertex-handles[data-vertices]').waitFor();
    findings.push(...(await audit(`editing a shape ${language}`)));
    await button(names.coords).click();
    await page.getByRole('dialog').getByRole('textbox').first().waitFor();
    findings.push(...(await audit(`entering coordinates while editing a shape ${language}`)));
    // Escape closes the dialog only: the shape edit goes on.
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });
    await button(names.cancel).click();

    await button(names.delete).click();
    await clickMap(page, 119.3, 26.08);
    findings.push(...(await audit(`delete mode ${language}`)));
    await button(names.cancel).click();

    await selectLayer(page, names.lineLayer, language === 'en' ? 'Layer type' : '图层类型');
    // The drawn polygon is unsaved: switching layers asks first.
    await page.getByRole('dialog').getByRole('button', { name: names.switchLayer }).waitFor();
    findings.push(...(await audit(`switching layers with unsaved edits ${language}`)));
    await page.getByRole('dialog').getByRole('button', { name: names.switchLayer }).click();
    await button(names.line).and(page.locator(':enabled')).waitFor();
    await button(names.line).click();
    await page.waitForTimeout(200);
    findings.push(...(await audit(`drawing a line ${language}`)));
    await button(names.cancel).click();

    await button(names.measure).click();
    await clickMap(page, 118.1, 25.6);
    await clickMap(page, 118.6, 25.6);
    await page.getByTestId('measure-readout').waitFor();
    findings.push(...(await audit(`measuring a distance ${language}`)));
    await page.keyboard.press('Escape');

    await button(names.table).click();
    await page.locator('.gportal-table tbody tr').first().click();
    await button(names.filter).click();
    await button(names.batch).click();
    await page.getByTestId('batch-preview').waitFor();
    findings.push(...(await audit(`attribute table, a row selected, filter and batch edit open ${language}`)));
    await button(names.closeTable).click();

    // 图层 open with a layer shown under the edited one, then 导出图片's dialog.
    await button(names.layers).click();
    await page.getByRole('region', { name: names.layers, exact: true }).getByRole('checkbox', { name: names.pointLayer, exact: true }).check();
    await page.locator('.leaflet-pane[data-type-name] canvas').first().waitFor({ state: 'attached' });
    findings.push(...(await audit(`the layers panel, a layer shown ${language}`)));
    await button(names.layers).click();
    await button(names.exportImage).click();
    const exportDialog = page.getByRole('dialog', { name: names.exportImage });
    await exportDialog.waitFor();
    findings.push(...(await audit(`the export image dialog ${language}`)));
    await exportDialog.getByRole('button', { name: names.cancel, exact: true }).click();
    await exportDialog.waitFor({ state: 'detached' });

    // 拓扑检查's list, 分割 waiting for its pick, 合并 with two lines picked and its dialog (the line layer's towns: 福州—厦门, 厦门—泉州).
    await button(names.topology).click();
    await page.getByRole('region', { name: names.topologyRegion }).getByRole('status').waitFor();
    findings.push(...(await audit(`the topology check ${language}`)));
    await button(names.split).click();
    findings.push(...(await audit(`split, nothing picked ${language}`)));
    await button(names.cancel).click();
    await button(names.merge).click();
    await clickMap(page, 118.695, 25.28);
    await clickMap(page, 118.385, 24.675);
    await expect.poll(async () => (await page.locator('.gportal-map').getAttribute('data-selected'))?.split(' ').length).toBe(2);
    findings.push(...(await audit(`merge, two picked ${language}`)));
    await button(names.done).click();
    const mergeDialog = page.getByRole('dialog').filter({ hasText: names.mergeTitle });
    await mergeDialog.getByRole('radio').first().waitFor();
    findings.push(...(await audit(`the merge dialog ${language}`)));
    await mergeDialog.getByRole('button', { name: names.cancel, exact: true }).click();
    await mergeDialog.waitFor({ state: 'hidden' });
    await button(names.cancel).click();

    expectNoSeriousViolations(findings);
  }, 120_000);

  it('the feature map on a phone (390 × 844): the folded tools open, the menu drawer open', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, baseUrl);
    await chooseLanguage(language);
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    const findings: Finding[] = [];
    findings.push(...(await audit(`phone feature map ${language}`)));
    await button(names.tools).click();
    await page.locator('.gportal-tools:not([hidden])').waitFor();
    findings.push(...(await audit(`phone tools open ${language}`)));
    await button(names.tools).click();
    await button(names.menu).click();
    await page.getByRole('dialog').getByRole('navigation').waitFor();
    findings.push(...(await audit(`phone menu drawer ${language}`)));
    expectNoSeriousViolations(findings);
  });
});
