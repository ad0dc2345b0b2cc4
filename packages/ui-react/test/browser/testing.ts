/**
 * Browser-test support other workspaces' tests may use (`@gportal/ui-react/test-support`, resolved only
 * inside this repository through the `gportal:source` condition): Debian's Chromium through
 * playwright-core, screenshots, and the feature map's lon/lat helpers.
 */
export { freshPage, launchChromium, screenshot } from './browser.js';
export { clickMap, mapElement, mapPoint, waitForFeatures, waitForLayerPainted, waitForMapReady } from './map-helpers.js';
export { CHROMIUM, SCREENSHOTS } from './paths.js';
