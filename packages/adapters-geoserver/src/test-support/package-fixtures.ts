import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `test/fixtures/` of this package: captured server answers, each named with its source in a README there. */
const PACKAGE_FIXTURES = new URL('../../test/fixtures/', import.meta.url);

/** A file of `test/fixtures/`, e.g. `qgis-server/wfs110-GetCapabilities.xml`. */
export function readPackageFixture(path: string): string {
  return readFileSync(fileURLToPath(new URL(path, PACKAGE_FIXTURES)), 'utf8');
}
