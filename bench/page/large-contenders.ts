/**
 * The large part's two contenders (bench/README.md, "The large part"), each mounted in a page of
 * its own (`large.html?contender=…`) over the same QGIS Server layer, reached through the page's
 * `/ows` (the runner forwards it to the server): gportal's `FeatureMap` composed as the app's
 * map-server mode composes it, and OpenLayers' `VectorLayer` with the `bbox` loading strategy.
 * Each module is loaded only by its own page, so a page holds one library's code and data.
 */
import { EDITOR_STAGES, importInStages } from '@gportal/ui-react';
import type { View } from '../large-path.js';

/** Where the harness tells a contender to open, and what it calls when something happens on the map. */
export interface LargeSetup {
  /** The WFS endpoint, same origin (`/ows`). */
  wfsUrl: string;
  typeName: string;
  /** The opening view: both maps are there before they read the layer (gportal's then fits a whole-layer load, as for staff). */
  start: View;
  /** Called whenever the map paints or what it shows changes: the harness times steps by it. */
  activity(): void;
  /** Called when the map's loading state changes without changing what it shows: the step is not over yet. */
  background(): void;
}

/** A mounted contender, as the harness drives it. */
export interface LargeMap {
  /** Jumps to a view, without animation. */
  setView(view: View): void;
  /** Where a lon/lat position is on the page, CSS px. */
  pixelOf(position: [number, number]): { x: number; y: number };
  /** Features are painted on the map now (nothing waits to be painted). */
  showsFeatures(): boolean;
  /** No paint is pending (off-main-thread paints included). */
  idle(): boolean;
  /** How the map showed its last view, where it tells (gportal: `ahead`, from tiles painted ahead; `painted`, painted when it came). */
  shownBy?(): 'ahead' | 'painted';
  /** The contender's attribute table of the layer: `open` resolves once its first rows are in the page, `next` once the next page's rows are. */
  table: { open(): Promise<void>; next(): Promise<void> };
}

/** Resolves once `condition` holds, checked whenever `element`'s subtree changes; rejects after `timeoutMs`, naming `what`. */
export function whenChanged(element: HTMLElement, condition: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      observer.disconnect();
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const observer = new MutationObserver(() => {
      if (condition()) done();
    });
    const timer = setTimeout(() => done(new Error(`${what}: not within ${timeoutMs} ms`)), timeoutMs);
    observer.observe(element, { subtree: true, childList: true, characterData: true, attributes: true });
    if (condition()) done();
  });
}

/** A contender of the large part. */
export interface LargeContender {
  name: string;
  role: 'anchor' | 'gportal';
  mount(element: HTMLElement, setup: LargeSetup): Promise<LargeMap>;
}

/** The contenders by the name the runner puts in the page's query, each loaded on demand. */
export const LARGE_CONTENDERS: Record<string, () => Promise<LargeContender>> = {
  ol: async () => (await import('./large-ol.js')).olBboxContender,
  // In stages, as the app loads its feature map: its adapters are evaluated at boot (with the
  // app's container), the editor's libraries one task each when the route opens, then the editor.
  gportal: async () => (await importInStages([...EDITOR_STAGES, () => import('@gportal/adapters-geoserver')], () => import('./large-gportal.js'))).gportalFeatureMapContender,
};
