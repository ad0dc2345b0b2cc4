import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The captured GeoServer files (`test/fixtures/geoserver/`; its README names each file's source and licence). */
const GEOSERVER_FIXTURES_DIR = fileURLToPath(new URL('../../../test/fixtures/geoserver/', import.meta.url));

/** A fixture file's text, by its path inside the fixtures directory (`rest/workspaces-list.json`). */
export function readFixture(path: string): string {
  return readFileSync(join(GEOSERVER_FIXTURES_DIR, path), 'utf8');
}
