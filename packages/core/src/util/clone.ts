/** Deep copy of plain data that keeps `Date`s (adapters must never hand out their internal state). */
export function cloneData<T>(value: T): T {
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => cloneData(item)) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = cloneData(item);
    return copy as T;
  }
  return value;
}
