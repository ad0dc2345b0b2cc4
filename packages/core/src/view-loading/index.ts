// Loading a layer from its server: whole, or, for one larger than a load, by the tiles of the
// map's view. The session's edit room uses it through this entry only.
export { ViewLoading, type LayerRead, type LoadingStrategy, type ViewEvents, type ViewLoadingHost, type ViewState } from './view-loading.js';
export type { LoadedFeatures } from './held-tiles.js';
export { DEFAULT_PREFETCH_DELAY_MS } from './read-ahead.js';
export { fetchByIds, fetchMissing, type FetchedLayer } from './server-reads.js';
