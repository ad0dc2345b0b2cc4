import L from 'leaflet';

/**
 * Resolves with the first Leaflet map created from now on: the editor's, when `FeatureMap` is
 * mounted next. The public component keeps its map to itself; the harness needs it to turn the
 * data's positions into pixels and to jump to a view.
 */
export function nextLeafletMap(): Promise<L.Map> {
  return new Promise((resolve) => {
    L.Map.addInitHook(function (this: L.Map) {
      resolve(this);
    });
  });
}
