import { withoutPassword, type Credentials, type LoginResult, type Session } from '../domain/auth.js';
import type { AuthGateway } from '../ports/auth-gateway.port.js';
import type { SessionStore } from '../ports/session-store.port.js';
import { Emitter } from '../util/emitter.js';
import { validateCredentials, type CredentialErrors } from './validate-credentials.js';

/** Options of {@link LoginFlow}. */
export interface LoginFlowOptions {
  auth: AuthGateway;
  session: SessionStore;
  /** Clock of `Session.signedInAt`; defaults to the system clock. */
  now?: () => Date;
}

/** What a login screen shows; a new object on every change, so it can serve as a React snapshot. */
export interface LoginState {
  loading: boolean;
  /** The server's `msg` of a refused sign-in, until the next attempt. */
  message?: string;
  session?: Session;
}

/** How a sign-in attempt ended. */
export type LoginOutcome =
  | { status: 'invalid'; errors: CredentialErrors }
  | { status: 'signed-in'; session: Session }
  | { status: 'refused'; message: string }
  /** The request failed; spec section 8 swallows it, the error is here for a log. */
  | { status: 'failed'; error: unknown };

/** A session from a sign-in answer: the token is lifted out of the user info, a password never kept. */
function sessionOf(result: LoginResult, credentials: Credentials, signedInAt: Date): Session {
  const { token, ...user } = withoutPassword(result.data ?? { username: credentials.username });
  return {
    user: { ...user, username: typeof user.username === 'string' ? user.username : credentials.username },
    ...(typeof token === 'string' ? { token } : {}),
    signedInAt: signedInAt.toISOString(),
  };
}

/** The sign-in use case of spec sections 4, 5 and 8: validation, loading state, session on success. */
export class LoginFlow {
  private current: LoginState = { loading: false };
  private inFlight: Promise<LoginOutcome> | undefined;
  private readonly events = new Emitter<{ change: LoginState }>();
  private readonly auth: AuthGateway;
  private readonly sessionStore: SessionStore;
  private readonly now: () => Date;

  constructor({ auth, session, now = () => new Date() }: LoginFlowOptions) {
    this.auth = auth;
    this.sessionStore = session;
    this.now = now;
  }

  /** What the login screen shows now (a new object after every change). */
  get state(): LoginState {
    return this.current;
  }

  /** Whether a sign-in request is under way. */
  get loading(): boolean {
    return this.current.loading;
  }

  /** Calls `listener` with the new state after every change; returns the unsubscribe. Bound, for `useSyncExternalStore`. */
  readonly subscribe = (listener: (state: LoginState) => void): (() => void) => this.events.on('change', listener);

  /** Signs in; while a sign-in is under way, a second call gets the same answer instead of a second request. */
  submit(credentials: Credentials): Promise<LoginOutcome> {
    this.inFlight ??= this.signIn(credentials).finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async signIn(credentials: Credentials): Promise<LoginOutcome> {
    const errors = validateCredentials(credentials);
    if (Object.keys(errors).length > 0) return { status: 'invalid', errors };
    this.update({ loading: true });
    try {
      const result = await this.auth.login(credentials);
      if (!result.isOk) {
        this.update({ loading: false, message: result.msg });
        return { status: 'refused', message: result.msg };
      }
      const session = sessionOf(result, credentials, this.now());
      await this.sessionStore.save(session);
      this.update({ loading: false, session });
      return { status: 'signed-in', session };
    } catch (error) {
      this.update({ loading: false });
      return { status: 'failed', error };
    }
  }

  private update(state: LoginState): void {
    this.current = state;
    this.events.emit('change', state);
  }
}
