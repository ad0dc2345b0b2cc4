import fc from 'fast-check';
import { begin, type XMLDocumentCB } from 'xmlbuilder';
import { describe, expect, it } from 'vitest';
import { streamXml, type XmlStream } from './xml-writer.js';

/**
 * `xmlbuilder`'s callback writer (a development dependency only) is the independent writer the
 * project's own is held to: the same calls give the same text, and what one refuses the other does.
 */
type Writer = XmlStream | XMLDocumentCB;

const VALUES = ['plain', '', '福州 ok', 'a<b', 'a&amp;b', 'x > y', 'q"uote\'s', 'tab\there', 'line\nbreak', 'cr\rhere', 'emoji 😀', ']]>', 'del\u007f', 'nbsp\u00a0'];

function write(xml: Writer, value: string): void {
  xml.ele('root', { attribute: value }).ele('child', value).up().ele('child', { other: 'x' }).up().up().end();
}

function written(open: (onData: (chunk: string) => void) => Writer, build: (xml: Writer) => void): string {
  const chunks: string[] = [];
  build(open((chunk) => chunks.push(chunk)));
  return chunks.join('');
}

const ours = (onData: (chunk: string) => void): Writer => streamXml(onData);
const theirs = (onData: (chunk: string) => void): Writer => begin(onData);

/** A tree of elements with attributes, text and raw markup, as the request writers build them. */
interface Node {
  name: string;
  attributes: Record<string, string>;
  text?: string;
  raw?: string;
  children: Node[];
}
const NAMES = ['wfs:Query', 'Filter', 'gml:posList', 'a', 'x_1', 'Ü-name', '名称'];
function nodeArbitrary(depth: number): fc.Arbitrary<Node> {
  return fc.record({
    name: fc.constantFrom(...NAMES),
    attributes: fc.dictionary(fc.constantFrom('srsName', 'typeName', 'xmlns:cite', 'handle'), fc.string({ unit: 'grapheme' }), { maxKeys: 3 }),
    text: fc.option(fc.string({ unit: 'grapheme' }), { nil: undefined }),
    raw: fc.option(fc.constantFrom('1 2 3 4', '<x/>'), { nil: undefined }),
    children: depth === 0 ? fc.constant([]) : fc.array(nodeArbitrary(depth - 1), { maxLength: 3 }),
  });
}

function build(node: Node): (xml: Writer) => void {
  const writeNode = (xml: Writer, current: Node): void => {
    if (current.text === undefined) xml.ele(current.name, current.attributes);
    else xml.ele(current.name, current.attributes, current.text);
    if (current.raw !== undefined) xml.raw(current.raw);
    for (const child of current.children) writeNode(xml, child);
    xml.up();
  };
  return (xml) => {
    writeNode(xml, node);
    xml.end();
  };
}

describe('streamXml', () => {
  it('writes what xmlbuilder writes, every text and attribute escaped', () => {
    for (const value of VALUES) expect(written(ours, (xml) => write(xml, value)), JSON.stringify(value)).toBe(written(theirs, (xml) => write(xml, value)));
    expect(written(ours, (xml) => write(xml, 'a<b"&\n'))).toContain('attribute="a&lt;b&quot;&amp;&#xA;"');
    expect(written(ours, (xml) => xml.ele('a', 'x').up().end())).toBe('<a>x</a>');
    expect(written(ours, (xml) => xml.ele('a', { b: '1', none: undefined }).ele('c').up().end())).toBe('<a b="1"><c/></a>');
  });

  it('writes what xmlbuilder writes for any tree of elements, attributes, text and raw markup', () => {
    fc.assert(
      fc.property(nodeArbitrary(3), (node) => {
        const run = (open: typeof ours): string => {
          try {
            return written(open, build(node));
          } catch (error) {
            return `refused: ${(error as Error).message.split(':')[0]}`;
          }
        };
        expect(run(ours)).toBe(run(theirs));
      }),
      { numRuns: 500, seed: 20261202 },
    );
  });

  it('refuses what xmlbuilder refuses: bad names, control characters, lone surrogates, U+FFFF', () => {
    for (const bad of ['a\u0001', 'lone \ud83d', 'end \uffff', 'low \udc00 first']) {
      expect(() => written(ours, (xml) => write(xml, bad)), JSON.stringify(bad)).toThrow(/Invalid character/);
      expect(() => written(theirs, (xml) => write(xml, bad)), JSON.stringify(bad)).toThrow(/Invalid character/);
    }
    expect(() => streamXml(() => undefined).ele('bad name')).toThrow(/Invalid character in name/);
    expect(() => streamXml(() => undefined).ele('a', { 'bad name': 'x' })).toThrow(/Invalid character in name/);
    // A name checked once is still checked for the next one.
    const xml = streamXml(() => undefined).ele('root');
    xml.ele('ok').up().ele('ok').up();
    expect(() => xml.ele('1st')).toThrow(/Invalid character in name/);
    // One root, and no closing past it.
    const closed = streamXml(() => undefined).ele('root').up();
    expect(() => closed.ele('second')).toThrow(/one root/);
    expect(() => closed.up()).toThrow(/no parent/);
    // Nothing beside the root: xmlbuilder writes `a` and `<a/>b` here, which no parser reads as a document.
    expect(() => streamXml(() => undefined).text('a')).toThrow(/only be written inside an element/);
    expect(() => streamXml(() => undefined).raw('<a/>')).toThrow(/only be written inside an element/);
    expect(() => closed.text('b')).toThrow(/only be written inside an element/);
  });
});
