/**
 * The characters XML 1.0 refuses in a document (https://www.w3.org/TR/xml/#charsets): controls
 * other than tab, line feed and carriage return, lone surrogates, U+FFFE and U+FFFF.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const ILLEGAL_CHARACTER = /[\0-\x08\x0B\f\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
/** An XML 1.0 `Name` (its `NameStartChar`, then `NameChar`s), prefixed names included. */
const NAME =
  // eslint-disable-next-line no-misleading-character-class -- U+200C and U+200D are name characters of their own in XML, not a joined sequence
  /^(?:[:A-Z_a-z\xC0-\xD6\xD8-\xF6\xF8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]|[\uD800-\uDB7F][\uDC00-\uDFFF])(?:[-.0-:A-Z_a-z\xB7\xC0-\xD6\xD8-\xF6\xF8-\u037D\u037F-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]|[\uD800-\uDB7F][\uDC00-\uDFFF])*$/;
/** What a text or an attribute value may need escaped or refused; a value with none of it is written as it is. */
const TEXT_TO_CHECK = /[\p{Cc}\p{Cs}\uFFFE\uFFFF&<>]/u;
const ATTRIBUTE_TO_CHECK = /[\p{Cc}\p{Cs}\uFFFE\uFFFF&<"]/u;

const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
/** An attribute's whitespace is escaped too, so a parser's attribute-value normalisation gives it back as written. */
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '"': '&quot;', '\t': '&#x9;', '\n': '&#xA;', '\r': '&#xD;' };

function legal(value: string): string {
  const illegal = ILLEGAL_CHARACTER.exec(value);
  if (illegal) throw new Error(`Invalid character in string: ${value} at index ${illegal.index}`);
  return value;
}

function escapedText(value: string): string {
  return TEXT_TO_CHECK.test(value) ? legal(value).replace(/[&<>\r]/g, (char) => TEXT_ESCAPES[char] ?? char) : value;
}

function escapedAttribute(value: string): string {
  return ATTRIBUTE_TO_CHECK.test(value) ? legal(value).replace(/[&<"\t\n\r]/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char) : value;
}

/** An attribute's value: left out when `undefined` or `null`. */
export type XmlAttributes = Readonly<Record<string, string | number | undefined | null>>;

/**
 * A streaming XML writer: elements opened with {@link ele} and closed with {@link up}, each piece
 * handed to `onData` as soon as it is known (an element is written `<a/>` when it is closed with
 * nothing in it). Names are checked to be XML names, every text and attribute value is escaped,
 * and a character XML cannot hold (a control character, a lone surrogate, U+FFFE, U+FFFF) is
 * refused with an error, never written. The same text as `xmlbuilder`'s callback writer, which its
 * test compares it with; a request repeats a few dozen names thousands of times, so each name is
 * checked once per document.
 */
export class XmlStream {
  private readonly open: string[] = [];
  /** The element whose start tag is not written yet: it may still turn out empty. */
  private pending: { name: string; attributes: string } | null = null;
  private readonly checkedNames = new Set<string>();
  private rootWritten = false;

  constructor(private readonly onData: (chunk: string) => void) {}

  /** Opens an element, with its attributes (in the order given) and text; the text may be given in the attributes' place. */
  ele(name: string, attributesOrText?: XmlAttributes | string, text?: string): this {
    if (this.open.length === 0 && this.rootWritten) throw new Error(`Document can only have one root node. node: <${name}>`);
    this.writePending();
    const attributes = typeof attributesOrText === 'string' ? undefined : attributesOrText;
    const content = typeof attributesOrText === 'string' ? attributesOrText : text;
    let written = '';
    if (attributes) {
      for (const [attribute, value] of Object.entries(attributes)) {
        if (value !== undefined && value !== null) written += ` ${this.name(attribute)}="${escapedAttribute(String(value))}"`;
      }
    }
    this.pending = { name: this.name(name), attributes: written };
    this.open.push(this.pending.name);
    this.rootWritten = true;
    if (content !== undefined) this.text(content);
    return this;
  }

  /** Text inside the open element, escaped. */
  text(value: string): this {
    this.insideAnElement('Text');
    this.writePending();
    this.onData(escapedText(value));
    return this;
  }

  /** Markup inside the open element, written as it is: the caller answers for it (numbers the writer formatted itself). */
  raw(markup: string): this {
    this.insideAnElement('Markup');
    this.writePending();
    this.onData(markup);
    return this;
  }

  /** Closes the open element. */
  up(): this {
    const name = this.open.pop();
    if (name === undefined) throw new Error('The document node has no parent.');
    if (this.pending) {
      this.onData(`<${name}${this.pending.attributes}/>`);
      this.pending = null;
    } else {
      this.onData(`</${name}>`);
    }
    return this;
  }

  /** Closes every element still open. */
  end(): void {
    while (this.open.length > 0) this.up();
  }

  /** Text or markup beside the root would not be a well-formed document (xmlbuilder writes it; this writer refuses). */
  private insideAnElement(what: string): void {
    if (this.open.length === 0) throw new Error(`${what} can only be written inside an element.`);
  }

  private writePending(): void {
    if (!this.pending) return;
    this.onData(`<${this.pending.name}${this.pending.attributes}>`);
    this.pending = null;
  }

  private name(value: string): string {
    if (this.checkedNames.has(value)) return value;
    if (!NAME.test(legal(value))) throw new Error(`Invalid character in name: ${value}`);
    this.checkedNames.add(value);
    return value;
  }
}

/** A streaming XML document that hands its text to `onData` ({@link XmlStream}). */
export function streamXml(onData: (chunk: string) => void): XmlStream {
  return new XmlStream(onData);
}
