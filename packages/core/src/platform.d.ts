/**
 * The platform's deep copy (every browser, Node ≥ 17), which keeps `Date`s. Declared here because
 * the core compiles with neither DOM nor Node types; packages that have those declare it already.
 */
declare function structuredClone<T>(value: T): T;
