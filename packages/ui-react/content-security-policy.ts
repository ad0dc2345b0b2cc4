/**
 * The content security policy the built `index.html` carries in a `<meta http-equiv>` tag, so
 * it holds on any static server. It fits the embedded default and a deployment with the map
 * server, the portal API and the tiles on the app's own origin (the default URLs). A map server
 * or tiles on another origin need their origin added (README, deployment notes).
 */
/** Tianditu's tile hosts (`src/map/base/tianditu.ts` asks them by subdomain, `t{s}`). */
export const TIANDITU_TILE_HOSTS = Array.from({ length: 8 }, (_, index) => `https://t${index}.tianditu.gov.cn`);

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  // Every script is a file of the build: no inline script, no eval.
  'script-src': ["'self'"],
  // The raster workers (`src/map/canvas/feature-raster.worker.ts`) are files of the build.
  'worker-src': ["'self'"],
  // config.json, the Natural Earth outlines, and in map-server mode REST, WFS and the portal API.
  'connect-src': ["'self'"],
  // WMTS tiles in map-server mode; `data:` for Leaflet's and leaflet-draw's small images (Vite
  // inlines them into the CSS), Leaflet's blank tile and the page's empty icon; Tianditu's tile
  // hosts `t0` to `t7` (its base maps, with a key), and nothing more.
  'img-src': ["'self'", 'data:', ...TIANDITU_TILE_HOSTS],
  // antd writes the theme's CSS variables in `<style>` elements at run time (its component rules
  // are a prebuilt sheet, `THEME.zeroRuntime`); nothing else needs 'unsafe-inline'.
  'style-src': ["'self'", "'unsafe-inline'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
} as const satisfies Record<string, readonly string[]>;

export type PolicyDirective = keyof typeof CONTENT_SECURITY_POLICY;

/** The policy as a header or meta value, with `extra` sources added to some directives. */
export function policyText(extra: Partial<Record<PolicyDirective, readonly string[]>> = {}): string {
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([directive, sources]) => [directive, ...sources, ...(extra[directive as PolicyDirective] ?? [])].join(' '))
    .join('; ');
}
