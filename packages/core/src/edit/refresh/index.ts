// A fresh read of the layer put under the pending changes (a load, a redraw, the load a restore starts with).
export { LayerRefresh, type LayerRefreshHost } from './layer-refresh.js';
