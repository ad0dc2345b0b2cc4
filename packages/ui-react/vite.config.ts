import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type ProxyOptions } from 'vite';
import { antdSheet } from './antd-sheet.js';
import { sourceConditions } from '../../vitest.shared.js';
import { policyText } from './content-security-policy.js';

/**
 * Map-server mode in development: the dev server forwards `/geoserver` and `/api` to the real
 * servers so the browser sees one origin (no CORS). Targets and the GeoServer account are read
 * from `GPORTAL_*` variables (not `VITE_*`: they never reach the browser bundle).
 */
function mapServerProxy(env: Record<string, string>): Record<string, ProxyOptions> {
  const proxy: Record<string, ProxyOptions> = {};
  if (env.GPORTAL_GEOSERVER_TARGET) {
    proxy['/geoserver'] = {
      target: env.GPORTAL_GEOSERVER_TARGET,
      changeOrigin: true,
      ...(env.GPORTAL_GEOSERVER_USER ? { auth: `${env.GPORTAL_GEOSERVER_USER}:${env.GPORTAL_GEOSERVER_PASSWORD ?? ''}` } : {}),
    };
  }
  if (env.GPORTAL_PORTAL_API_TARGET) {
    proxy['/api'] = { target: env.GPORTAL_PORTAL_API_TARGET, changeOrigin: true, rewrite: (path) => path.replace(/^\/api/, '') };
  }
  return proxy;
}

/**
 * antd's `@rc-component/*` packages are plain ES modules but do not declare `"sideEffects": false`,
 * so the bundler keeps every module a barrel re-exports: antd's form context imports one
 * provider from `@rc-component/form` and brought its whole field store and validator (~13 KiB
 * gzip) into the first screen.
 */
const rcComponentsWithoutSideEffects: Plugin = {
  name: 'gportal:rc-components-without-side-effects',
  transform(code, id) {
    return id.includes('/node_modules/@rc-component/') ? { code, moduleSideEffects: false } : null;
  },
};

const CHARSET = '<meta charset="UTF-8" />';

/**
 * Puts the policy right after the charset in the built `index.html`, before any script or style
 * it governs. Only in builds: the dev server's React Refresh preamble is an inline script and its
 * HMR a websocket.
 */
const contentSecurityPolicy: Plugin = {
  name: 'gportal:content-security-policy',
  apply: 'build',
  transformIndexHtml(html) {
    if (!html.includes(CHARSET)) throw new Error(`index.html needs ${CHARSET} for the content security policy to follow`);
    // The policy's values hold no `"`, `<` or `&`: it goes into the attribute as it is.
    return html.replace(CHARSET, `${CHARSET}\n    <meta http-equiv="Content-Security-Policy" content="${policyText()}" />`);
  },
};

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'GPORTAL_');
  return {
    ...sourceConditions,
    plugins: [react(), rcComponentsWithoutSideEffects, contentSecurityPolicy, antdSheet()],
    server: { host: '127.0.0.1', port: 5173, proxy: mapServerProxy(env) },
    preview: { host: '127.0.0.1', port: 4173, proxy: mapServerProxy(env) },
  };
});
