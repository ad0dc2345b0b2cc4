import type { Credentials, LoginResult } from '../domain/auth.js';

/** Signs a user in against a backend (the portal's `/auth/token`, or the map server itself). */
export interface AuthGateway {
  login(credentials: Credentials): Promise<LoginResult>;
  /** Ends the server-side session where there is one. */
  logout?(): Promise<void>;
}
export const AUTH_GATEWAY = Symbol.for('gportal.AuthGateway');
