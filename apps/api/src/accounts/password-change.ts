import type { FastifyInstance } from 'fastify';
import { FieldError, HttpError } from '../lib/http-error';
import { ACCOUNT_WINDOW_SECONDS, createLoginFailures } from './login-failures';
import { checkPasswordPolicy, hashPassword, verifyPassword, type PasswordHashCost } from '../lib/passwords';

/** The users columns a password change writes. */
export interface PasswordChange {
  password_hash: string;
  password_changed_at: Date;
  password_change_jti: string | null;
}

/** The registration rules, reported on the `password` field so the form shows them there. */
function checkNewPassword(password: string): void {
  try {
    checkPasswordPolicy(password);
  } catch (e) {
    if (e instanceof HttpError) throw new FieldError({ password: e.message });
    throw e;
  }
}

/**
 * A user changing its own password: a stolen session alone must not be enough, so the current
 * password is asked for, and wrong guesses count towards the same per-account lock as failed logins.
 * Every other session of the user ends; the one that made the change (keepJti) goes on.
 */
export async function ownPasswordChange(
  app: Pick<FastifyInstance, 'db' | 'config' | 'users'>,
  caller: { uuid: string; jti: string },
  current: string | undefined,
  password: string,
): Promise<PasswordChange> {
  const user = await app.users.findById(caller.uuid);
  if (!user) throw new HttpError(401, 'Account is not active');
  // A missing one is a form slip, not a guess, so it is not counted.
  if (!current) throw new FieldError({ current_password: 'Enter your current password to set a new one' });
  const email = user.email.toLowerCase();
  const failures = createLoginFailures(app.db, {
    max: app.config.loginFailuresPerAccount,
    windowSeconds: ACCOUNT_WINDOW_SECONDS,
  });
  const retry = await failures.retryAfter(email);
  if (retry > 0)
    throw new HttpError(429, `Too many failed password checks for this account, retry in ${retry} s`, {
      'retry-after': String(retry),
    });
  if (!(await verifyPassword(current, user.password_hash))) {
    await failures.record(email);
    throw new FieldError({ current_password: 'The current password is wrong' });
  }
  await failures.clear(email);
  checkNewPassword(password);
  return {
    password_hash: await hashPassword(password, app.config.passwordHashCost),
    password_changed_at: new Date(),
    password_change_jti: caller.jti,
  };
}

/** An admin setting another user's password: no current password, and all of that user's sessions end. */
export async function passwordReset(password: string, cost: PasswordHashCost): Promise<PasswordChange> {
  checkNewPassword(password);
  return {
    password_hash: await hashPassword(password, cost),
    password_changed_at: new Date(),
    password_change_jti: null,
  };
}
