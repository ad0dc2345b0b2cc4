import { USER_CACHE, type UserCache } from '@gportal/core';
import { useCallback, useEffect, useState } from 'react';
import { useOptionalService } from './services';

/**
 * A choice the app remembers for the signed-in user, kept in the user cache under `key` (in
 * browser storage in the app). `fallback` until the stored one is read, or when none is stored
 * or it is not `valid`. Without a cache (an embedding that binds none), or when it cannot be read
 * or written, a choice holds for this page only.
 */
export function useUserPreference<T>(key: string, fallback: T, valid: (value: unknown) => value is T): [T, (next: T) => void] {
  const cache = useOptionalService<UserCache>(USER_CACHE);
  const [value, setValue] = useState<T>(fallback);
  // A pick made before the stored one is read wins over it.
  const [picked, setPicked] = useState(false);
  useEffect(() => {
    if (!cache || picked) return;
    let live = true;
    cache.getUserItem(key).then(
      (stored) => {
        if (live && valid(stored)) setValue(stored);
      },
      () => {
        // Unreadable: the fallback, as on a first visit.
      },
    );
    return () => {
      live = false;
    };
  }, [cache, key, picked, valid]);
  const choose = useCallback(
    (next: T) => {
      setPicked(true);
      setValue(next);
      cache?.setUserItem(key, next).catch(() => {
        // Not remembered (storage full or denied); the pick still holds for this page.
      });
    },
    [cache, key],
  );
  return [value, choose];
}
