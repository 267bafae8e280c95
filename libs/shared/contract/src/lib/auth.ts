import { Type, type Static } from '@sinclair/typebox';
import { RESELLER_ROLES, USER_TYPES } from './constants';

export const UserType = Type.Union(USER_TYPES.map((t) => Type.Literal(t)));
export type UserType = (typeof USER_TYPES)[number];
export const ResellerRoleSchema = Type.Union(RESELLER_ROLES.map((r) => Type.Literal(r)));
/** true for a login the server refuses every change to (a read-only reseller member); absent otherwise */
const ReadOnlyFlag = Type.Optional(Type.Boolean());

export const AuthRequest = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type AuthRequest = Static<typeof AuthRequest>;

export const AuthResponse = Type.Object({
  token: Type.String(),
  user_type: UserType,
  /** expiry, seconds since the epoch */
  exp: Type.Integer(),
  read_only: ReadOnlyFlag,
});
export type AuthResponse = Static<typeof AuthResponse>;

export const CheckTokenResponse = Type.Object({
  user_type: UserType,
  exp: Type.Integer(),
  email: Type.String(),
  read_only: ReadOnlyFlag,
});
export type CheckTokenResponse = Static<typeof CheckTokenResponse>;

const Password = Type.String({ minLength: 1, maxLength: 1024 });

export const RegistrationRequest = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Password,
  full_name: Type.String({ minLength: 1, maxLength: 200 }),
  company_name: Type.String({ minLength: 1, maxLength: 200 }),
  /** a sign-up through a reseller's link: the company is the reseller's and gets its plan */
  reseller_uuid: Type.Optional(Type.String({ format: 'uuid' })),
});
export type RegistrationRequest = Static<typeof RegistrationRequest>;

export const ResetEmailRequest = Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }) });
export type ResetEmailRequest = Static<typeof ResetEmailRequest>;

export const ResetPasswordRequest = Type.Object({ passwd: Password });
export type ResetPasswordRequest = Static<typeof ResetPasswordRequest>;
