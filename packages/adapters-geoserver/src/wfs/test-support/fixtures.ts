import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFeatureSchema, type WfsLayer } from '../describe-feature-type.js';
import type { WfsAnswer } from '../wfs-endpoint.js';
import { parseXml } from '../wfs-xml.js';

export { readFixture as readGeoServerFixture } from '../../http/test-support/fixtures.js';

/** Answers captured from QGIS Server 3.22 (`test/fixtures/qgis-server/`; its README says how each was produced). */
const QGIS_FIXTURES_DIR = fileURLToPath(new URL('../../../test/fixtures/qgis-server/', import.meta.url));

export function readQgisFixture(path: string): string {
  return readFileSync(join(QGIS_FIXTURES_DIR, path), 'utf8');
}

/** Golden files of this folder's serializers, compared structurally (`golden/`). */
export const GOLDEN_DIR = fileURLToPath(new URL('./golden/', import.meta.url));

/** The layer a DescribeFeatureType fixture declares for `typeName`. */
export function layerFromSchema(xsd: string, typeName: string): WfsLayer {
  const layer = readFeatureSchema(parseXml(xsd, 'fixture'), typeName);
  if (!layer) throw new Error(`the fixture declares no ${typeName}`);
  return layer;
}

/** A 200 answer as `WfsEndpoint` hands it on: XML parsed, anything else as text. */
export function answerOf(text: string): WfsAnswer {
  const xml = /^\s*</.test(text);
  return { status: 200, mediaType: xml ? 'text/xml' : 'application/json', text, ...(xml ? { document: parseXml(text, 'fixture') } : {}) };
}
