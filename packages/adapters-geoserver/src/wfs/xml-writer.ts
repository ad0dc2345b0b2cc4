import { begin, type XMLDocumentCB } from 'xmlbuilder';

/**
 * The text and attribute values `xmlbuilder` could change or refuse: markup it escapes, control
 * characters (the ones XML 1.0 refuses, and the whitespace it escapes), lone surrogates and
 * U+FFFE/U+FFFF. A value with none of them comes out of its escaping and checks unchanged, so it
 * is passed as is; any other goes through them.
 */
const TEXT_TO_CHECK = /[\p{Cc}\p{Cs}\uFFFE\uFFFF&<>]/u;
const ATTRIBUTE_TO_CHECK = /[\p{Cc}\p{Cs}\uFFFE\uFFFF&<"]/u;

/** `xmlbuilder`'s own stringifier methods, reached through the instance its overrides are called on. */
interface Stringifier {
  name(value: unknown): string;
  text(value: unknown): string;
  attValue(value: unknown): string;
}
const own = (stringifier: Stringifier): Stringifier => Object.getPrototypeOf(stringifier) as Stringifier;

/**
 * A streaming `xmlbuilder` document that hands its text to `onData`, with the per-element work
 * cut: a request repeats a few dozen names thousands of times, so each name is checked by
 * `xmlbuilder` once (per document), and values with nothing to escape or refuse skip its escaping
 * regexes. Everything else still goes through `xmlbuilder`'s own escaping and checks.
 */
export function streamXml(onData: (chunk: string) => void): XMLDocumentCB {
  const checkedNames = new Set<string>();
  return begin(
    {
      stringify: {
        name(this: Stringifier, value: unknown): string {
          if (typeof value === 'string' && checkedNames.has(value)) return value;
          const name = own(this).name.call(this, value);
          checkedNames.add(name);
          return name;
        },
        text(this: Stringifier, value: unknown): string {
          return typeof value === 'string' && !TEXT_TO_CHECK.test(value) ? value : own(this).text.call(this, value);
        },
        attValue(this: Stringifier, value: unknown): string {
          return typeof value === 'string' && !ATTRIBUTE_TO_CHECK.test(value) ? value : own(this).attValue.call(this, value);
        },
      },
    },
    onData,
  );
}
