// Two-factor sign-in: the database side (enrolment, codes, recovery codes, sign-in challenges).
// The cryptography is in totp.ts; the HTTP side in two-factor-routes.ts and accounts/auth-routes.ts.
import type { FastifyInstance } from 'fastify';
import type { AuthChallenge, TwoFactorSetup, TwoFactorStatus } from '@smsc/shared-contract';
import { newActionToken, sha256, signToken } from '../lib/tokens';
import { HttpError } from '../lib/http-error';
import { hashRecoveryCode, matchStep, newRecoveryCodes, newTotpSecret, otpauthUrl, qrDataUrl } from './totp';
import { accountsRepository, type UserRow } from '../accounts';

// the brands through the branding domain's decoration: importing it would make a cycle (branding's routes audit)
type App = Pick<FastifyInstance, 'db' | 'config' | 'users' | 'secrets' | 'brands'>;
type User = Pick<UserRow, 'uuid' | 'email' | 'user_type'> &
  Partial<Pick<UserRow, 'reseller_role' | 'company_uuid' | 'reseller_uuid'>>;

/** A challenge lives long enough to open the app and type a code, not longer. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export const isRequired = (app: App, user: Pick<UserRow, 'user_type'>) =>
  app.config.require2faSystemAdmin && user.user_type === 'admin';

/** The secret back, or null when it was sealed under another server key or tampered with (no code matches then). */
function openSealed(app: App, sealed: string): string | null {
  try {
    return app.secrets.totp.open(sealed);
  } catch {
    return null;
  }
}

const enrolment = (app: App, userUuid: string) =>
  app.db.selectFrom('user_totp').selectAll().where('user_uuid', '=', userUuid).executeTakeFirst();

export async function isEnabled(app: App, userUuid: string): Promise<boolean> {
  return !!(await enrolment(app, userUuid))?.enabled_on;
}

export async function status(app: App, user: User): Promise<TwoFactorStatus> {
  const row = await enrolment(app, user.uuid);
  const enabled = !!row?.enabled_on;
  const left = enabled
    ? (
        await app.db
          .selectFrom('totp_recovery_codes')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_uuid', '=', user.uuid)
          .where('used_on', 'is', null)
          .executeTakeFirstOrThrow()
      ).n
    : 0;
  return {
    enabled,
    enabled_on: row?.enabled_on ? row.enabled_on.toISOString() : null,
    recovery_codes_left: Number(left),
    required: isRequired(app, user),
  };
}

/**
 * The name the user's authenticator app shows for this account: the brand the user sees in the console (a
 * company's reseller's, a reseller's own, else the platform's), so a reseller's customer never reads ours.
 */
async function issuerOf(app: App, user: User): Promise<string> {
  const reseller = user.company_uuid
    ? await accountsRepository.resellerOfCompany(app.db, user.company_uuid)
    : user.user_type === 'reseller'
      ? (user.reseller_uuid ?? null)
      : null;
  return (await app.brands.effective(reseller)).name;
}

/** Starts (or restarts) an enrolment: a fresh secret, shown now and never again once confirmed. */
export async function startSetup(app: App, user: User): Promise<TwoFactorSetup> {
  const row = await enrolment(app, user.uuid);
  if (row?.enabled_on)
    throw new HttpError(409, 'Two-factor sign-in is already on; turn it off first to set up a new app');
  const secret = newTotpSecret();
  const secret_sealed = app.secrets.totp.seal(secret);
  await app.db
    .insertInto('user_totp')
    .values({ user_uuid: user.uuid, secret_sealed, enabled_on: null, last_step: 0 })
    .onConflict((oc) => oc.column('user_uuid').doUpdateSet({ secret_sealed, enabled_on: null, last_step: 0 }))
    .execute();
  const url = otpauthUrl(secret, user.email, await issuerOf(app, user));
  return { secret, otpauth_url: url, qr: await qrDataUrl(url) };
}

/**
 * Checks a code against the user's secret and uses up its time step: the update only succeeds when
 * the step is newer than the last one used, so the same code (or an older one) is refused.
 */
export async function useCode(
  app: App,
  userUuid: string,
  code: string,
  pending = false,
): Promise<'ok' | 'wrong' | 'replayed'> {
  const row = await enrolment(app, userUuid);
  if (!row || !!row.enabled_on === pending) return 'wrong';
  const secret = openSealed(app, row.secret_sealed);
  const step = secret ? matchStep(secret, code) : null;
  if (step === null) return 'wrong';
  const claimed = await app.db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_uuid', '=', userUuid)
    .where('last_step', '<', step)
    .returning('user_uuid')
    .executeTakeFirst();
  return claimed ? 'ok' : 'replayed';
}

