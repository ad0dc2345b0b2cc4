import { MapServerError } from '@gportal/core';
import { CHECK_ONLY, scanXml, XmlSyntaxError } from './xml-scanner.js';

/**
 * Small DOM helpers for reading OGC answers. Elements are matched by local name: servers differ in
 * the namespaces they use for the same element (ows 1.0 / 1.1 / 2.0, wfs / wfs 2.0).
 */

/** Whether an answer's text is XML (anything else is read as JSON). */
export function isXmlText(text: string): boolean {
  return /^\s*</.test(text);
}

/** Stops the scan at the root element: the rest of a large answer is read once, by its reader. */
class RootFound {
  constructor(readonly localName: string) {}
}

/**
 * The local name of a document's root element, scanned up to that element only (`scanXml`, which
 * refuses what is not well-formed), so a large answer is not parsed twice; `undefined` when the
 * text is not well-formed that far.
 */
export function rootElementName(text: string): string | undefined {
  try {
    scanXml(text, {
      open: (_name, localName) => {
        throw new RootFound(localName);
      },
      close: () => undefined,
      text: () => false,
    });
  } catch (error) {
    if (error instanceof RootFound) return error.localName;
  }
  return undefined;
}

/**
 * Parses XML, or throws `MapServerError` naming what was being read. The strict scanner reads it
 * first: browsers and jsdom then agree on what is well-formed, no DTD is read, and an answer
 * nested beyond `XML_MAX_DEPTH` is refused before a DOM is built (jsdom overflows its stack).
 */
export function parseXml(text: string, what: string, status?: number): Document {
  try {
    scanXml(text, CHECK_ONLY);
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    throw new MapServerError({
      ...(status !== undefined ? { status } : {}),
      code: 'MalformedResponse',
      text: `${what}: the answer is not well-formed XML (${error.message}): ${text.slice(0, 200)}`,
      cause: error,
    });
  }
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
