/** What a person types to sign in. */
export interface Credentials {
  username: string;
  password: string;
}

/** The signed-in user's information as the backend returns it. */
export interface UserInfo {
  username: string;
  displayName?: string;
  [key: string]: unknown;
}

/** Answer of a sign-in (spec section 7: `POST /auth/token`). */
export interface LoginResult {
  isOk: boolean;
  msg: string;
  data?: UserInfo;
}

/** What a session keeps: the token and user info, never the password. */
export interface Session {
  user: UserInfo;
  token?: string;
  /** ISO time of sign-in. */
  signedInAt: string;
}

/** User info without any `password` key a backend may have echoed: neither a sign-in answer nor a session keeps one. */
export function withoutPassword<User extends Partial<UserInfo>>(user: User): User {
  const { password: _password, ...rest } = user;
  return rest as User;
}

/** Answer of the portal backend's `/common/*` calls: every answer is read for `isOk` and `data`. */
export interface PortalResult<T = unknown> {
  isOk: boolean;
  msg?: string;
  data?: T;
}
