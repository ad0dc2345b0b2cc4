import type { AuthGateway, Credentials, LoginResult } from '@gportal/core';
import { basicAuthorization, createHttpClient, type AuthorizationSource, type HttpClient } from '../http/index.js';

/** How to sign in with GeoServer alone. */
export type GeoServerLoginMode =
  /** GeoServer's form login: a session cookie, sent afterwards with the browser's credentials. */
  | 'form'
  /** HTTP Basic: credentials checked against the REST API and kept in memory only. */
  | 'basic';

/** Options of {@link createGeoServerAuth}: where GeoServer is and how to sign in to it. */
export interface GeoServerAuthOptions {
  /** GeoServer's root, e.g. `/geoserver` behind the Vite proxy. */
  url: string;
  /** Defaults to `form`. */
  mode?: GeoServerLoginMode;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** GeoServer's own login endpoints (Spring Security), relative to its root. */
export const GEOSERVER_LOGIN_ENDPOINTS = {
  formLogin: '/j_spring_security_check',
  formLogout: '/j_spring_security_logout',
  /** A REST resource any administrator may read: answers 401 to wrong credentials. */
  basicCheck: '/rest/about/version',
} as const;

/** Answers in the `{isOk, msg, data}` shape of the portal backend, in Chinese like it. */
export const GEOSERVER_LOGIN_MESSAGES = {
  success: '登录成功',
  wrongCredentials: '用户名或密码错误',
  notAdministrator: '该用户没有管理地图服务的权限',
} as const;

// GeoServer sends a failed form login back to its login page with `error=true`.
const FAILED_FORM_LOGIN = /[?&]error=true\b/;

/**
 * Signs in with GeoServer itself, for the map-server mode where no portal backend exists.
 *
 * In `form` mode GeoServer keeps the session; nothing is held here. In `basic` mode the
 * `Authorization` value lives in a private field of this object and nowhere else (no storage,
 * no cookie): pass the gateway as `session` to `createGeoServerAdmin` so REST calls use it, and
 * a page reload signs out. Browsers may show their own Basic prompt on a 401.
 */
export class GeoServerAuthGateway implements AuthGateway, AuthorizationSource {
  readonly mode: GeoServerLoginMode;
  #authorization: string | undefined;
  readonly #options: GeoServerAuthOptions;
  readonly #http: HttpClient;

  constructor(options: GeoServerAuthOptions) {
    this.#options = options;
    this.mode = options.mode ?? 'form';
    this.#http = this.#client('include');
  }

  /**
   * Signs in to GeoServer in this gateway's `mode`: its form login (GeoServer keeps the session), or HTTP Basic (the header then held in memory by this object only).
   */
  async login(credentials: Credentials): Promise<LoginResult> {
    this.#authorization = undefined;
    return this.mode === 'form' ? this.#formLogin(credentials) : this.#basicLogin(credentials);
  }

  async logout(): Promise<void> {
    this.#authorization = undefined;
    if (this.mode === 'form') {
      await this.#http.send({ method: 'POST', path: GEOSERVER_LOGIN_ENDPOINTS.formLogout, resource: 'sign-out', redirect: 'follow' });
    }
  }

  /** The `Authorization` header of a Basic sign-in, while signed in. */
  authorization(): string | undefined {
    return this.#authorization;
  }

  async #formLogin(credentials: Credentials): Promise<LoginResult> {
    const response = await this.#http.send({
      method: 'POST',
      path: GEOSERVER_LOGIN_ENDPOINTS.formLogin,
      body: { urlEncoded: { username: credentials.username, password: credentials.password } },
      redirect: 'follow',
      resource: 'sign-in',
    });
    return FAILED_FORM_LOGIN.test(response.url) ? refused(GEOSERVER_LOGIN_MESSAGES.wrongCredentials) : signedIn(credentials);
  }

  async #basicLogin(credentials: Credentials): Promise<LoginResult> {
    const authorization = basicAuthorization(credentials.username, credentials.password);
    // Without cookies: a session of another user must not vouch for these credentials.
    const probe = this.#client('omit', () => authorization);
    const request = { method: 'GET', path: GEOSERVER_LOGIN_ENDPOINTS.basicCheck, accept: 'application/json', resource: 'sign-in' } as const;
    const response = await probe.exchange(request);
    if (response.status === 401) return refused(GEOSERVER_LOGIN_MESSAGES.wrongCredentials);
    if (response.status === 403) return refused(GEOSERVER_LOGIN_MESSAGES.notAdministrator);
    if (!response.ok) throw probe.failure(response, request);
    this.#authorization = authorization;
    return signedIn(credentials);
  }

  #client(credentials: RequestCredentials, authorization?: () => string | undefined): HttpClient {
    return createHttpClient({
      baseUrl: this.#options.url.replace(/\/+$/, '').replace(/\/rest$/, ''),
      credentials,
      authorization,
      fetch: this.#options.fetch,
      timeoutMs: this.#options.timeoutMs,
    });
  }
}

function refused(msg: string): LoginResult {
  return { isOk: false, msg };
}

function signedIn(credentials: Credentials): LoginResult {
  return { isOk: true, msg: GEOSERVER_LOGIN_MESSAGES.success, data: { username: credentials.username } };
}

/** The GeoServer-only `AuthGateway` (see `GeoServerAuthGateway`). */
export function createGeoServerAuth(options: GeoServerAuthOptions): GeoServerAuthGateway {
  return new GeoServerAuthGateway(options);
}
