import { JSDOM } from 'jsdom';

/**
 * `ol/format/*` parse and write XML through the DOM. Browsers have one; Node tests get jsdom's
 * (xmldom is not enough: it lacks `firstElementChild`, so OpenLayers' readers silently return
 * nothing). Only the XML globals are set, not `window`, so nothing takes Node for a browser.
 */
const { window } = new JSDOM('');
Object.assign(globalThis, {
  document: window.document,
  DOMParser: window.DOMParser,
  XMLSerializer: window.XMLSerializer,
  Node: window.Node,
});
