import { bench, describe } from 'vitest';
import './test-support/register-dom.js';
import { benchFeatures, BENCH_LAYER, geoJsonAnswer, gmlAnswer } from './test-support/bench-layer.js';
import { readFeatureSetWithOpenLayers } from './test-support/ol-feature-reader.js';
import { readFeatureSet } from './feature-reader.js';
import { LON_LAT_SRS_NAME } from './wfs-protocol.js';

// The streaming readers against the ol path they replaced (the reference they are proven equal
// to). `npm run bench` compares them with ol/format and JSON.parse in Chromium, through the
// adapter's public reader; here the DOM the ol path needs is jsdom's.
const features = benchFeatures(200, 50);
// As the page's rows hand them over: the text only, so each reader pays for its own parse.
const answerOf = (text: string): Parameters<typeof readFeatureSet>[0] => ({ status: 200, mediaType: 'text/plain', text });
const geoJson = answerOf(geoJsonAnswer(features));
const gml = answerOf(gmlAnswer(features));

describe('GetFeature answer → typed features, 200 polygons of 50 positions', () => {
  bench('GeoJSON, readFeatureSet', () => {
    readFeatureSet(geoJson, BENCH_LAYER);
  });
  bench('GeoJSON, ol path', () => {
    readFeatureSetWithOpenLayers(geoJson, BENCH_LAYER);
  });
  bench('GML3, readFeatureSet (streaming scanner)', () => {
    readFeatureSet(gml, BENCH_LAYER, { requestedSrsName: LON_LAT_SRS_NAME });
  });
  bench('GML3, ol path', () => {
    readFeatureSetWithOpenLayers(gml, BENCH_LAYER, LON_LAT_SRS_NAME);
  });
});
