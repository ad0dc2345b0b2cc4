import L from 'leaflet';

declare global {
  interface Window {
    L: typeof L;
  }
}

/**
 * leaflet-draw is a plain script that extends the global `L`. Leaflet's UMD build happens to set
 * it too, but the editor must not rest on that: the global is set here, in the one module that
 * `index.ts` imports before leaflet-draw.
 */
window.L = L;
