/**
 * A strict, streaming scanner for the XML of GetFeature answers, driven by its handler (the GML
 * reader). It exists because a general streaming parser checks every character of an answer in
 * JavaScript and hands its text over as strings, while a feature collection is mostly numbers:
 * here the text between tags is found with `indexOf` and handed over as a range of the answer, so
 * the GML reader turns a `posList` into numbers in one pass without a copy.
 *
 * What it accepts is well-formed XML 1.0 with namespaces: the XML declaration, elements (self-closing
 * or not) with attributes in either quote style, text with the predefined entities and character
 * references, CDATA sections, comments and processing instructions; element and attribute prefixes
 * must be declared. Everything else (a DTD, undeclared entities, a prefix without a declaration,
 * mismatched tags, characters XML does not allow, text outside the root, elements nested deeper
 * than {@link XML_MAX_DEPTH}) is refused with an {@link XmlSyntaxError}. Characters of a text range are checked by the scanner unless its handler
 * has read every one of them with a parser that accepts only legal characters (see `text`).
 */

/** What the scanner hands over. */
export interface XmlScanHandler {
  /** An element opened: its qualified name, local name, namespace and attributes (qualified names, declarations included). */
  open(name: string, localName: string, namespace: string, attributes: Readonly<Record<string, string>>): void;
  close(name: string, localName: string): void;
  /**
   * Text inside the root element: `source.slice(start, end)` (references already resolved when
   * `source` is not the answer). Returns true only when the handler took it upon itself to check
   * every character of the range (`checkCharacters`) or to read them with a parser that refuses
   * anything else; the scanner checks the others.
   */
  text(source: string, start: number, end: number): boolean;
}

