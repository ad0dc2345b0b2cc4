import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { zipSync } from 'fflate';

/** The reference GeoJSON files (fixtures/README.md says where they come from). */
export const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;

/** A scratch folder for one test, removed by the returned function. */
export function scratch(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'gportal-files-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `ogr2ogr` with these arguments and returns what it printed. */
export function ogr2ogr(args: readonly string[]): string {
  return execFileSync('ogr2ogr', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

/** Runs `ogrinfo` with these arguments and returns what it printed. */
export function ogrinfo(args: readonly string[]): string {
  return execFileSync('ogrinfo', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

/** Every file of a Shapefile `dir/<layer>.*`, zipped as a user would send them (without those `leaveOut` names). */
export function zipShapefile(dir: string, layer: string, leaveOut: readonly string[] = []): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const name of readdirSync(dir)) {
    if (name.startsWith(`${layer}.`) && !leaveOut.some((suffix) => name.endsWith(suffix))) files[basename(name)] = readFileSync(join(dir, name));
  }
  return zipSync(files);
}

/** A file GDAL reads, as GDAL's GeoJSON of it in `crs` (lon/lat). */
export function gdalAsGeoJson(path: string, crs = 'EPSG:4490'): { features: Array<{ geometry: unknown; properties: Record<string, unknown> }> } {
  const out = ogr2ogr(['-f', 'GeoJSON', '-t_srs', crs, '-lco', 'COORDINATE_PRECISION=12', '/vsistdout/', path]);
  return JSON.parse(out) as { features: Array<{ geometry: unknown; properties: Record<string, unknown> }> };
}

/** The field types GDAL reads in a file: `code: Integer (9.0)` as `{ code: 'Integer' }`. */
export function gdalFieldTypes(path: string): Record<string, string> {
  const types: Record<string, string> = {};
  for (const line of ogrinfo(['-so', '-al', path]).split('\n')) {
    const match = /^([^:\s][^:]*): (Integer64|Integer|Real|String|Date|DateTime)\b/.exec(line);
    if (match) types[match[1] as string] = match[2] as string;
  }
  return types;
}

/** Writes bytes to `dir/name` and returns the path. */
export function save(dir: string, name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}
