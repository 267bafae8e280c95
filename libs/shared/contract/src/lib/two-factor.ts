import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common';
import { AuthResponse } from './auth';

/** A six-digit code from an authenticator app (RFC 6238, 30-second steps). */
export const TotpCode = Type.String({ pattern: '^[0-9]{6}$', description: 'six digits from the authenticator app' });
/** A one-time recovery code as shown at enrolment (dashes and case do not matter). */
export const RecoveryCode = Type.String({ minLength: 8, maxLength: 40 });
/** The opaque challenge of a sign-in that still needs its second step; it is not a session token. */
export const ChallengeToken = Type.String({ minLength: 20, maxLength: 200 });

/**
 * The answer to a correct password when a second step is due: `verify` asks for a code (or a recovery
 * code) at POST /auth/2fa; `enrol` means the account must set up two-factor first (system admins when
 * the server requires it), through POST /auth/2fa/enrol/setup and POST /auth/2fa/enrol.
 */
export const AuthChallenge = Type.Object({
  two_factor: Type.Union([Type.Literal('verify'), Type.Literal('enrol')]),
  challenge: Type.String(),
  /** expiry of the challenge, seconds since the epoch */
  challenge_exp: Type.Integer(),
});
export type AuthChallenge = Static<typeof AuthChallenge>;

/** POST /auth answers a session, or a challenge for the second step. */
export const SignInAnswer = Type.Union([AuthResponse, AuthChallenge]);
export type SignInAnswer = Static<typeof SignInAnswer>;

export const TwoFactorVerifyBody = Type.Object(
  {
    challenge: ChallengeToken,
    code: Type.Optional(TotpCode),
    recovery_code: Type.Optional(RecoveryCode),
  },
  { additionalProperties: false },
);
export type TwoFactorVerifyBody = Static<typeof TwoFactorVerifyBody>;

export const ChallengeBody = Type.Object({ challenge: ChallengeToken }, { additionalProperties: false });
export type ChallengeBody = Static<typeof ChallengeBody>;

export const TwoFactorEnrolBody = Type.Object(
  { challenge: ChallengeToken, code: TotpCode },
  { additionalProperties: false },
);
export type TwoFactorEnrolBody = Static<typeof TwoFactorEnrolBody>;

/** The secret of an enrolment not yet confirmed: shown only while enrolling, never after. */
export const TwoFactorSetup = Type.Object({
  /** base32 key to type into the app by hand */
  secret: Type.String(),
  otpauth_url: Type.String(),
  /** the otpauth URL as a QR code, an SVG data URL */
  qr: Type.String(),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetup>;

export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  enabled_on: Nullable(Type.String({ format: 'date-time' })),
  recovery_codes_left: Type.Integer(),
  /** the server requires two-factor for this account (it cannot be turned off) */
  required: Type.Boolean(),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

export const TwoFactorCodeBody = Type.Object({ code: TotpCode }, { additionalProperties: false });
export type TwoFactorCodeBody = Static<typeof TwoFactorCodeBody>;

/** Turning two-factor off needs a current code or the account's password. */
export const TwoFactorDisableBody = Type.Object(
  {
    code: Type.Optional(TotpCode),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export type TwoFactorDisableBody = Static<typeof TwoFactorDisableBody>;

/** Shown once, right after enabling: each code signs in once in place of a TOTP code. */
export const TwoFactorEnabled = Type.Object({ recovery_codes: Type.Array(Type.String()) });
export type TwoFactorEnabled = Static<typeof TwoFactorEnabled>;

export const TwoFactorEnrolled = Type.Composite([AuthResponse, TwoFactorEnabled]);
export type TwoFactorEnrolled = Static<typeof TwoFactorEnrolled>;
