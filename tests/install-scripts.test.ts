import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  hasInstallScript?: boolean;
}

const repo = new URL('..', import.meta.url).pathname;
const read = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')) as T;

const allowScripts = read<{ allowScripts?: Record<string, boolean> }>('package.json').allowScripts ?? {};
const lock = read<{ packages: Record<string, LockedPackage> }>('package-lock.json');

/** The package name of a lockfile path (`node_modules/a/node_modules/@b/c` → `@b/c`); the root ('') has none. */
const nameOf = (path: string): string | undefined => path.split('node_modules/').at(-1) || undefined;

/** Whether an `allowScripts` key (`name`, `name@version` or `name@range`) names this package. */
function covers(key: string, name: string): boolean {
  const at = key.indexOf('@', 1);
  return (at === -1 ? key : key.slice(0, at)) === name;
}

// npm 11 runs a dependency's install scripts only when `allowScripts` approves it, and ends every
// install that skipped one with an `install-scripts` warning: each must be approved (or denied) here.
describe('install scripts', () => {
  const withScripts = Object.entries(lock.packages).flatMap(([path, locked]) => {
    const name = nameOf(path);
    return name && locked.hasInstallScript ? [name] : [];
  });

  it('every locked package with an install script is approved or denied in allowScripts', () => {
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !Object.keys(allowScripts).some((key) => covers(key, name)))).toEqual([]);
  });

  it('allowScripts names no package that has no install script', () => {
    expect(Object.keys(allowScripts).filter((key) => !withScripts.some((name) => covers(key, name)))).toEqual([]);
  });

  // About 4 s alone, more on a loaded machine: npm reads the whole installed tree.
  it('npm itself finds no unreviewed install script in the installed tree', () => {
    const listed = execFileSync('npm', ['install-scripts', 'ls', '--loglevel=error'], { cwd: repo, encoding: 'utf8', timeout: 60_000 });
    expect(listed).not.toMatch(/not yet covered/);
    expect(listed).toMatch(/No packages with unreviewed install scripts/);
  }, 60_000);
});
