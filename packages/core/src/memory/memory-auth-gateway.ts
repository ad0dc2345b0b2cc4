import type { Credentials, LoginResult, UserInfo } from '../domain/auth.js';
import type { AuthGateway } from '../ports/auth-gateway.port.js';

/** A user the in-memory backend accepts. */
export interface MemoryUser {
  username: string;
  password: string;
  info?: Partial<UserInfo>;
}

/** The message the in-memory backend answers for wrong credentials, like the portal backend. */
export const WRONG_CREDENTIALS_MESSAGE = '用户名或密码错误';

/** Signs in against a configured list of users; answers like `POST /auth/token`. */
export class MemoryAuthGateway implements AuthGateway {
  private issued = 0;

  constructor(private readonly users: readonly MemoryUser[]) {}

  /** Accepts the seeded users; others are refused with {@link WRONG_CREDENTIALS_MESSAGE}. */
  async login(credentials: Credentials): Promise<LoginResult> {
    const user = this.users.find(
      (candidate) => candidate.username === credentials.username && candidate.password === credentials.password,
    );
    if (!user) return { isOk: false, msg: WRONG_CREDENTIALS_MESSAGE };
    this.issued += 1;
    return {
      isOk: true,
      msg: '登录成功',
      data: { ...user.info, username: user.username, token: `memory-token-${user.username}-${this.issued}` },
    };
  }
}
