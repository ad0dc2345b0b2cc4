import { EDIT_JOURNAL, SESSION_STORE, USER_CACHE } from '@gportal/core';
import { ContainerModule } from 'inversify';
import { createBrowserStorage, type BrowserStorage, type BrowserStorageOptions } from './create-browser-storage.js';

/** Token of the {@link BrowserStorage} the module created, for data an app keeps beside the ports. */
export const BROWSER_STORAGE = Symbol.for('gportal.BrowserStorage');

/**
 * Binds `USER_CACHE`, `SESSION_STORE` and `EDIT_JOURNAL` to browser storage. It replaces
 * earlier bindings of those tokens, so it can be loaded after a module binding every port
 * (the in-memory one) to make the user's data survive a reload.
 *
 * @example
 * ```ts
 * const container = new Container();
 * await container.load(memoryModule, storageModule({ namespace: 'my-app' })); // in-memory ports, browser-stored journal
 * ```
 */
export function storageModule(config: BrowserStorageOptions = {}): ContainerModule {
  return browserStorageModule(createBrowserStorage(config));
}

/**
 * {@link storageModule} for a {@link BrowserStorage} the app created already, e.g. to read the
 * session and show the sign-in page before the container is built.
 */
export function browserStorageModule(storage: BrowserStorage): ContainerModule {
  return new ContainerModule(({ bind, rebindSync }) => {
    bind<BrowserStorage>(BROWSER_STORAGE).toConstantValue(storage);
    rebindSync(USER_CACHE).toConstantValue(storage.userCache);
    rebindSync(SESSION_STORE).toConstantValue(storage.session);
    rebindSync(EDIT_JOURNAL).toConstantValue(storage.journal);
  });
}
