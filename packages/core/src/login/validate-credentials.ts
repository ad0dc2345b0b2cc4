import type { Credentials } from '../domain/auth.js';

/** The login form's messages, word for word from spec section 5. */
export const USERNAME_REQUIRED_MESSAGE = '请输入用户名!';
/** The login form's message for a missing password, word for word from spec section 5. */
export const PASSWORD_REQUIRED_MESSAGE = '请输入密码!';

/** The login form's messages by field, for what is missing. */
export type CredentialErrors = Partial<Record<keyof Credentials, string>>;

/**
 * Field errors of a login form; empty when it may be submitted. A username of spaces is no
 * username, while a password is taken as typed (spaces may belong to it).
 */
export function validateCredentials(credentials: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  if (credentials.username.trim() === '') errors.username = USERNAME_REQUIRED_MESSAGE;
  if (credentials.password === '') errors.password = PASSWORD_REQUIRED_MESSAGE;
  return errors;
}
