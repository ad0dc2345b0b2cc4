import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The captured GeoServer files (`shared/fixtures/geoserver` beside the repository; see
 * its README for each file's source). `GPORTAL_GEOSERVER_FIXTURES` points elsewhere.
 */
export const GEOSERVER_FIXTURES_DIR =
  process.env.GPORTAL_GEOSERVER_FIXTURES ?? fileURLToPath(new URL('../../../../../../shared/fixtures/geoserver/', import.meta.url));

/** A fixture file's text, by its path inside the fixtures directory (`rest/workspaces-list.json`). */
export function readFixture(path: string): string {
  return readFileSync(join(GEOSERVER_FIXTURES_DIR, path), 'utf8');
}