/** The answer is not XML the scanner accepts; `position` is the offset in the text. */
export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at offset ${position}`);
    this.name = 'XmlSyntaxError';
  }
}

/** XML 1.0's `NameStartChar` (fifth edition). */
function isNameStart(code: number): boolean {
  return (
    code === 58 || (code >= 65 && code <= 90) || code === 95 || (code >= 97 && code <= 122) ||
    (code >= 0xc0 && code <= 0xd6) || (code >= 0xd8 && code <= 0xf6) || (code >= 0xf8 && code <= 0x2ff) ||
    (code >= 0x370 && code <= 0x37d) || (code >= 0x37f && code <= 0x1fff) || code === 0x200c || code === 0x200d ||
    (code >= 0x2070 && code <= 0x218f) || (code >= 0x2c00 && code <= 0x2fef) || (code >= 0x3001 && code <= 0xd7ff) ||
    (code >= 0xf900 && code <= 0xfdcf) || (code >= 0xfdf0 && code <= 0xfffd) || (code >= 0x10000 && code <= 0xeffff)
  );
}

/** XML 1.0's `NameChar`. */
function isNameCharacter(code: number): boolean {
  return isNameStart(code) || code === 45 || code === 46 || (code >= 48 && code <= 57) || code === 0xb7 || (code >= 0x300 && code <= 0x36f) || code === 0x203f || code === 0x2040;
}

/** XML 1.0's `Name` production (a lone surrogate is no character of a name). */
function isXmlName(name: string): boolean {
  let first = true;
  for (const character of name) {
    const code = character.codePointAt(0) as number;
    if (first ? !isNameStart(code) : !isNameCharacter(code)) return false;
    first = false;
  }
  return !first;
}

const REFERENCE = /&(?:(lt|gt|amp|apos|quot)|#([0-9]+)|#x([0-9a-fA-F]+));/y;
const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };
const XML_DECLARATION = /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?:"1\.[0-9]+"|'1\.[0-9]+')(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\r\n]*\?>/;
/** The attributes of every element that has none. */
const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze(Object.create(null) as Record<string, string>);
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

function indexOrInfinity(index: number): number {
  return index < 0 ? Infinity : index;
}

function isLegalCodePoint(code: number): boolean {
  return code === 9 || code === 10 || code === 13 || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

/** Refuses a character XML 1.0 does not allow in `source.slice(start, end)` (surrogates only as pairs). */
export function checkCharacters(source: string, start: number, end: number): void {
  for (let index = start; index < end; index += 1) {
    const code = source.charCodeAt(index);
    if (code >= 0x20 && code < 0xd800) continue;
    if (code === 9 || code === 10 || code === 13 || (code >= 0xe000 && code <= 0xfffd)) continue;
    if (code >= 0xd800 && code <= 0xdbff) {
      const low = source.charCodeAt(index + 1);
      if (index + 1 < end && low >= 0xdc00 && low <= 0xdfff) {
        index += 1;
        continue;
      }
    }
    throw new XmlSyntaxError(`character U+${code.toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML`, index);
  }
}

/** `text.slice(start, end)` with its references resolved (its characters already checked); errors name `offset + ` their index. */
function resolveReferences(text: string, start: number, end: number, offset = 0): string {
  let resolved = '';
  let from = start;
  for (let amp = text.indexOf('&', start); amp >= 0 && amp < end; amp = text.indexOf('&', from)) {
    REFERENCE.lastIndex = amp;
    const match = REFERENCE.exec(text);
    if (!match || REFERENCE.lastIndex > end) throw new XmlSyntaxError('an entity reference other than &lt; &gt; &amp; &apos; &quot; or a character reference', offset + amp);
    let character: string;
    if (match[1] !== undefined) character = PREDEFINED[match[1]] as string;
    else {
      const code = match[2] !== undefined ? Number(match[2]) : parseInt(match[3] as string, 16);
      if (!isLegalCodePoint(code)) throw new XmlSyntaxError('a character reference to a character XML does not allow', offset + amp);
      character = String.fromCodePoint(code);
    }
    resolved += text.slice(from, amp) + character;
    from = REFERENCE.lastIndex;
  }
  return resolved + text.slice(from, end);
}

/**
 * How deep elements may nest: libxml2's limit, so an answer refused in Chromium's DOMParser is
 * refused here too. OGC answers nest a dozen levels; an answer nested a hundred thousand deep is
 * refused at once instead of overflowing the stack of a DOM (25 s in jsdom).
 */
export const XML_MAX_DEPTH = 256;

/** A handler that reads nothing: scanning with it checks that a document is well-formed. */
export const CHECK_ONLY: XmlScanHandler = { open: () => undefined, close: () => undefined, text: () => false };

/**
 * Scans `source` once, calling `handler` for every element and text. Throws {@link XmlSyntaxError}
 * on anything it does not accept; errors thrown by the handler pass through.
 */
export function scanXml(source: string, handler: XmlScanHandler): void {
  new XmlScanner(source, handler).scan();
}

class XmlScanner {
  private position = 0;
  /** Qualified names of the open elements. */
  private readonly open: string[] = [];
  private readonly localNames: string[] = [];
  /** Namespace bindings in scope, and per open element the bindings it replaced. */
  private readonly namespaces = new Map<string, string>([
    ['xml', XML_NAMESPACE],
    ['xmlns', XMLNS_NAMESPACE],
  ]);
  private readonly replaced: Array<Array<[string, string | undefined]> | undefined> = [];
  /** Names already checked against `NAME` (answers repeat a few dozen names). */
  private readonly names = new Set<string>();
  /** Element names by the hash of their characters (the last one seen per hash). */
  private readonly elementNames = new Map<number, string>();
  private rootSeen = false;
  /** The next `&` and `]]>` at or after the current text (Infinity: none), found once for many texts. */
  private nextReference = -1;
  private nextCdataEnd = -1;

  constructor(
    private readonly source: string,
    private readonly handler: XmlScanHandler,
  ) {}

  private fail(message: string, position = this.position): never {
    throw new XmlSyntaxError(message, position);
  }

  scan(): void {
    const source = this.source;
    if (source.charCodeAt(0) === 0xfeff) this.position = 1;
    if (source.startsWith('<?xml', this.position) && (isSpace(source.charCodeAt(this.position + 5)) || source.startsWith('?>', this.position + 5))) {
      const declaration = XML_DECLARATION.exec(source.slice(this.position, source.indexOf('?>', this.position) + 2));
      if (!declaration) this.fail('malformed XML declaration');
      this.position += declaration[0].length;
    }
    const end = source.length;
    while (this.position < end) {
      const lt = source.indexOf('<', this.position);
      const textEnd = lt < 0 ? end : lt;
      if (textEnd > this.position) this.text(this.position, textEnd);
      if (lt < 0) break;
      this.position = lt;
      const next = source.charCodeAt(lt + 1);
      if (next === 47) this.closeTag(); // </
      else if (next === 33) this.declaration(); // <!
      else if (next === 63) this.processingInstruction(); // <?
      else this.openTag();
    }
    if (this.open.length > 0) this.fail(`the document ends inside <${this.open[this.open.length - 1] as string}>`, end);
    if (!this.rootSeen) this.fail('no root element', end);
  }

  private text(start: number, end: number): void {
    const source = this.source;
    if (this.open.length === 0) {
      for (let index = start; index < end; index += 1) {
        if (!isSpace(source.charCodeAt(index))) this.fail('text outside the root element', index);
      }
      return;
    }
    if (this.nextCdataEnd < start) this.nextCdataEnd = indexOrInfinity(source.indexOf(']]>', start));
    if (this.nextCdataEnd < end) this.fail("']]>' in text", this.nextCdataEnd);
    if (this.nextReference < start) this.nextReference = indexOrInfinity(source.indexOf('&', start));
    if (this.nextReference < end) {
      checkCharacters(source, start, end);
      const decoded = resolveReferences(source, start, end);
      this.handler.text(decoded, 0, decoded.length);
      return;
    }
    if (!this.handler.text(source, start, end)) checkCharacters(source, start, end);
  }

  private name(start: number, end: number): string {
    const name = this.source.slice(start, end);
    if (this.names.has(name)) return name;
    if (!isXmlName(name)) this.fail(`"${name}" is not an XML name`, start);
    const colon = name.indexOf(':');
    if (colon === 0 || colon === name.length - 1 || (colon > 0 && name.indexOf(':', colon + 1) >= 0)) this.fail(`"${name}" is not a qualified name`, start);
    this.names.add(name);
    return name;
  }

  /**
   * The element name at `start`–`end`: a name seen before is found by the hash of its characters
   * and compared in place, so the thousands of tags of an answer cost no new string each.
   */
  private elementName(start: number, end: number, hash: number): string {
    const seen = this.elementNames.get(hash);
    if (seen !== undefined && seen.length === end - start && this.source.startsWith(seen, start)) return seen;
    const name = this.name(start, end);
    this.elementNames.set(hash, name);
    return name;
  }

  private skipSpace(): number {
    const source = this.source;
    const from = this.position;
    while (isSpace(source.charCodeAt(this.position))) this.position += 1;
    return this.position - from;
  }

  private namespaceOf(name: string, isAttribute: boolean, at: number): string {
    const colon = name.indexOf(':');
    if (colon < 0) return isAttribute ? '' : (this.namespaces.get('') ?? '');
    const prefix = name.slice(0, colon);
    const namespace = this.namespaces.get(prefix);
    if (namespace === undefined) this.fail(`the prefix "${prefix}" is not declared`, at);
    return namespace;
  }

  private openTag(): void {
    const source = this.source;
    if (this.open.length === 0 && this.rootSeen) this.fail('a second root element');
    const nameStart = this.position + 1;
    let index = nameStart;
    let hash = 0;
    for (let code = source.charCodeAt(index); index < source.length && !isSpace(code) && code !== 47 && code !== 62; code = source.charCodeAt(++index)) hash = (hash * 31 + code) | 0;
    const name = this.elementName(nameStart, index, hash);
    if (this.open.length >= XML_MAX_DEPTH) this.fail(`elements nested deeper than ${XML_MAX_DEPTH} levels`, nameStart - 1);
    this.position = index;
    let attributes = NO_ATTRIBUTES as Record<string, string>;
    let replaced: Array<[string, string | undefined]> | undefined;
    let prefixedAttributes = 0;
    let selfClosing = false;
    for (;;) {
      const spaced = this.skipSpace();
      const code = source.charCodeAt(this.position);
      if (code === 62) {
        this.position += 1;
        break;
      }
      if (code === 47 && source.charCodeAt(this.position + 1) === 62) {
        this.position += 2;
        selfClosing = true;
        break;
      }
      if (this.position >= source.length) this.fail(`the document ends inside <${name}>`);
      if (spaced === 0) this.fail(`expected whitespace, ">" or "/>" in <${name}>`);
      const attributeStart = this.position;
      let attributeEnd = attributeStart;
      for (let c = source.charCodeAt(attributeEnd); attributeEnd < source.length && !isSpace(c) && c !== 61 && c !== 62 && c !== 47; c = source.charCodeAt(++attributeEnd));
      const attribute = this.name(attributeStart, attributeEnd);
      this.position = attributeEnd;
      this.skipSpace();
      if (source.charCodeAt(this.position) !== 61) this.fail(`expected "=" after the attribute ${attribute}`);
      this.position += 1;
      this.skipSpace();
      const quote = source.charCodeAt(this.position);
      if (quote !== 34 && quote !== 39) this.fail(`the value of ${attribute} is not quoted`);
      const valueStart = this.position + 1;
      const valueEnd = source.indexOf(quote === 34 ? '"' : "'", valueStart);
      if (valueEnd < 0) this.fail(`the value of ${attribute} is not closed`);
      const lt = source.indexOf('<', valueStart);
      if (lt >= 0 && lt < valueEnd) this.fail(`"<" in the value of ${attribute}`, lt);
      // Most elements have no attributes and share one empty object; the others get a map without a prototype.
      if (attributes === NO_ATTRIBUTES) attributes = Object.create(null) as Record<string, string>;
      if (Object.hasOwn(attributes, attribute)) this.fail(`the attribute ${attribute} is given twice`, attributeStart);
      attributes[attribute] = this.attributeValue(valueStart, valueEnd);
      this.position = valueEnd + 1;
      if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) {
        const prefix = attribute === 'xmlns' ? '' : attribute.slice(6);
        const namespace = attributes[attribute] as string;
        if (prefix === 'xmlns' || (prefix === 'xml') !== (namespace === XML_NAMESPACE) || namespace === XMLNS_NAMESPACE) this.fail(`${attribute} cannot be declared as "${namespace}"`, attributeStart);
        if (prefix !== '' && namespace === '') this.fail(`the prefix ${prefix} cannot be undeclared in XML 1.0`, attributeStart);
        (replaced ??= []).push([prefix, this.namespaces.get(prefix)]);
        this.namespaces.set(prefix, namespace);
      } else if (attribute.includes(':')) prefixedAttributes += 1;
    }
    const at = nameStart;
    const namespace = this.namespaceOf(name, false, at);
    if (prefixedAttributes > 0) this.checkAttributeNamespaces(attributes, prefixedAttributes, at);
    this.rootSeen = true;
    this.open.push(name);
    const colon = name.indexOf(':');
    const localName = colon < 0 ? name : name.slice(colon + 1);
    this.localNames.push(localName);
    this.replaced.push(replaced);
    this.handler.open(name, localName, namespace, attributes);
    if (selfClosing) this.closeElement();
  }

  /** Every prefixed attribute's prefix is declared, and no two name the same namespace and local name. */
  private checkAttributeNamespaces(attributes: Readonly<Record<string, string>>, prefixed: number, at: number): void {
    const expanded = prefixed > 1 ? new Set<string>() : undefined;
    for (const attribute in attributes) {
      const colon = attribute.indexOf(':');
      if (colon < 0 || attribute.startsWith('xmlns:')) continue;
      const namespace = this.namespaceOf(attribute, true, at);
      if (!expanded) continue;
      const key = `{${namespace}}${attribute.slice(colon + 1)}`;
      if (expanded.has(key)) this.fail(`the attribute ${key} is given twice`, at);
      expanded.add(key);
    }
  }

  /** An attribute value: literal tabs and line ends normalised to spaces (XML's rule for undeclared attributes), then references resolved. */
  private attributeValue(start: number, end: number): string {
    checkCharacters(this.source, start, end);
    let raw = this.source.slice(start, end);
    if (/[\t\n\r]/.test(raw)) raw = raw.replace(/\r\n?/g, '\n').replace(/[\t\n]/g, ' ');
    return raw.includes('&') ? resolveReferences(raw, 0, raw.length, start) : raw;
  }

  private closeTag(): void {
    const source = this.source;
    const nameStart = this.position + 2;
    const expected = this.open[this.open.length - 1];
    // The name must be the open element's: compared in place, sliced only for the message.
    const nameEnd = nameStart + (expected?.length ?? 0);
    const after = source.charCodeAt(nameEnd);
    if (expected === undefined || !source.startsWith(expected, nameStart) || !(after === 62 || isSpace(after))) {
      let index = nameStart;
      for (let code = source.charCodeAt(index); index < source.length && !isSpace(code) && code !== 62; code = source.charCodeAt(++index));
      const name = source.slice(nameStart, index);
      this.fail(expected === undefined ? `</${name}> closes nothing` : `</${name}> closes <${expected}>`, nameStart - 2);
    }
    this.position = nameEnd;
    this.skipSpace();
    if (source.charCodeAt(this.position) !== 62) this.fail(`expected ">" to close </${expected}>`);
    this.position += 1;
    this.closeElement();
  }

  private closeElement(): void {
    const name = this.open.pop() as string;
    const localName = this.localNames.pop() as string;
    const replaced = this.replaced.pop();
    this.handler.close(name, localName);
    if (replaced) {
      for (let index = replaced.length - 1; index >= 0; index -= 1) {
        const [prefix, previous] = replaced[index] as [string, string | undefined];
        if (previous === undefined) this.namespaces.delete(prefix);
        else this.namespaces.set(prefix, previous);
      }
    }
  }

  /** `<!--`, `<![CDATA[`; a DTD (`<!DOCTYPE`) is refused: its entities are not read. */
  private declaration(): void {
    const source = this.source;
    const start = this.position;
    if (source.startsWith('<!--', start)) {
      const end = source.indexOf('-->', start + 4);
      if (end < 0) this.fail('a comment is not closed');
      const doubleHyphen = source.indexOf('--', start + 4);
      if (doubleHyphen < end) this.fail('"--" inside a comment', doubleHyphen);
      checkCharacters(source, start + 4, end);
      this.position = end + 3;
      return;
    }
    if (source.startsWith('<![CDATA[', start)) {
      if (this.open.length === 0) this.fail('a CDATA section outside the root element');
      const contentStart = start + 9;
      const end = source.indexOf(']]>', contentStart);
      if (end < 0) this.fail('a CDATA section is not closed');
      checkCharacters(source, contentStart, end);
      const content = source.slice(contentStart, end);
      this.handler.text(content, 0, content.length);
      this.position = end + 3;
      return;
    }
    if (source.startsWith('<!DOCTYPE', start)) this.fail('a document type declaration (DTD) is not accepted in an answer');
    this.fail('markup that is not a comment or a CDATA section');
  }

  private processingInstruction(): void {
    const source = this.source;
    const start = this.position;
    const end = source.indexOf('?>', start + 2);
    if (end < 0) this.fail('a processing instruction is not closed');
    let targetEnd = start + 2;
    for (let code = source.charCodeAt(targetEnd); targetEnd < end && !isSpace(code); code = source.charCodeAt(++targetEnd));
    const target = this.name(start + 2, targetEnd);
    if (target.toLowerCase() === 'xml') this.fail('an XML declaration that is not at the start of the document');
    if (targetEnd < end && !isSpace(source.charCodeAt(targetEnd))) this.fail('malformed processing instruction');
    checkCharacters(source, targetEnd, end);
    this.position = end + 2;
  }
}
