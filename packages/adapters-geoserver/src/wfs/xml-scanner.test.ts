import { describe, expect, it } from 'vitest';
import { scanXml, XmlSyntaxError, type XmlScanHandler } from './xml-scanner.js';

/** Everything the scanner hands over, as one list of events (texts of an element joined). */
function events(xml: string): string[] {
  const seen: string[] = [];
  let text = '';
  const flush = () => {
    if (text.trim() !== '') seen.push(`text ${JSON.stringify(text)}`);
    text = '';
  };
  const handler: XmlScanHandler = {
    open(name, localName, namespace, attributes) {
      flush();
      seen.push(`open ${name} ${localName} {${namespace}} ${JSON.stringify({ ...attributes })}`);
    },
    close(name) {
      flush();
      seen.push(`close ${name}`);
    },
    text(source, start, end) {
      text += source.slice(start, end);
      return false;
    },
  };
  scanXml(xml, handler);
  return seen;
}

const NS = 'xmlns="urn:d" xmlns:p="urn:p"';

describe('scanXml', () => {
  it('reads elements, namespaces, both quote styles, self-closing elements, references, CDATA, comments and PIs', () => {
    const xml = `\uFEFF<?xml version="1.0" encoding='UTF-8' standalone="yes"?>
<!-- before --><?style x?>
<root ${NS} a='1 "2"' p:b="x&amp;y&#65;&#x42;&lt;&gt;&apos;&quot;">
  <p:child c="t\tn\nr\r\nend"/>
  <child>one &amp; two<![CDATA[ <three> & ]]>four<!-- not text -->five</child>
  <p:child xmlns:p="urn:other"><p:x/></p:child>
  <é.名-1>文本 😀</é.名-1>
</root >
<!-- after -->`;
    expect(events(xml)).toEqual([
      `open root root {urn:d} ${JSON.stringify({ xmlns: 'urn:d', 'xmlns:p': 'urn:p', a: '1 "2"', 'p:b': 'x&yAB<>\'"' })}`,
      `open p:child child {urn:p} ${JSON.stringify({ c: 't n r end' })}`,
      'close p:child',
      'open child child {urn:d} {}',
      `text ${JSON.stringify('one & two <three> & fourfive')}`,
      'close child',
      `open p:child child {urn:other} ${JSON.stringify({ 'xmlns:p': 'urn:other' })}`,
      'open p:x x {urn:other} {}',
      'close p:x',
      'close p:child',
      'open é.名-1 é.名-1 {urn:d} {}',
      `text ${JSON.stringify('文本 😀')}`,
      'close é.名-1',
      'close root',
    ]);
  });

  it('tells apart names whose characters hash alike (Aa, BB)', () => {
    expect(events('<r><Aa/><BB/><Aa></Aa></r>').filter((event) => event.startsWith('close'))).toEqual(['close Aa', 'close BB', 'close Aa', 'close r']);
  });

  it('scopes namespace declarations to their element', () => {
    expect(() => events('<r><p:a xmlns:p="urn:p"/><p:b/></r>')).toThrow(/prefix "p" is not declared/);
  });

  it.each([
    ['a DTD', '<!DOCTYPE r [<!ENTITY e "x">]><r>&e;</r>', /document type declaration/],
    ['an undeclared entity', '<r>&nbsp;</r>', /entity reference/],
    ['a bare ampersand', '<r>a & b</r>', /entity reference/],
    ['a reference to a character XML refuses', '<r>&#1;</r>', /character reference/],
    ['an undeclared element prefix', '<p:r/>', /prefix "p" is not declared/],
    ['an undeclared attribute prefix', '<r q:a="1"/>', /prefix "q" is not declared/],
    ['the same attribute twice', '<r a="1" a="2"/>', /given twice/],
    ['the same expanded attribute twice', '<r xmlns:p="urn:x" xmlns:q="urn:x" p:a="1" q:a="2"/>', /given twice/],
    ['an unquoted attribute', '<r a=1/>', /not quoted/],
    ['an attribute without a value', '<r a/>', /expected "="/],
    ['attributes without space between them', '<r a="1"b="2"/>', /expected whitespace/],
    ['"<" in an attribute value', '<r a="<"/>', /"<" in the value/],
    ['a mismatched end tag', '<r><a></b></r>', /<\/b> closes <a>/],
    ['an end tag that closes nothing', '</r>', /closes nothing/],
    ['an unclosed element', '<r><a>', /ends inside <a>/],
    ['a second root', '<r/><s/>', /second root/],
    ['text outside the root', '<r/>x', /text outside the root/],
    ['no root', '<!-- only a comment -->', /no root element/],
    ['a name that is not an XML name', '<1r/>', /not an XML name/],
    ['a name with two colons', '<a:b:c/>', /not a qualified name/],
    ['a control character', '<r>a\u0001b</r>', /U\+0001/],
    ['a lone surrogate', '<r>a\uD800b</r>', /U\+D800/],
    ['U+FFFF', '<r>\uFFFF</r>', /U\+FFFF/],
    ["']]>' in text", '<r>a]]>b</r>', /']]>' in text/],
    ['"--" in a comment', '<r><!-- a -- b --></r>', /"--" inside a comment/],
    ['an unclosed comment', '<r><!-- a </r>', /not closed/],
    ['an unclosed CDATA section', '<r><![CDATA[ a </r>', /not closed/],
    ['a CDATA section outside the root', '<![CDATA[x]]><r/>', /outside the root/],
    ['an XML declaration not at the start', ' <?xml version="1.0"?><r/>', /XML declaration/],
    ['a malformed XML declaration', '<?xml version="2"?><r/>', /malformed XML declaration/],
    ['other markup', '<r><!ELEMENT r ANY></r>', /not a comment or a CDATA section/],
    ['a prefix bound to nothing', '<r xmlns:p=""/>', /cannot be undeclared/],
  ])('refuses %s with an XmlSyntaxError', (_kind, xml, message) => {
    expect(() => events(xml)).toThrow(XmlSyntaxError);
    expect(() => events(xml)).toThrow(message);
  });

  it('lets a handler check the characters of the texts it reads itself', () => {
    const ranges: string[] = [];
    scanXml('<r>1 2<a/>3\u0001</r>', {
      open: () => undefined,
      close: () => undefined,
      text(source, start, end) {
        ranges.push(source.slice(start, end));
        return true;
      },
    });
    expect(ranges).toEqual(['1 2', '3\u0001']);
    expect(() => events('<r>1 2<a/>3\u0001</r>')).toThrow(/U\+0001/);
  });
});
