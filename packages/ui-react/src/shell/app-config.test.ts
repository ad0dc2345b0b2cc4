import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, loadAppConfig, resolveConfig, SETTINGS } from './app-config';

describe('resolveConfig', () => {
  it('defaults to the embedded mode landing on testIndex', () => {
    const { config, problems } = resolveConfig({});
    expect(config).toEqual(DEFAULT_CONFIG);
    expect(config).toMatchObject({ mode: 'embedded', landingRoute: '/test-index', locale: 'zh-CN', storageNamespace: 'gportal', embeddedLatencyMs: 0 });
    expect(problems).toEqual([]);
  });

  it('has one environment variable per setting', () => {
    const names = Object.values(SETTINGS).map((setting) => setting.env);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^VITE_GPORTAL_[A-Z_]+$/);
  });

  it('reads environment variables, then lets config.json override them', () => {
    const { config, problems } = resolveConfig({
      env: { VITE_GPORTAL_MODE: 'map-server', VITE_GPORTAL_WFS_URL: 'http://127.0.0.1:8080/geoserver/wfs/', VITE_GPORTAL_EMBEDDED_LATENCY_MS: '300', BASE_URL: '/', DEV: true },
      file: { landingRoute: '/manage', wfsUrl: '/ows', locale: 'en' },
    });
    expect(config).toMatchObject({ mode: 'map-server', landingRoute: '/manage', wfsUrl: '/ows', locale: 'en', embeddedLatencyMs: 300 });
    expect(problems).toEqual([]);
  });

  it("adminApi: the API screen's administration goes through GeoServer by default, through the product API with `portal`; anything else is reported", () => {
    expect(DEFAULT_CONFIG.adminApi).toBe('geoserver');
    expect(resolveConfig({ env: { VITE_GPORTAL_ADMIN_API: 'portal' } }).config.adminApi).toBe('portal');
    expect(resolveConfig({ file: { adminApi: 'portal' } })).toEqual({ config: { ...DEFAULT_CONFIG, adminApi: 'portal' }, problems: [] });
    expect(resolveConfig({ file: { adminApi: 'Portal' } })).toEqual({
      config: DEFAULT_CONFIG,
      problems: [{ code: 'invalid-value', key: 'adminApi', value: 'Portal', expected: 'geoserver | portal', fallback: 'geoserver', source: 'config.json' }],
    });
  });

  it('takes layerInfoTemplate as one text or texts by language, and refuses anything else', () => {
    const byLanguage = { 'zh-CN': '{title}：{count} 个', en: '{title}: {count}' };
    expect(resolveConfig({ file: { layerInfoTemplate: '{title}' } }).config.layerInfoTemplate).toBe('{title}');
    expect(resolveConfig({ file: { layerInfoTemplate: byLanguage } }).config.layerInfoTemplate).toEqual(byLanguage);
    for (const wrong of [{ fr: '{title}' }, { en: 3 }, {}, ['{title}'], 'x'.repeat(2001)]) {
      const { config, problems } = resolveConfig({ file: { layerInfoTemplate: wrong } });
      expect(config.layerInfoTemplate).toBe('');
      expect(problems).toMatchObject([{ code: 'invalid-value', key: 'layerInfoTemplate' }]);
    }
  });

  it('takes fieldLabels by layer and field, as labels or labels by language, from the file or as JSON text', () => {
    const labels = { 'store_33:polygon': { name: '名称', population: { 'zh-CN': '人口', en: 'Population' } } };
    expect(resolveConfig({ file: { fieldLabels: labels } }).config.fieldLabels).toEqual(labels);
    expect(resolveConfig({ env: { VITE_GPORTAL_FIELD_LABELS: JSON.stringify(labels) } }).config.fieldLabels).toEqual(labels);
    for (const wrong of [{ poi: { name: 3 } }, { poi: { name: { fr: 'nom' } } }, { poi: 'name' }, ['poi'], '{not json', { poi: { name: 'x'.repeat(201) } }]) {
      const { config, problems } = resolveConfig({ file: { fieldLabels: wrong } });
      expect(config.fieldLabels).toEqual({});
      expect(problems).toMatchObject([{ code: 'invalid-value', key: 'fieldLabels', fallback: '{}' }]);
    }
  });

  it('keeps an absolute URL without its trailing slash', () => {
    expect(resolveConfig({ env: { VITE_GPORTAL_WFS_URL: 'http://127.0.0.1:8080/geoserver/wfs/' } }).config.wfsUrl).toBe('http://127.0.0.1:8080/geoserver/wfs');
  });

  it('reports unknown settings and invalid values, keeping the defaults', () => {
    const { config, problems } = resolveConfig({
      env: { VITE_GPORTAL_MODEE: 'embedded' },
      file: { colour: 'blue', mode: 'offline', portalApiUrl: 'ftp://example.org', embeddedLatencyMs: -1, storageNamespace: 'a:b' },
    });
    expect(config).toEqual(DEFAULT_CONFIG);
    expect(problems).toEqual([
      { code: 'unknown-setting', key: 'VITE_GPORTAL_MODEE', source: 'environment' },
      { code: 'unknown-setting', key: 'colour', source: 'config.json' },
      { code: 'invalid-value', key: 'mode', value: 'offline', expected: 'embedded | map-server', fallback: 'embedded', source: 'config.json' },
      { code: 'invalid-value', key: 'portalApiUrl', value: 'ftp://example.org', expected: SETTINGS.portalApiUrl.expected, fallback: '/api', source: 'config.json' },
      { code: 'invalid-value', key: 'embeddedLatencyMs', value: '-1', expected: SETTINGS.embeddedLatencyMs.expected, fallback: '0', source: 'config.json' },
      { code: 'invalid-value', key: 'storageNamespace', value: 'a:b', expected: SETTINGS.storageNamespace.expected, fallback: 'gportal', source: 'config.json' },
    ]);
  });

  it('reports a config.json that is not an object of settings', () => {
    expect(resolveConfig({ file: ['mode', 'embedded'] }).problems).toEqual([{ code: 'unreadable-file', detail: 'the file must hold one JSON object of settings' }]);
  });
});

