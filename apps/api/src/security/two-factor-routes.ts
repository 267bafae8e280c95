import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AuthResponse,
  ChallengeBody,
  MessageBody,
  TwoFactorCodeBody,
  TwoFactorDisableBody,
  TwoFactorEnabled,
  TwoFactorEnrolBody,
  TwoFactorEnrolled,
  TwoFactorSetup,
  TwoFactorStatus,
  TwoFactorVerifyBody,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { signedIn } from '../lib/access';
import { FieldError, HttpError } from '../lib/http-error';
import { verifyPassword } from '../lib/passwords';
import { accountsRepository, ACCOUNT_WINDOW_SECONDS, createLoginFailures, type UserRow } from '../accounts';
import { audit } from './audit';
import {
  challengeUser,
  closeChallenge,
  confirmSetup,
  disable,
  isEnabled,
  isRequired,
  issueSession,
  startSetup,
  status,
  useCode,
  useRecoveryCode,
} from './two-factor';

const tags = ['two-factor'];
const WRONG = 'The code is wrong or has expired; type the current code from your authenticator app';
const REPLAYED = 'This code was already used; wait for the next code';

/**
 * Two-factor sign-in (TOTP, RFC 6238). Public calls carry the challenge POST /auth answered after a
 * correct password; every wrong code counts toward the account's failed-login lock, like a wrong password.
 * Signed-in calls let any user turn it on and off from their profile.
 */