/** Confirms an enrolment with its first code; answers the recovery codes (only their hashes are kept). */
export async function confirmSetup(app: App, userUuid: string, code: string): Promise<string[] | 'wrong' | 'replayed'> {
  const row = await enrolment(app, userUuid);
  if (!row) throw new HttpError(409, 'Start the two-factor set-up first');
  if (row.enabled_on) throw new HttpError(409, 'Two-factor sign-in is already on');
  const used = await useCode(app, userUuid, code, true);
  if (used !== 'ok') return used;
  const codes = newRecoveryCodes();
  await app.db.transaction().execute(async (trx) => {
    await trx.updateTable('user_totp').set({ enabled_on: new Date() }).where('user_uuid', '=', userUuid).execute();
    await trx.deleteFrom('totp_recovery_codes').where('user_uuid', '=', userUuid).execute();
    await trx
      .insertInto('totp_recovery_codes')
      .values(codes.map((c) => ({ user_uuid: userUuid, code_hash: hashRecoveryCode(c), used_on: null })))
      .execute();
  });
  return codes;
}

/** Uses up one recovery code; a code works once. */
export async function useRecoveryCode(app: App, userUuid: string, code: string): Promise<boolean> {
  if (!(await isEnabled(app, userUuid))) return false;
  const used = await app.db
    .updateTable('totp_recovery_codes')
    .set({ used_on: new Date() })
    .where('user_uuid', '=', userUuid)
    .where('code_hash', '=', hashRecoveryCode(code))
    .where('used_on', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return !!used;
}

export async function disable(app: App, userUuid: string): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('totp_recovery_codes').where('user_uuid', '=', userUuid).execute();
    await trx.deleteFrom('user_totp').where('user_uuid', '=', userUuid).execute();
  });
}

/** The step after a correct password: a challenge when a second factor (or an enrolment) is due, else null. */
export async function challengeFor(app: App, user: User): Promise<AuthChallenge | null> {
  const purpose = (await isEnabled(app, user.uuid)) ? 'verify' : isRequired(app, user) ? 'enrol' : null;
  if (!purpose) return null;
  const { token, hash } = newActionToken();
  const expires_at = new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000);
  await app.db.deleteFrom('login_challenges').where('expires_at', '<', new Date()).execute();
  await app.db
    .insertInto('login_challenges')
    .values({ challenge_hash: hash, user_uuid: user.uuid, purpose, expires_at, used_on: null })
    .execute();
  return { two_factor: purpose, challenge: token, challenge_exp: Math.floor(expires_at.getTime() / 1000) };
}

const EXPIRED = 'The sign-in has expired or was already completed; sign in again';

/** The active user behind an open challenge of this purpose (the challenge stays open). */
export async function challengeUser(app: App, challenge: string, purpose: 'verify' | 'enrol'): Promise<UserRow> {
  const row = await app.db
    .selectFrom('login_challenges')
    .select('user_uuid')
    .where('challenge_hash', '=', sha256(challenge))
    .where('purpose', '=', purpose)
    .where('used_on', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  const user = row ? await app.users.findById(row.user_uuid) : undefined;
  if (!user) throw new HttpError(401, EXPIRED);
  if (!user.is_active) throw new HttpError(403, 'Account is not active');
  return user;
}

/** Closes a challenge (atomically: of two concurrent completions only one gets a session). */
export async function closeChallenge(app: App, challenge: string): Promise<void> {
  const row = await app.db
    .updateTable('login_challenges')
    .set({ used_on: new Date() })
    .where('challenge_hash', '=', sha256(challenge))
    .where('used_on', 'is', null)
    .returning('user_uuid')
    .executeTakeFirst();
  if (!row) throw new HttpError(401, EXPIRED);
}

export function issueSession(app: App, user: User) {
  const { token, exp } = signToken(
    app.config.jwtSecret,
    { sub: user.uuid, typ: user.user_type, email: user.email },
    app.config.tokenTtlSeconds,
  );
  return { token, user_type: user.user_type, exp, ...(user.reseller_role === 'read_only' ? { read_only: true } : {}) };
}
