import { assertResourceName, ValidationError } from '@gportal/core';

/**
 * Expands an endpoint template such as `/workspaces/{workspace}/styles/{style}`.
 *
 * Every value is checked with the core's `assertResourceName` (no `/`, `..`, control characters:
 * a malicious name can never reach another resource) and percent-encoded, so a refused name
 * throws `ValidationError` before anything is sent. The placeholder names become the field names
 * of that error.
 */
export function expandPath(template: string, params: Readonly<Record<string, string>>, options: ExpandOptions = {}): string {
  let lastValue = '';
  const path = template.replace(/\{(\w+)\}/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`expandPath: no value for {${key}} in ${template}`);
    lastValue = assertResourceName(value, key);
    return encodeURIComponent(value);
  });
  // Servers that read a format from the path's extension (GeoServer) would take `my.style` as
  // style `my` in format `style`; an explicit extension keeps the dotted name whole.
  const endsWithName = /\}$/.test(template);
  return endsWithName && options.extension && lastValue.includes('.') ? `${path}.${options.extension}` : path;
}

export interface ExpandOptions {
  /** Appended (`.json`) when the template ends with a name that contains a dot. */
  extension?: string;
}

/** Joins a base URL and a path with exactly one `/` between them. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** What a relative URL outside a page (Node, tests) is taken to be on: one origin, the page's. */
const PAGE_ORIGIN = 'page:';

/** The origin of a URL; a relative one is on the page's origin. */
export function originOf(url: string): string {
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  if (URL.canParse(url, page)) return new URL(url, page).origin;
  // Unreadable: an origin of its own, equal to no other.
  return page || URL.canParse(url) ? url : PAGE_ORIGIN;
}

export function sameOrigin(a: string, b: string): boolean {
  return originOf(a) === originOf(b);
}

/** Refuses a URL with a user name or password in it: credentials never travel in a URL. */
export function assertNoUserInfo(url: string, field: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed && (parsed.username || parsed.password)) {
    throw new ValidationError({ [field]: `${field} must not carry a user name or password; sign in instead` });
  }
  return url;
}
