/** The part of the Web Storage API the adapters use: `localStorage`, `sessionStorage` or {@link MemoryStorage}. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;
