/** A call's answer as the result area shows it: text (an SLD, a name) as is, anything else as indented JSON. */
export function formatResult(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

