import type { FastifyInstance } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import {
  AuthRequest,
  CheckTokenResponse,
  MessageBody,
  ResetEmailRequest,
  ResetPasswordRequest,
  SignInAnswer,
  TokenParam,
} from '@smsc/shared-contract';
import { checkPasswordPolicy, dummyHash, hashPassword, needsRehash, verifyPassword } from '../lib/passwords';
import { newActionToken, sha256 } from '../lib/tokens';
import { HttpError } from '../lib/http-error';
import { signedIn } from '../lib/access';
import { ACCOUNT_WINDOW_SECONDS, createLoginFailures } from './login-failures';
import { composeMail } from '../mail';
import { challengeFor, issueSession } from '../security';
import { insertActionToken, useActionToken, voidResetLinks } from './action-tokens';
import { resetPassword, upgradePasswordHash } from './password-writes';

const RESET_TTL_MS = 30 * 60 * 1000;

export default async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const failures = createLoginFailures(app.db, {
    max: app.config.loginFailuresPerAccount,
    windowSeconds: ACCOUNT_WINDOW_SECONDS,
  });
  const loginLimit = { max: app.config.loginPerIp, timeWindow: '1 minute' };

  app.post(
    '/auth',
    {
      config: { access: 'public', rateLimit: loginLimit },
      schema: { tags: ['auth'], body: AuthRequest, response: { 200: SignInAnswer } },
    },
    async (req) => {
      const email = req.body.email.trim().toLowerCase();
      const retry = await failures.retryAfter(email);
      if (retry > 0)
        throw new HttpError(429, `Too many failed logins for this account, retry in ${retry} s`, {
          'retry-after': String(retry),
        });
      const user = await app.users.findByEmail(email);
      // Hash even for unknown e-mails so timing does not reveal which accounts exist.
      const cost = app.config.passwordHashCost;
      const ok = await verifyPassword(req.body.password, user?.password_hash ?? (await dummyHash(cost)));
      if (!user || !ok) {
        await failures.record(email);
        throw new HttpError(401, 'Wrong email or password');
      }
      // Only now is the plain password at hand, so an old-format or cheaper hash is upgraded here. The
      // update is conditional on the old hash, so a password change racing this sign-in wins.
      if (needsRehash(user.password_hash, cost))
        await upgradePasswordHash(app.db, user.uuid, user.password_hash, await hashPassword(req.body.password, cost));
      if (!user.is_active) throw new HttpError(403, 'Account is not active; confirm your e-mail first');
      // With two-factor due, the password alone gives a short-lived challenge, not a session. The failure
      // count is kept until the second step succeeds, so wrong codes add to wrong passwords (one lock).
      const challenge = await challengeFor(app, user);
      if (challenge) return challenge;
      await failures.clear(email);
      return issueSession(app, user);
    },
  );

  app.post(
    '/auth/check-token',
    {
      config: { access: signedIn },
      schema: { tags: ['auth'], response: { 200: CheckTokenResponse } },
    },
    async (req) => ({
      user_type: req.user.user_type,
      exp: req.user.exp,
      email: req.user.email,
      ...(req.user.read_only ? { read_only: true } : {}),
    }),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: signedIn },
      schema: { tags: ['auth'], response: { 200: MessageBody } },
    },
    async (req) => {
      await app.users.revoke(req.user.jti, req.user.exp);
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/auth/reset_email',
    {
      config: { access: 'public', rateLimit: loginLimit },
      schema: { tags: ['auth'], body: ResetEmailRequest, response: { 200: MessageBody } },
    },
    async (req) => {
      const user = await app.users.findByEmail(req.body.email.trim());
      if (user && user.is_active) {
        const { token, hash } = newActionToken();
        // Only the newest link works: a link mailed earlier (perhaps to a mailbox someone else reads) dies.
        await app.db.transaction().execute(async (trx) => {
          await voidResetLinks(trx, user.uuid);
          await insertActionToken(trx, {
            token_hash: hash,
            kind: 'reset',
            user_uuid: user.uuid,
            expires_at: new Date(Date.now() + RESET_TTL_MS),
            used_at: null,
          });
        });
        // in the words of the user's reseller (its mail template), or the system's
        await app.mailer.send(
          await composeMail(app.db, 'password_reset', user.email, user, {
            full_name: user.full_name,
            link: `${app.config.publicUrl}/forgot-password/${token}`,
          }),
        );
      }
      // Same answer either way so the form cannot be used to probe for accounts.
      return { message: 'If the address is registered, a reset link has been sent' };
    },
  );

  app.post(
    '/auth/reset_password/:token',
    {
      config: { access: 'public', rateLimit: loginLimit },
      schema: { tags: ['auth'], params: TokenParam, body: ResetPasswordRequest, response: { 200: MessageBody } },
    },
    async (req) => {
      checkPasswordPolicy(req.body.passwd);
      const userUuid = await consumeActionToken(app, req.params.token, 'reset');
      await resetPassword(app.db, userUuid, await hashPassword(req.body.passwd, app.config.passwordHashCost));
      await voidResetLinks(app.db, userUuid);
      return { message: 'Password changed' };
    },
  );
}

/** Marks a one-time token used (atomically, so a replay loses the race) and returns its user. */
export async function consumeActionToken(
  app: Pick<FastifyInstance, 'db'>,
  token: string,
  kind: 'confirm' | 'reset',
): Promise<string> {
  const user_uuid = await useActionToken(app.db, sha256(token), kind);
  if (!user_uuid) throw new HttpError(400, 'The link is invalid, expired or already used');
  return user_uuid;
}
