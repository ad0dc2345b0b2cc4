import { MapServerError } from '@gportal/core';
import { SaxesParser } from 'saxes';

/**
 * Small DOM helpers for reading OGC answers. Elements are matched by local name: servers differ in
 * the namespaces they use for the same element (ows 1.0 / 1.1 / 2.0, wfs / wfs 2.0).
 */

/** Whether an answer's text is XML (anything else is read as JSON). */
export function isXmlText(text: string): boolean {
  return /^\s*</.test(text);
}

/** Read this much at a time when looking for the root element. */
const ROOT_SCAN_CHUNK = 4096;

/**
 * The local name of a document's root element, read with `saxes` up to that element only, so a
 * large answer is not parsed twice; `undefined` when the text is not well-formed that far.
 */
export function rootElementName(text: string): string | undefined {
  let root: string | undefined;
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on('opentag', (tag) => {
    root ??= tag.name.slice(tag.name.indexOf(':') + 1);
  });
  try {
    for (let start = 0; root === undefined && start < text.length; start += ROOT_SCAN_CHUNK) parser.write(text.slice(start, start + ROOT_SCAN_CHUNK));
  } catch {
    return undefined;
  }
  return root;
}

/** Parses XML, or throws `MapServerError` naming what was being read. */
export function parseXml(text: string, what: string, status?: number): Document {
  const document = new DOMParser().parseFromString(text, 'application/xml');
  // Browsers and jsdom report malformed XML as a <parsererror> element instead of throwing.
  const error = document.getElementsByTagName('parsererror')[0];
  if (error || !document.documentElement) {
    throw new MapServerError({
      ...(status !== undefined ? { status } : {}),
      code: 'MalformedResponse',
      text: `${what}: the answer is not well-formed XML (${(error?.textContent ?? '').trim().slice(0, 200)}): ${text.slice(0, 200)}`,
    });
  }
  return document;
}

export function childElements(parent: Element, localName?: string): Element[] {
  return Array.from(parent.children).filter((child) => localName === undefined || child.localName === localName);
}

export function firstChild(parent: Element, localName: string): Element | undefined {
  return childElements(parent, localName)[0];
}

/** Every descendant with this local name, in document order. */
export function descendants(parent: Element | Document, localName: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS('*', localName));
}

export function textOf(element: Element | undefined): string | undefined {
  const text = element?.textContent?.trim();
  return text === undefined || text === '' ? undefined : text;
}
