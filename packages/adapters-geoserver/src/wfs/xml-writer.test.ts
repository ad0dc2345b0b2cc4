import { begin, type XMLDocumentCB } from 'xmlbuilder';
import { describe, expect, it } from 'vitest';
import { streamXml } from './xml-writer.js';

const VALUES = ['plain', '', '福州 ok', 'a<b', 'a&amp;b', 'x > y', 'q"uote\'s', 'tab\there', 'line\nbreak', 'cr\rhere', 'emoji 😀', ']]>', 'del\u007f', 'nbsp\u00a0'];

function write(xml: XMLDocumentCB, value: string): void {
  xml.ele('root', { attribute: value }).ele('child', value).up().ele('child', { other: 'x' }).up().up().end();
}

function written(open: (onData: (chunk: string) => void) => XMLDocumentCB, value: string): string {
  const chunks: string[] = [];
  write(open((chunk) => chunks.push(chunk)), value);
  return chunks.join('');
}

describe('streamXml', () => {
  it('writes what xmlbuilder writes, every text and attribute escaped', () => {
    for (const value of VALUES) expect(written(streamXml, value), JSON.stringify(value)).toBe(written((onData) => begin(onData), value));
    expect(written(streamXml, 'a<b"&\n')).toContain('attribute="a&lt;b&quot;&amp;&#xA;"');
  });

  it('refuses what xmlbuilder refuses: bad names, control characters, lone surrogates, U+FFFF', () => {
    for (const bad of ['a\u0001', 'lone \ud83d', 'end \uffff']) {
      expect(() => written(streamXml, bad), JSON.stringify(bad)).toThrow(/Invalid character/);
    }
    expect(() => streamXml(() => undefined).ele('bad name')).toThrow(/Invalid character in name/);
    // A name checked once is still checked for the next one.
    const xml = streamXml(() => undefined).ele('root');
    xml.ele('ok').up().ele('ok').up();
    expect(() => xml.ele('1st')).toThrow(/Invalid character in name/);
  });
});
