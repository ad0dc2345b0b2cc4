import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesBySource, heaviestSources, listChunks, sourceGroup } from './chunk-listing.js';

describe('where a source belongs', () => {
  it('is its npm package, scope kept, or its package and room in the repository', () => {
    expect(sourceGroup('../../../node_modules/react-dom/cjs/react-dom.production.js', 'ui-react')).toBe('react-dom');
    expect(sourceGroup('../../../node_modules/@rc-component/picker/es/index.js', 'ui-react')).toBe('@rc-component/picker');
    expect(sourceGroup('../../../packages/ui-react/src/map/canvas/flat-shape.ts', 'ui-react')).toBe('ui-react/src/map/canvas');
    expect(sourceGroup('../../../packages/core/src/edit/save/save-plan.ts', 'ui-react')).toBe('core/src/edit/save');
    expect(sourceGroup('../../../packages/ui-react/src/map/editor-map.tsx', 'ui-react')).toBe('ui-react/src/map');
    expect(sourceGroup('../../../packages/ui-react/src/main.tsx', 'ui-react')).toBe('ui-react/src/main');
  });

  it('reads a worker map’s paths, relative to the worker’s folder, as the built package’s or the one they name', () => {
    expect(sourceGroup('../../src/map/base/land-cells.ts', 'ui-react')).toBe('ui-react/src/map/base');
    expect(sourceGroup('../../../adapters-geoserver/src/wfs/xml-scanner.ts', 'ui-react')).toBe('adapters-geoserver/src/wfs');
  });
});

describe('the bytes of each source in a chunk', () => {
  it('are the generated ranges its mappings cover, to the end of the line', () => {
    // Two lines: columns 0–3 from react, 4–9 from the core; then the bundler's own text (a segment without a source) and react again.
    const map = { sources: ['../node_modules/react/index.js', '../packages/core/src/domain/geometry.ts'], mappings: 'AAAA,ICAA;A,EDAA' };
    expect(bytesBySource('aaaabbbbbb\nccdddd', map, 'ui-react')).toEqual(
      new Map([
        ['react', 4 + 4],
        ['core/src/domain', 6],
        ['(bundler)', 2],
      ]),
    );
  });
});

describe('the chunks of a build', () => {
  let folder: string | undefined;
  afterEach(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('lists each with its gzip size (without the source map comment), heaviest first, its sources sharing that size', () => {
    folder = mkdtempSync(join(tmpdir(), 'chunk-listing-'));
    const big = 'export const a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" + Math.random();';
    writeFileSync(join(folder, 'big-Ab3_x9Yz.js'), `${big}\n//# sourceMappingURL=big-Ab3_x9Yz.js.map`);
    writeFileSync(join(folder, 'big-Ab3_x9Yz.js.map'), JSON.stringify({ version: 3, sources: ['../node_modules/react/index.js', '../packages/ui-react/src/app/root.tsx'], mappings: 'AAAA,kBCAA' }));
    writeFileSync(join(folder, 'small-Cd4-y0Za.js'), 'export{}');
    const chunks = listChunks(folder);
    expect(chunks.map((chunk) => chunk.file)).toEqual(['big-Ab3_x9Yz.js', 'small-Cd4-y0Za.js']);
    const [first, second] = chunks;
    expect(first?.gzip).toBeCloseTo(gzipSync(big).length / 1024, 6);
    expect(first?.sources.map((source) => source.source)).toEqual(['ui-react/src/app', 'react']);
    expect(first?.sources.reduce((sum, source) => sum + source.gzip, 0)).toBeCloseTo(first?.gzip ?? NaN, 6);
    expect(second?.sources).toEqual([]);
  });

  it('names a chunk’s heaviest sources, and how many lighter ones it leaves out', () => {
    const chunk = { file: 'a.js', raw: 10, gzip: 3, sources: [{ source: 'react-dom', gzip: 2 }, { source: 'antd', gzip: 0.96 }, { source: '(bundler)', gzip: 0.04 }] };
    expect(heaviestSources(chunk, 1)).toBe('react-dom 2.0 (+2 more)');
    expect(heaviestSources(chunk)).toBe('react-dom 2.0, antd 1.0 (+1 more)');
  });
});
