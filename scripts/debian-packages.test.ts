import { describe, expect, it, vi } from 'vitest';
import { ensureDebianPackages, type Apt, type DebianPackage } from './debian-packages.js';

/** An apt that records what it is asked to install and never runs apt-get. */
function fakeApt(root: boolean): Apt & { installed: string[][] } {
  const installed: string[][] = [];
  return { installed, isRoot: () => root, install: (names) => void installed.push([...names]) };
}

const debianPackage = (name: string, present: boolean): DebianPackage => ({ name, present: () => present });

describe('ensureDebianPackages', () => {
  it('runs nothing when nothing is missing, not even the root check', () => {
    const apt = fakeApt(false);
    const isRoot = vi.spyOn(apt, 'isRoot');
    expect(ensureDebianPackages([debianPackage('chromium', true), debianPackage('nginx', true)], 'the bench', apt)).toEqual([]);
    expect(apt.installed).toEqual([]);
    expect(isRoot).not.toHaveBeenCalled();
  });

  it('installs only the missing packages, in one apt run', () => {
    const apt = fakeApt(true);
    const packages = [debianPackage('chromium', false), debianPackage('nginx', true), debianPackage('fonts-noto-cjk', false)];
    expect(ensureDebianPackages(packages, 'the browser tests', apt)).toEqual(['chromium', 'fonts-noto-cjk']);
    expect(apt.installed).toEqual([['chromium', 'fonts-noto-cjk']]);
  });

  it('tells a user other than root who needs which packages and the apt command that installs them', () => {
    const apt = fakeApt(false);
    const packages = [debianPackage('chromium', false), debianPackage('nginx', false), debianPackage('fonts-dejavu-core', true)];
    expect(() => ensureDebianPackages(packages, 'the browser tests', apt)).toThrow(
      "Debian's chromium, nginx are missing, and the browser tests cannot run without them: run `apt-get update && apt-get install -y --no-install-recommends chromium nginx` as root",
    );
    expect(() => ensureDebianPackages([debianPackage('chromium', false)], 'the bench', apt)).toThrow(
      "Debian's chromium is missing, and the bench cannot run without it: run `apt-get update && apt-get install -y --no-install-recommends chromium` as root",
    );
    expect(apt.installed).toEqual([]);
  });

  it('refuses a name that is not a Debian package name before checking or installing anything (it would go into a shell command)', () => {
    const apt = fakeApt(true);
    const present = vi.fn(() => false);
    expect(() => ensureDebianPackages([{ name: 'chromium; rm -rf /', present }], 'the bench', apt)).toThrow('not Debian package names: "chromium; rm -rf /"');
    expect(present).not.toHaveBeenCalled();
    expect(apt.installed).toEqual([]);
  });
});
