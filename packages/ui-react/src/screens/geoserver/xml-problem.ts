/**
 * Why `text` is not a well-formed XML document, or `undefined` when it is. The platform's own
 * parser decides: a parse error comes back as a `parsererror` element instead of a throw.
 */
export function xmlProblem(text: string): string | undefined {
  if (text.trim() === '') return 'empty';
  const document = new DOMParser().parseFromString(text, 'application/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (!error) return undefined;
  // Chromium puts the reason in a <div> beside the heading; other engines in the element's text.
  const reason = error.querySelector('div')?.textContent ?? error.textContent ?? '';
  return reason.trim() || 'parse error';
}
