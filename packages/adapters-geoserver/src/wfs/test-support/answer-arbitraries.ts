import fc from 'fast-check';

/*
 * fast-check arbitraries of hostile answers for the property suites of the readers: captured
 * answers cut and spliced at random, documents built from a reader's own vocabulary with
 * hostile numbers and texts, and plain random text.
 */

/** Texts a server, a proxy or an attacker could put where a reader expects a number or a name. */
export const HOSTILE_TEXTS = ['NaN', 'INF', '-INF', 'Infinity', '1e400', '-1e400', '1abc', '0x10', '', ' ', '1,2', '&amp;', '&#0;', '<', ']]>', '-0', '9'.repeat(400), '\u{1F600}', '\uD800', '福州'] as const;

/** A number, as text, or one of {@link HOSTILE_TEXTS}. */
export const numberText = fc.oneof(fc.double().map(String), fc.integer().map(String), fc.constantFrom(...HOSTILE_TEXTS));

/** What a splice puts into an answer: markup that changes its structure, or hostile text. */
const SPLICES = ['<', '>', '</', '/>', '<a>', '</a>', '<!--', '-->', '<![CDATA[', ']]>', '<!DOCTYPE x>', '&', '&lt;', '"', "'", '{', '}', '[', ']', ',', ':', 'null', '"x"', '1e400', 'NaN'];

/**
 * An answer damaged at random: up to four edits, each cutting a range, inserting a splice or
 * both; the answer as captured is among the values too.
 */
export function damaged(answers: readonly string[]): fc.Arbitrary<string> {
  const edit = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), cut: fc.nat({ max: 40 }), insert: fc.oneof(fc.constantFrom(...SPLICES, ...HOSTILE_TEXTS), fc.string({ maxLength: 8 })) });
  return fc.tuple(fc.constantFrom(...answers), fc.array(edit, { maxLength: 4 })).map(([answer, edits]) =>
    edits.reduce((text, { at, cut, insert }) => {
      const index = Math.floor(at * text.length);
      return text.slice(0, index) + insert + text.slice(index + cut);
    }, answer),
  );
}

/** An element of a reader's vocabulary: namespaced names, attributes with hostile values, mixed content. */
interface XmlElement {
  name: string;
  attributes: Array<[string, string]>;
  children: Array<XmlElement | string>;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function serialize(element: XmlElement, namespaces = ''): string {
  const attributes = element.attributes.map(([name, value]) => ` ${name}="${escapeText(value)}"`).join('');
  const children = element.children.map((child) => (typeof child === 'string' ? escapeText(child) : serialize(child))).join('');
  return `<${element.name}${namespaces}${attributes}>${children}</${element.name}>`;
}

export interface Vocabulary {
  /** The root's qualified name(s). */
  roots: readonly string[];
  /** Qualified names of the elements below it. */
  elements: readonly string[];
  attributes: readonly string[];
  /** `xmlns` declarations put on the root, so every prefix above is bound. */
  namespaces: Readonly<Record<string, string>>;
}

/** A well-formed document of the vocabulary, with hostile values; nesting kept small but varied. */
export function documentOf(vocabulary: Vocabulary): fc.Arbitrary<string> {
  // A lone surrogate among the hostile texts makes a document that is not well-formed: refused, as it should be.
  const text = fc.oneof(numberText, fc.string({ maxLength: 12 }));
  const attributes = fc.uniqueArray(fc.tuple(fc.constantFrom(...vocabulary.attributes), numberText), { maxLength: 3, selector: ([name]) => name });
  const { element } = fc.letrec<{ element: XmlElement }>((tie) => ({
    element: fc.record({
      name: fc.constantFrom(...vocabulary.elements),
      attributes,
      children: fc.array(fc.oneof({ depthSize: 'small', withCrossShrink: true }, text, tie('element')), { maxLength: 4 }),
    }),
  }));
  const declarations = Object.entries(vocabulary.namespaces)
    .map(([prefix, uri]) => ` xmlns${prefix ? `:${prefix}` : ''}="${uri}"`)
    .join('');
  return fc
    .record({ name: fc.constantFrom(...vocabulary.roots), attributes, children: fc.array(element, { maxLength: 5 }) })
    .map((root) => serialize(root, declarations));
}
