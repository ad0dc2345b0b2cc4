/** The limits the readers keep, in one place. */
export const FILE_LIMITS = {
  /** The largest file read: 200 MiB. */
  maxBytes: 200 * 1024 * 1024,
} as const;
