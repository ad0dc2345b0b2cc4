import type { L } from '../leaflet';
import type { FeatureSessionView } from '../session';
import { useServerRendering } from './use-server-rendering';
import { useViewLoading } from './use-view-loading';

/**
 * A layer larger than a load, on the editor's map: its features load by view as the map moves;
 * where the view holds too many, the server's rendering (WMS, when `wmsUrl` is given) stands in
 * for them and nothing is editable. Answers whether the view can be edited.
 */
export function useLargeLayer(map: L.Map | undefined, view: FeatureSessionView, wmsUrl: string | undefined): { editable: boolean } {
  const tooMany = view.viewState?.kind === 'too-many';
  useViewLoading(map, view.session);
  useServerRendering(map, { wmsUrl, typeName: view.typeName, active: tooMany });
  return { editable: !tooMany };
}
