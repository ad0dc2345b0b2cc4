import { withoutPassword, type AuthGateway, type Credentials, type LoginResult, type UserInfo } from '@gportal/core';
import type { HttpClient } from '../http/index.js';
import { callPortal } from './portal-client.js';
import { PORTAL_ENDPOINTS } from './portal-endpoints.js';

/** Signs in with the portal backend's `POST /auth/token`. */
export class PortalAuthGateway implements AuthGateway {
  constructor(private readonly http: HttpClient) {}

  /** `POST /auth/token`: signs in to the portal backend; a refused sign-in answers with the backend's `msg`, never throws. */
  async login(credentials: Credentials): Promise<LoginResult> {
    const payload = { username: credentials.username, password: credentials.password };
    const answer = await callPortal(this.http, PORTAL_ENDPOINTS.login, payload, 'sign-in');
    if (!answer.isOk) return { isOk: false, msg: answer.msg ?? '' };
    // The user info is kept as the signed-in user: never with a password, even an echoed one.
    const info = withoutPassword((answer.data ?? {}) as Partial<UserInfo>);
    const username = typeof info.username === 'string' ? info.username : credentials.username;
    return { isOk: true, msg: answer.msg ?? '', data: { ...info, username } };
  }
}
