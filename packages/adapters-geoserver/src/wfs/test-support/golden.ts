import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parseXml } from '../wfs-xml.js';
import { GOLDEN_DIR } from './fixtures.js';

interface XmlTree {
  name: string;
  attributes: Record<string, string>;
  text?: string;
  children: XmlTree[];
}

/**
 * An XML document as a comparable tree: names with their namespace, attributes sorted (namespace
 * declarations left out, as their prefixes do not matter), trimmed text (CDATA sections included:
 * OpenLayers writes text with markup characters as CDATA, other writers escape it). Two documents that say
 * the same thing give equal trees whatever their prefixes and attribute order.
 */
export function xmlTree(xml: string): XmlTree {
  const visit = (element: Element): XmlTree => {
    const attributes = Object.fromEntries(
      Array.from(element.attributes)
        .filter((attribute) => attribute.name !== 'xmlns' && attribute.prefix !== 'xmlns')
        .map((attribute) => [`{${attribute.namespaceURI ?? ''}}${attribute.localName}`, attribute.value])
        .sort(([a], [b]) => (a as string).localeCompare(b as string)),
    );
    const text = Array.from(element.childNodes)
      .filter((node) => node.nodeType === node.TEXT_NODE || node.nodeType === node.CDATA_SECTION_NODE)
      .map((node) => node.textContent ?? '')
      .join('')
      .trim();
    return {
      name: `{${element.namespaceURI ?? ''}}${element.localName}`,
      attributes,
      ...(text ? { text } : {}),
      children: Array.from(element.children).map(visit),
    };
  };
  return visit(parseXml(xml, 'golden').documentElement);
}

/** Compares XML with a golden file structurally; `UPDATE_GOLDEN=1` rewrites the file instead. */
export function expectGoldenXml(xml: string, file: string): void {
  const path = join(GOLDEN_DIR, file);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, `${xml}\n`);
  if (!existsSync(path)) throw new Error(`no golden file ${file}: run with UPDATE_GOLDEN=1 and review it`);
  expect(xmlTree(xml)).toEqual(xmlTree(readFileSync(path, 'utf8')));
}
