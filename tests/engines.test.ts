import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  engines?: { node?: string } | string[];
}

const read = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')) as T;

const declared = read<{ engines: { node: string } }>('package.json').engines.node;
const lock = read<{ packages: Record<string, LockedPackage> }>('package-lock.json');

/** `npm install` warns `EBADENGINE` for any installed package whose `engines.node` leaves out the running Node. */
function packagesRefusing(nodeReleases: string): string[] {
  return Object.entries(lock.packages).flatMap(([path, locked]) => {
    const range = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
    return range !== undefined && !semver.subset(nodeReleases, range) ? [`${path}: ${range}`] : [];
  });
}

describe('a clean install', () => {
  // The declared minimum's whole release line: a package needing a later major (or a later
  // minor of it) would make `npm install` warn on the Node versions the project declares.
  const minimum = semver.minVersion(declared);
  const releaseLine = `${declared} <${(minimum?.major ?? 0) + 1}`;

  it(`every locked package admits every Node release of ${releaseLine}`, () => {
    expect(packagesRefusing(releaseLine)).toEqual([]);
  });

  it('finds a package that needs a later Node', () => {
    expect(packagesRefusing('>=18.0.0 <19').length).toBeGreaterThan(0);
  });
});
