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
    return id.includes('/node_modules/@rc-component/') ? { code, map: null, moduleSideEffects: false } : null;
  },
};

const UI_KIT_MODULES = /[\\/]node_modules[\\/](antd|@rc-component|@ant-design)[\\/]/;

/**
 * How the build cuts the app into chunks. Left to itself, the bundler gives every set of modules
 * shared by a different mix of lazy screens a chunk of its own: the sign-in page came as 38
 * scripts and the app as 97, a quarter of them under 300 bytes, each compressed on its own and
 * tied to the others by import and export lists. The groups below (the first that matches a module
 * takes it) undo that without adding anything to the first screen:
 * - everything the entry imports statically (the first screen) is one chunk: the page loads all of
 *   it anyway;
 * - the UI package's frame (its app, shell and shared UI modules, with what they import: the
 *   router, the container, inversify) is one chunk, loaded by the first sign-in or any other route;
 * - the rest of antd (the components of the frame and the screens, their icons) is one chunk,
 *   loaded with the frame;
 * - the core's other small shared modules (its ports, domain types, errors and helpers, a few
 *   hundred bytes each) are one chunk, loaded with the app behind the sign-in page rather than
 *   screen by screen.
 */
const CHUNK_GROUPS = [
  // Named as the entry chunk it becomes (`index-<hash>.js`, the script `index.html` names).
  { name: 'index', tags: ['$initial' as const] },
  // Not the map-server adapters' door (`app/map-server-adapters.ts`): the group would take the adapters it imports with it.
  { name: 'app-frame', test: /[\\/]packages[\\/]ui-react[\\/]src[\\/](app|shell|ui)[\\/](?!map-server-adapters[.]ts$)/ },
  { name: 'ui-kit', test: UI_KIT_MODULES },
  { name: 'core-kernel', test: /[\\/]packages[\\/]core[\\/]src[\\/](ports|domain|errors|util)[\\/]/ },
];

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
    build: {
      rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
      // The first screen's one chunk is ~560 kB before compression; its gzip size is held by the
      // browser test's budgets (`test/browser/lazy-split.browser.test.ts`), not by this warning.
      chunkSizeWarningLimit: 700,
    },
    server: { host: '127.0.0.1', port: 5173, proxy: mapServerProxy(env) },
    preview: { host: '127.0.0.1', port: 4173, proxy: mapServerProxy(env) },
  };
});
