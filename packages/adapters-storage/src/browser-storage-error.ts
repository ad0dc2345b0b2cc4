import { GportalError } from '@gportal/core';

/**
 * Browser storage refused a write: `quota` when the origin's storage is full (the previous
 * value under the key is kept, because `Storage.setItem` is all-or-nothing), `unavailable`
 * when the browser denies storage altogether (privacy settings, sandboxed frames).
 */
export class BrowserStorageError extends GportalError {
  readonly kind = 'browser-storage';
  constructor(
    readonly reason: 'quota' | 'unavailable',
    readonly key: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
