import { Type, type Static } from '@sinclair/typebox';

export const USER_TYPES = ['admin', 'company_admin', 'user', 'reseller'] as const;
export const UserType = Type.Union(USER_TYPES.map((t) => Type.Literal(t)));
export type UserType = (typeof USER_TYPES)[number];

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
});
export type AuthResponse = Static<typeof AuthResponse>;
