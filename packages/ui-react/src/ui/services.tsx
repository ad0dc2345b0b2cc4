import type { Container, ServiceIdentifier } from 'inversify';
import { createContext, useContext, type ReactNode } from 'react';

const ServicesContext = createContext<Container | null>(null);

/** Makes the composition root's container reachable by `useService`; the only way screens get adapters. */
export function ServicesProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <ServicesContext.Provider value={container}>{children}</ServicesContext.Provider>;
}

/** The service bound to `token` (port tokens are `Symbol.for('gportal.…')`, so name its type: `useService<UserCache>(USER_CACHE)`). */
export function useService<T>(token: ServiceIdentifier<T>): T {
  const container = useContext(ServicesContext);
  if (!container) throw new Error('useService needs a <ServicesProvider> above it');
  // Every binding is a singleton or a constant, so resolving on each render hands out the same object.
  return container.get<T>(token);
}

/** The service bound to `token`, or `undefined` when the app binds none (an optional service). */
export function useOptionalService<T>(token: ServiceIdentifier<T>): T | undefined {
  const container = useContext(ServicesContext);
  if (!container) throw new Error('useOptionalService needs a <ServicesProvider> above it');
  return container.isBound(token) ? container.get<T>(token) : undefined;
}