export default async function twoFactorRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const failures = createLoginFailures(app.db, {
    max: app.config.loginFailuresPerAccount,
    windowSeconds: ACCOUNT_WINDOW_SECONDS,
  });
  const loginLimit = { max: app.config.loginPerIp, timeWindow: '1 minute' };

  const notLocked = async (email: string) => {
    const retry = await failures.retryAfter(email.toLowerCase());
    if (retry > 0)
      throw new HttpError(429, `Too many failed attempts for this account, retry in ${retry} s`, {
        'retry-after': String(retry),
      });
  };
  const refuse = async (email: string, error: HttpError): Promise<never> => {
    await failures.record(email.toLowerCase());
    throw error;
  };
  // The entry names the account and its tenant (so its reseller reads it) and never the secret.
  const record = (req: FastifyRequest, user: UserRow, on: boolean) => {
    const row = {
      email: user.email,
      company_uuid: user.company_uuid,
      reseller_uuid: user.reseller_uuid,
      two_factor: true,
    };
    return audit(req, 'two_factor', user.uuid, on ? null : row, on ? row : null);
  };

  // A session opened with the password alone (perhaps by whoever made two-factor necessary) must not
  // outlive the switch to two-factor; the session that turned it on goes on.
  const endOtherSessions = async (userUuid: string, keepJti: string | null) => {
    await accountsRepository.endOtherSessions(app.db, userUuid, keepJti);
  };

  // ---- sign-in, second step ----
  app.post(
    '/auth/2fa',
    {
      config: { access: 'public', rateLimit: loginLimit },
      schema: {
        tags,
        description: 'Completes a sign-in with a TOTP code or a recovery code.',
        body: TwoFactorVerifyBody,
        response: { 200: AuthResponse },
      },
    },
    async (req) => {
      const { challenge, code, recovery_code } = req.body;
      if (!code && !recovery_code)
        throw new FieldError({ code: 'Enter the code from your authenticator app, or a recovery code' });
      const user = await challengeUser(app, challenge, 'verify');
      await notLocked(user.email);
      if (code) {
        const used = await useCode(app, user.uuid, code);
        if (used !== 'ok') await refuse(user.email, new HttpError(401, used === 'replayed' ? REPLAYED : WRONG));
      } else if (!(await useRecoveryCode(app, user.uuid, recovery_code as string))) {
        await refuse(user.email, new HttpError(401, 'The recovery code is wrong or was already used'));
      }
      await closeChallenge(app, challenge);
      await failures.clear(user.email.toLowerCase());
      return issueSession(app, user);
    },
  );

  // ---- enrolment forced at sign-in (system admins when REQUIRE_2FA_SYSTEM_ADMIN=true) ----
  app.post(
    '/auth/2fa/enrol/setup',
    {
      config: { access: 'public', rateLimit: loginLimit },
      schema: {
        tags,
        description: 'Starts the enrolment a sign-in requires; shows the secret once.',
        body: ChallengeBody,
        response: { 200: TwoFactorSetup },
      },
    },
    async (req) => startSetup(app, await challengeUser(app, req.body.challenge, 'enrol')),
  );

  app.post(
    '/auth/2fa/enrol',
    {
      config: { access: 'public', rateLimit: loginLimit },
      schema: {
        tags,
        description: 'Confirms the enrolment with a first code and starts the session.',
        body: TwoFactorEnrolBody,
        response: { 200: TwoFactorEnrolled },
      },
    },
    async (req) => {
      const user = await challengeUser(app, req.body.challenge, 'enrol');
      await notLocked(user.email);
      const codes = await confirmSetup(app, user.uuid, req.body.code);
      if (!Array.isArray(codes)) return refuse(user.email, new HttpError(401, codes === 'replayed' ? REPLAYED : WRONG));
      await closeChallenge(app, req.body.challenge);
      await failures.clear(user.email.toLowerCase());
      await endOtherSessions(user.uuid, null);
      await record(req, user, true);
      return { ...issueSession(app, user), recovery_codes: codes };
    },
  );

  // ---- the signed-in user's own two-factor (profile) ----
  const me = async (req: FastifyRequest) => {
    const user = await app.users.findById(req.user.uuid);
    if (!user) throw new HttpError(401, 'Account is not active');
    return user;
  };

  app.get(
    '/auth/2fa',
    { config: { access: signedIn }, schema: { tags, response: { 200: TwoFactorStatus } } },
    async (req) => status(app, await me(req)),
  );

  app.post(
    '/auth/2fa/setup',
    {
      config: { access: signedIn },
      schema: {
        tags,
        description: 'Starts an enrolment: a new secret as a QR code and a key to type by hand.',
        response: { 200: TwoFactorSetup },
      },
    },
    async (req) => startSetup(app, await me(req)),
  );

  app.post(
    '/auth/2fa/enable',
    {
      config: { access: signedIn },
      schema: {
        tags,
        description: 'Confirms the enrolment with a first code; answers the recovery codes, shown once.',
        body: TwoFactorCodeBody,
        response: { 200: TwoFactorEnabled },
      },
    },
    async (req) => {
      const user = await me(req);
      await notLocked(user.email);
      const codes = await confirmSetup(app, user.uuid, req.body.code);
      if (!Array.isArray(codes))
        return refuse(user.email, new FieldError({ code: codes === 'replayed' ? REPLAYED : WRONG }));
      await endOtherSessions(user.uuid, req.user.jti);
      await record(req, user, true);
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/auth/2fa/disable',
    {
      config: { access: signedIn },
      schema: {
        tags,
        description: 'Turns two-factor off; needs a current code or the password.',
        body: TwoFactorDisableBody,
        response: { 200: MessageBody },
      },
    },
    async (req) => {
      const user = await me(req);
      if (isRequired(app, user))
        throw new HttpError(409, 'Two-factor sign-in is required for system admins on this server');
      if (!(await isEnabled(app, user.uuid))) throw new HttpError(409, 'Two-factor sign-in is not on');
      const { code, password } = req.body;
      if (!code && !password) throw new FieldError({ code: 'Enter a current code or your password' });
      await notLocked(user.email);
      if (code) {
        const used = await useCode(app, user.uuid, code);
        if (used !== 'ok') await refuse(user.email, new FieldError({ code: used === 'replayed' ? REPLAYED : WRONG }));
      } else if (!(await verifyPassword(password as string, user.password_hash))) {
        await refuse(user.email, new FieldError({ password: 'The password is wrong' }));
      }
      await disable(app, user.uuid);
      await record(req, user, false);
      return { message: 'Two-factor sign-in is off' };
    },
  );
}
