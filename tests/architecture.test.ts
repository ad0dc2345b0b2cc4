import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = new URL('..', import.meta.url).pathname;
const { readRooms, ARCHITECTURE } = createRequire(import.meta.url)('../scripts/architecture/rooms.cjs') as {
  readRooms: (markdown: string) => Array<{ room: string; mayImport: string[] }>;
  ARCHITECTURE: string;
};
const rows = readRooms(readFileSync(ARCHITECTURE, 'utf8'));

/** Test code: never a room of what ships. */
const isTestFolder = (name: string) => name === 'test-support';

describe('the rooms of docs/architecture.md (the table the import rules are made from)', () => {
  it('names folders that exist', () => {
    for (const { room } of rows) expect(existsSync(join(repo, room)), room).toBe(true);
  });

  it('lists every folder of the packages that have rooms, so none escapes the rules', () => {
    const roomed = [...new Set(rows.map(({ room }) => room.split('/').slice(0, 3).join('/') + '/'))];
    for (const src of roomed) {
      const folders = readdirSync(join(repo, src)).filter((name) => statSync(join(repo, src, name)).isDirectory() && !isTestFolder(name));
      for (const name of folders) expect(rows.map(({ room }) => room), `${src}${name}/`).toContain(`${src}${name}/`);
    }
  });

  it('runs downwards only: no room reaches itself through the rooms it may import', () => {
    const mayImport = new Map(rows.map(({ room, mayImport }) => [room, mayImport]));
    const reaches = (from: string, seen = new Set<string>()): Set<string> => {
      for (const next of mayImport.get(from) ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          reaches(next, seen);
        }
      }
      return seen;
    };
    const circles = rows.filter(({ room }) => reaches(room).has(room)).map(({ room }) => room);
    expect(circles).toEqual([]);
  });

  it('refuses a table that names a room it does not list', () => {
    expect(() => readRooms('| room | may import |\n|---|---|\n| `a/` | `b/` |\n')).toThrow(/b\/, which is not a room/);
    expect(() => readRooms('no table here')).toThrow(/no "\| room \| may import \|" table/);
  });
});

describe('what a package builds into dist/', () => {
  const built = readdirSync(join(repo, 'packages')).filter((name) => existsSync(join(repo, 'packages', name, 'tsconfig.build.json')));

  it.each(built)('%s: no test, test support, fixture or bench', (name) => {
    const folder = join(repo, 'packages', name);
    const files = execFileSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', join(folder, 'tsconfig.build.json'), '--listFilesOnly'], { encoding: 'utf8', timeout: 120_000 })
      .split('\n')
      .filter((file) => file.startsWith(folder + '/'))
      .map((file) => relative(folder, file));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => /(^|\/)test-support\/|[.](test|bench)[.]tsx?$|^test\//.test(file))).toEqual([]);
  }, 120_000);

  it('every production entry of a package points into its build, not at its tests', () => {
    for (const name of readdirSync(join(repo, 'packages'))) {
      const manifest = join(repo, 'packages', name, 'package.json');
      if (!existsSync(manifest)) continue;
      const { exports = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: Record<string, Record<string, string> | string> };
      for (const [entry, target] of Object.entries(exports)) {
        const conditions = typeof target === 'string' ? { default: target } : target;
        for (const [condition, path] of Object.entries(conditions)) {
          if (condition === 'gportal:source' && entry.endsWith('/test-support')) continue;
          expect(`${name} ${entry} ${condition} ${path}`).not.toMatch(/test-support|[.](test|bench)[.]|\/test\//);
        }
      }
    }
  });
});
