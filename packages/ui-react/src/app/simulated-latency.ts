import {
  AUTH_GATEWAY,
  DATA_STORE_ADMIN,
  FEATURE_SOURCE,
  FEATURE_TRANSACTIONS,
  FILE_UPLOAD,
  LAYER_ADMIN,
  PORTAL_ADMIN,
  STYLE_ADMIN,
  WORKSPACE_ADMIN,
} from '@gportal/core';
import { ContainerModule } from 'inversify';

/** The ports that stand for a server; the browser-storage ones answer at local speed anyway. */
const SERVER_PORTS = [AUTH_GATEWAY, WORKSPACE_ADMIN, DATA_STORE_ADMIN, LAYER_ADMIN, STYLE_ADMIN, FEATURE_SOURCE, FEATURE_TRANSACTIONS, FILE_UPLOAD, PORTAL_ADMIN];

/** The same port, with every method answering `latencyMs` later. */
function withLatency<T extends object>(port: T, latencyMs: number): T {
  return new Proxy(port, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await new Promise((resolve) => setTimeout(resolve, latencyMs));
        return (value as (...parameters: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** Embedded mode: makes the in-memory "server" answer like a remote one, so loading states show. */
export function simulatedLatencyModule(latencyMs: number): ContainerModule {
  return new ContainerModule(({ onActivation }) => {
    for (const token of SERVER_PORTS) onActivation<object>(token, (_context, port) => withLatency(port, latencyMs));
  });
}
