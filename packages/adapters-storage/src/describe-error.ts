/** The message of anything thrown; DOMExceptions are not `Error`s in every environment (jsdom). */
export function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}
