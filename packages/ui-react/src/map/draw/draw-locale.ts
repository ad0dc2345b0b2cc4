import type { Translate } from '../../i18n/i18n-provider';
import { L, leafletDrawLoaded } from '../leaflet';

/** The language last applied, for leaflet-draw when its script arrives after it. */
let lastTranslate: Translate | undefined;

/**
 * leaflet-draw's strings (`L.drawLocal`) from the message table, for the tools this editor uses.
 * leaflet-draw reads them when a handler starts, so this runs on every language switch, and once
 * more when leaflet-draw has run (fetched with the first tool, before that tool is enabled).
 */
export function applyDrawLocale(t: Translate): void {
  lastTranslate = t;
  if (leafletDrawLoaded()) writeDrawLocale(t);
}

/** The last language applied, written to leaflet-draw's strings now that leaflet-draw has run. */
export function writeLastDrawLocale(): void {
  if (lastTranslate) writeDrawLocale(lastTranslate);
}

function writeDrawLocale(t: Translate): void {
  const { draw } = L.drawLocal;
  draw.handlers.polygon.tooltip = { start: t('map.draw.polygonStart'), cont: t('map.draw.polygonContinue'), end: t('map.draw.polygonEnd') };
  draw.handlers.polyline.tooltip = { start: t('map.draw.lineStart'), cont: t('map.draw.lineContinue'), end: t('map.draw.lineEnd') };
  draw.handlers.polyline.error = t('map.error.selfIntersection');
  draw.toolbar.buttons.polygon = t('map.tool.drawPolygon');
  draw.toolbar.buttons.polyline = t('map.tool.drawLine');
  draw.toolbar.actions = { title: t('map.tool.cancel'), text: t('map.tool.cancel') };
  draw.toolbar.finish = { title: t('map.draw.finish'), text: t('map.draw.finish') };
  draw.toolbar.undo = { title: t('map.draw.undo'), text: t('map.draw.undo') };
  L.drawLocal.edit.toolbar.buttons.edit = t('map.tool.edit');
  L.drawLocal.edit.toolbar.buttons.remove = t('map.tool.delete');
  L.drawLocal.edit.toolbar.actions.save = { title: t('map.tool.done'), text: t('map.tool.done') };
  L.drawLocal.edit.toolbar.actions.cancel = { title: t('map.tool.cancel'), text: t('map.tool.cancel') };
}
