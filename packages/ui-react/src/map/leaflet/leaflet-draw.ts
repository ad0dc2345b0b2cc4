import './leaflet-global';

let loading: Promise<void> | undefined;
let loaded = false;

/**
 * leaflet-draw, fetched when a drawing tool is first used rather than with the map (it draws new
 * shapes, holes and parts only; the edited copy is `VertexEditor`'s). A static import would not do
 * anyway: the bundler may place its script before Leaflet's (CommonJS) module has run and before
 * the global is set; imported from here, it runs after both. A failed fetch is tried again on the
 * next call.
 */
export function loadLeafletDraw(): Promise<void> {
  loading ??= import('leaflet-draw').then(
    () => {
      loaded = true;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether leaflet-draw has run: `L.Draw` and `L.drawLocal` exist. */
export function leafletDrawLoaded(): boolean {
  return loaded;
}
