import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What every chunk of a build holds: its gzip size and the sources that make it up, read from the
 * chunk's source map. A source's share of the chunk's gzip is its share of the minified bytes (the
 * generated text each mapping covers), so the shares of a chunk add up to its gzip size.
 */
export interface ChunkListing {
  file: string;
  raw: number;
  gzip: number;
  /** The chunk's sources by weight, heaviest first: a package (`react-dom`, `@rc-component/picker`), a room of the repository (`ui-react/src/map/canvas`), or `(bundler)` for what no source maps to. */
  sources: Array<{ source: string; gzip: number }>;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** The values of one segment of a source map's `mappings` (base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`not a source map segment: ${segment}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * Where a source belongs: its npm package (scoped packages keep their scope), or for the
 * repository's own code its package and room (`ui-react/src/map/canvas`). The workers' maps name their sources relative to the worker's
 * own folder (`../../src/map/base/land-cells.ts`, `../../../adapters-geoserver/src/wfs/…`): a
 * path that names no package but starts at `src/` is the built package's (`builtPackage`).
 */
export function sourceGroup(source: string, builtPackage: string): string {
  const nodeModules = source.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const parts = source.slice(nodeModules + 'node_modules/'.length).split('/');
    return (parts[0]?.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
  }
  const packages = source.lastIndexOf('packages/');
  const relative = packages >= 0 ? source.slice(packages + 'packages/'.length) : source.replace(/^(\.\.?\/)+/, '');
  const parts = relative.split('/');
  if (parts[0] === 'src') parts.unshift(builtPackage);
  if (parts[1] !== 'src') return relative;
  // The file's folder, two levels below `src` at most (`ui-react/src/map/canvas`); a file straight
  // under `src` stands for itself.
  return (parts.length > 3 ? parts.slice(0, Math.min(parts.length - 1, 4)) : parts).join('/').replace(/\.tsx?$/, '');
}

interface SourceMap {
  sources: string[];
  sourceRoot?: string;
  mappings: string;
}

/** The minified bytes of each source group in one chunk, from the generated ranges its mappings cover. */
export function bytesBySource(code: string, map: SourceMap, builtPackage: string): Map<string, number> {
  const sources = map.sources.map((source) => sourceGroup(`${map.sourceRoot ?? ''}${source}`, builtPackage));
  const bytes = new Map<string, number>();
  const lines = code.split('\n');
  let sourceIndex = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const lineLength = lines[lineIndex]?.length ?? 0;
    let column = 0;
    const starts: Array<{ column: number; source: number | undefined }> = [];
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const values = decodeSegment(segment);
      column += values[0] ?? 0;
      if (values.length > 1) sourceIndex += values[1] ?? 0;
      starts.push({ column, source: values.length > 1 ? sourceIndex : undefined });
    }
    starts.forEach((start, index) => {
      const end = starts[index + 1]?.column ?? lineLength;
      const group = start.source === undefined ? '(bundler)' : (sources[start.source] ?? '?');
      bytes.set(group, (bytes.get(group) ?? 0) + Math.max(0, end - start.column));
    });
  });
  return bytes;
}

/**
 * Every `.js` chunk of `assets`, heaviest first. A chunk without a source map (`build.sourcemap`
 * off) is listed with its sizes and no sources. The gzip size is the chunk's text without its
 * `sourceMappingURL` comment, as a build without source maps would ship it.
 */
export function listChunks(assets: string, builtPackage = 'ui-react'): ChunkListing[] {
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const code = readFileSync(join(assets, file), 'utf8').replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
      const gzip = gzipSync(code).length / 1024;
      const mapFile = join(assets, `${file}.map`);
      const sources: ChunkListing['sources'] = [];
      if (existsSync(mapFile)) {
        const bytes = bytesBySource(code, JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMap, builtPackage);
        const total = [...bytes.values()].reduce((sum, value) => sum + value, 0) || 1;
        for (const [source, value] of bytes) sources.push({ source, gzip: (gzip * value) / total });
        sources.sort((a, b) => b.gzip - a.gzip);
      }
      return { file, raw: Buffer.byteLength(code) / 1024, gzip, sources };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

/** The heaviest sources of a chunk as a short text: `react-dom 63.0, scheduler 1.1`. */
export function heaviestSources(chunk: ChunkListing, count = 4): string {
  const shown = chunk.sources.filter((source) => source.gzip >= 0.05).slice(0, count);
  const rest = chunk.sources.length - shown.length;
  return `${shown.map((source) => `${source.source} ${source.gzip.toFixed(1)}`).join(', ')}${rest > 0 ? ` (+${rest} more)` : ''}`;
}

if (process.argv[1]?.endsWith('chunk-listing.ts')) {
  const assets = process.argv[2];
  if (!assets) throw new Error('usage: tsx bench/chunk-listing.ts <build>/assets [sources per chunk]');
  const chunks = listChunks(assets);
  for (const chunk of chunks) console.log(`${chunk.gzip.toFixed(1).padStart(6)}  ${chunk.file}  ${heaviestSources(chunk, Number(process.argv[3] ?? 4))}`);
  console.log(`${chunks.reduce((sum, chunk) => sum + chunk.gzip, 0).toFixed(1).padStart(6)}  ${chunks.length} chunks`);
}