describe('loadAppConfig', () => {
  const answer = (body: string, init: ResponseInit) => async () => new Response(body, init);

  it('reads config.json beside the app', async () => {
    const { config } = await loadAppConfig({ url: '/config.json', fetch: answer('{"landingRoute":"/manage"}', { headers: { 'content-type': 'application/json' } }) });
    expect(config.landingRoute).toBe('/manage');
  });

  it('treats a 404 or the HTML fallback page of a single-page-app server as no file', async () => {
    for (const response of [answer('not found', { status: 404 }), answer('<!doctype html><html></html>', { headers: { 'content-type': 'text/html' } })]) {
      expect(await loadAppConfig({ url: '/config.json', fetch: response })).toEqual({ config: DEFAULT_CONFIG, problems: [] });
    }
  });

  it('reports a file that is not JSON, a server error and a failed request', async () => {
    const notJson = await loadAppConfig({ url: '/config.json', fetch: answer('{mode: embedded}', { headers: { 'content-type': 'application/json' } }) });
    expect(notJson.problems).toEqual([{ code: 'unreadable-file', detail: expect.stringContaining('JSON') }]);
    expect((await loadAppConfig({ url: '/config.json', fetch: answer('', { status: 500 }) })).problems).toEqual([{ code: 'unreadable-file', detail: 'HTTP 500' }]);
    const refused = await loadAppConfig({ url: '/config.json', fetch: async () => { throw new TypeError('Failed to fetch'); } });
    expect(refused).toEqual({ config: DEFAULT_CONFIG, problems: [{ code: 'unreadable-file', detail: 'Failed to fetch' }] });
  });
});
