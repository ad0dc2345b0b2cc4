import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, policyText } from '../../content-security-policy.js';
import { apiScreen } from './api-screen.js';
import { freshPagePerTest, signIn } from './browser.js';
import { clickMap, skipAttributes, waitForFeatures, waitForMapReady } from './map-helpers.js';
import { APP_BUILD } from './paths.js';
import { collectPolicyViolations, type PolicyViolation } from './policy.js';

const baseUrl = inject('baseUrl');
let page: Page;
let violations: () => Promise<PolicyViolation[]>;
freshPagePerTest(async (fresh) => {
  page = fresh;
  violations = await collectPolicyViolations(page);
});

const button = (name: string) => page.getByRole('button', { name, exact: true });

describe('the content security policy of the built app', () => {
  it('is in index.html itself, before any script or style, and allows no inline script and no eval', () => {
    const html = readFileSync(`${APP_BUILD}/index.html`, 'utf8');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)" \/>/.exec(html);
    expect(policy?.[1]).toBe(policyText());
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.search(/<script|<link rel="(stylesheet|modulepreload)"/));
    const directives = Object.fromEntries((policy?.[1] ?? '').split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['worker-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    // 'unsafe-inline' for antd's styles only; 'unsafe-eval' nowhere.
    expect(Object.entries(CONTENT_SECURITY_POLICY).filter(([, sources]) => sources.some((source) => source.startsWith("'unsafe-"))).map(([name]) => name)).toEqual(['style-src']);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    // Images from the app, data: icons and Tianditu's eight tile hosts: nothing more.
    expect(directives['img-src']).toEqual(["'self'", 'data:', ...Array.from({ length: 8 }, (_, index) => `https://t${index}.tianditu.gov.cn`)]);
    expect(directives['connect-src']).toEqual(["'self'"]);

    // Every script is a file: no inline script and no inline event handler in the page.
    expect([...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => !/\bsrc="\/assets\/[\w.-]+\.js"/.test(tag))).toEqual([]);
    expect(html).not.toMatch(/\son[a-z]+=/);
    // Nor does any script of the build (dependencies included) compile code from strings.
    const scripts = readdirSync(`${APP_BUILD}/assets`).filter((file) => file.endsWith('.js'));
    const compiling = scripts.filter((file) => /\beval\s*\(|\bnew Function\s*\(|\bFunction\s*\(\s*["'`]/.test(readFileSync(`${APP_BUILD}/assets/${file}`, 'utf8')));
    expect(compiling).toEqual([]);
  });

  it('is in force: an inline script and eval are refused, and reported as violations', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.locator('#username').waitFor();
    // From a task of the page's own: code Playwright evaluates is exempt from the policy.
    const outcome = await page.evaluate(
      () =>
        new Promise<{ inline: boolean; evaluated: unknown }>((resolve) => {
          setTimeout(() => {
            const script = document.createElement('script');
            script.textContent = 'window.gportalInline = true;';
            document.head.append(script);
            let evaluated: unknown;
            try {
              evaluated = eval('1 + 1');
            } catch (error) {
              evaluated = (error as Error).name;
            }
            resolve({ inline: 'gportalInline' in window, evaluated });
          }, 0);
        }),
    );
    expect(outcome).toEqual({ inline: false, evaluated: 'EvalError' });
    // Both as events, and the refused inline script in the console too.
    await expect.poll(async () => [...new Set((await violations()).map(({ directive }) => directive))].sort()).toEqual(['console', 'script-src', 'script-src-elem']);
  });

  it('sign-in and the feature map (drawing in the raster workers, saving) raise no violation', async () => {
    await signIn(page, baseUrl);
    await page.goto(`${baseUrl}/feature-map`);
    await waitForMapReady(page, 8);
    await button('标绘').click();
    for (const [lng, lat] of [[118.1, 25.6], [118.6, 25.6], [118.6, 26.0], [118.1, 25.6]] as const) await clickMap(page, lng, lat);
    await waitForFeatures(page, 9);
    // The new feature's form loads the date field's chunk, its script and its style sheet: under the same policy.
    await page.getByRole('button', { name: '选择日期', exact: true }).click();
    const calendar = page.getByRole('dialog', { name: '选择日期' });
    await calendar.getByRole('grid').waitFor();
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    await skipAttributes(page);
    await button('保存').click();
    await page.locator('.ant-message-notice', { hasText: '已保存：新增 1，修改 0，删除 0' }).waitFor();
    // The raster workers painted the layer (a page without them paints on the main thread).
    expect(page.workers().filter((worker) => /\/feature-raster\.worker-[\w-]+\.js$/.test(worker.url())).length).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
  });

  it('the API screen, its calls and its map raise no violation', async () => {
    await signIn(page, baseUrl);
    await page.goto(`${baseUrl}/geoserver/api`);
    const api = apiScreen(page);
    expect(await api.press('获取工作空间')).toMatch(/^获取工作空间：成功/);
    expect(await api.press('获取图层及样式')).toMatch(/^获取图层及样式：成功/);
    await page.getByRole('button', { name: '在地图中缩放到图层' }).click();
    await page.waitForURL(`${baseUrl}/geoserver/map`);
    await expect.poll(() => page.getByTestId('layer-map-count').textContent()).toBe('8 个要素');
    await page.locator('.leaflet-container canvas').first().waitFor();
    expect(await violations()).toEqual([]);
  });
});
