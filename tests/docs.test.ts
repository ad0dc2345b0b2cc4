import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The guide states what is true now: history (commits, issues, dated runs) is git's.
const ROOT = join(import.meta.dirname, '..');
const README = join(ROOT, 'README.md');
const README_MAX_LINES = 300;
const PAGES = [
  README,
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ROOT, 'docs', name)),
  join(ROOT, 'bench', 'README.md'),
  join(ROOT, 'scripts', 'wfs-server', 'README.md'),
];

/** A token a commit hash could be: 7 to 40 hex digits, letters and digits both (so neither a number nor a word). */
export function hashLikeTokens(text: string): string[] {
  return (text.match(/\b[0-9a-f]{7,40}\b/g) ?? []).filter((token) => /[a-f]/.test(token) && /[0-9]/.test(token));
}

/** References to an issue by its number ("issue 21", "Issue #13", "issues 19, 20"). */
export function issueReferences(text: string): string[] {
  return text.match(/\bissues?\s+#?\d+/gi) ?? [];
}

/** The local targets of a page's links and images, without their `#anchor`. */
export function relativeTargets(markdown: string): string[] {
  const targets = [...markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g), ...markdown.matchAll(/<img\s[^>]*src="([^"]+)"/g)].map((match) => match[1] as string);
  return targets.filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target)).map((target) => decodeURI(target.replace(/#.*$/, '')));
}

const pageName = (path: string) => relative(ROOT, path);

describe('the documentation', () => {
  it(`keeps README.md to at most ${README_MAX_LINES} lines`, () => {
    expect(readFileSync(README, 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it.each(PAGES.map((path) => [pageName(path), path]))('%s names no commit and no issue number', (_name, path) => {
    const text = readFileSync(path, 'utf8');
    expect(hashLikeTokens(text)).toEqual([]);
    expect(issueReferences(text)).toEqual([]);
  });

  it.each(PAGES.map((path) => [pageName(path), path]))('%s links only to files that exist', (_name, path) => {
    const missing = relativeTargets(readFileSync(path, 'utf8')).filter((target) => !existsSync(join(dirname(path), target)));
    expect(missing).toEqual([]);
  });

  it('finds what it looks for', () => {
    expect(hashLikeTokens('at a8b54b6, seed 20231125, colour ffeedd, word deadbeef, 5da8d440751b7f42dfd746c5348e278d1c97ee17')).toEqual(['a8b54b6', '5da8d440751b7f42dfd746c5348e278d1c97ee17']);
    expect(issueReferences('Issue 13 and issue #21, issues 19, the issue')).toEqual(['Issue 13', 'issue #21', 'issues 19']);
    expect(relativeTargets('[a](docs/map.md#keys) [b](https://x.org) [c](#here) ![d](shot.png "t") <img src="phone.png" width="3">')).toEqual(['docs/map.md', 'shot.png', 'phone.png']);
  });
});
