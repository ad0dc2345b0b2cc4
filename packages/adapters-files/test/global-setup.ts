import { ensureDebianPackages, GDAL_BIN } from '../../../scripts/debian-packages.js';

/** GDAL (`ogr2ogr`, `ogrinfo`), installed from Debian when missing, for the round trips against it. */
export default function setup(): void {
  ensureDebianPackages([GDAL_BIN], "the file adapters' GDAL tests");
}
