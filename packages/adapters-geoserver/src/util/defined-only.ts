/** A copy without the keys whose value is `undefined`: an option left out keeps its default, a field left out is not sent. */
export function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
