import type { Credentials, LoginResult } from '../domain/auth.js';

/** Signs a user in against a backend (the portal's `/auth/token`, or the map server itself). */
export interface AuthGateway {
  /** Signs in; a refused sign-in is an answer with `isOk: false` and the server's `msg`, not an error. */
  login(credentials: Credentials): Promise<LoginResult>;
  /** Ends the server-side session where there is one. */
  logout?(): Promise<void>;
}
/**
 * The inversify token of {@link AuthGateway} (`Symbol.for('gportal.AuthGateway')`): modules bind it, screens resolve it, neither imports the other.
 */
export const AUTH_GATEWAY = Symbol.for('gportal.AuthGateway');
