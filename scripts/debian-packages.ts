/**
 * Debian packages the project's own scripts install on a fresh machine: the browser tests' global
 * setup (Chromium, nginx, fonts), `npm run bench` (Chromium), the file adapters' tests (GDAL,
 * {@link GDAL_BIN}) and the Gauss-Krüger test against PROJ ({@link PROJ_BIN}) all call
 * {@link ensureDebianPackages}, so none depends on another having run first. Chromium is always
 * Debian's `chromium`, never `playwright install`'s download.
 */
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';

/** A Debian package a caller needs, and how it tells whether what it needs of it is there. */
export interface DebianPackage {
  /** The package's name, as `apt-get install` takes it. */
  name: string;
  /**
   * Whether the package is there already. Each caller checks what it uses (an executable, a font
   * fontconfig finds, font files) rather than dpkg's records, so a machine that has the thing by
   * other means is left alone.
   */
  present(): boolean;
}

/** What {@link ensureDebianPackages} needs of the machine; the unit tests stand in for it without apt. */
export interface Apt {
  /** Whether this process may run apt-get (it runs as root). */
  isRoot(): boolean;
  /** Installs the named packages for `why`, throwing when apt-get fails. */
  install(names: readonly string[], why: string): void;
}

const POLICY_RC = '/usr/sbin/policy-rc.d';

/**
 * Debian package names: lower-case letters, digits and `+ - .`, starting with a letter or digit.
 * The names go into a shell command, so anything else is refused rather than quoted.
 */
const PACKAGE_NAME = /^[a-z0-9][a-z0-9+.-]+$/;

/** The command that installs `names`: run here as root, and quoted by the error for anyone else. */
function aptCommand(names: readonly string[]): string {
  return `apt-get update && apt-get install -y --no-install-recommends ${names.join(' ')}`;
}

/**
 * This machine's apt. Packages are installed without their services being started (a
 * `policy-rc.d` that refuses, removed afterwards when it was ours): the nginx test runs nginx by
 * itself, on a port of its own, and nothing should be left listening on port 80.
 */
export const debianApt: Apt = {
  isRoot: () => process.getuid?.() === 0,
  install(names, why) {
    console.log(`installing Debian's ${names.join(', ')} for ${why}`);
    const ownPolicy = !existsSync(POLICY_RC);
    if (ownPolicy) writeFileSync(POLICY_RC, '#!/bin/sh\n# gportal: install packages without starting their services\nexit 101\n', { mode: 0o755 });
    try {
      execSync(aptCommand(names), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    } finally {
      if (ownPolicy) rmSync(POLICY_RC);
    }
  },
};

/**
 * Installs those of `packages` that are not present, in one apt-get run, and returns their names
 * (none when everything is there, and then apt is not touched at all). `why` names who needs
 * them ("the browser tests", "the bench"), for the log and for the error a user other than root
 * gets: that error quotes the apt command to run as root, since installing is the one step this
 * process cannot do for them.
 */
export function ensureDebianPackages(packages: readonly DebianPackage[], why: string, apt: Apt = debianApt): string[] {
  const invalid = packages.filter(({ name }) => !PACKAGE_NAME.test(name));
  if (invalid.length > 0) throw new Error(`not Debian package names: ${invalid.map(({ name }) => JSON.stringify(name)).join(', ')}`);
  const missing = packages.filter((debianPackage) => !debianPackage.present()).map(({ name }) => name);
  if (missing.length === 0) return [];
  if (!apt.isRoot()) {
    const one = missing.length === 1;
    throw new Error(`Debian's ${missing.join(', ')} ${one ? 'is' : 'are'} missing, and ${why} cannot run without ${one ? 'it' : 'them'}: run \`${aptCommand(missing)}\` as root`);
  }
  apt.install(missing, why);
  return missing;
}

/** Whether an executable is on the PATH. */
function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Debian's GDAL tools (`ogr2ogr`, `ogrinfo`): the reference the file adapters' readers and writers are proven against. */
export const GDAL_BIN: DebianPackage = { name: 'gdal-bin', present: () => onPath('ogr2ogr') && onPath('ogrinfo') };

/** Debian's PROJ tools (`cs2cs`): the reference the core's Gauss-Krüger zones are proven against. */
export const PROJ_BIN: DebianPackage = { name: 'proj-bin', present: () => onPath('cs2cs') };
