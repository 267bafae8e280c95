import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Uuid } from './common';
import { ResellerRoleSchema } from './auth';

const Timestamp = Type.String({ format: 'date-time' });

/** A login of a reseller's team (GET /reseller/:id/user/list). */
export const ResellerMember = Type.Object({
  uuid: Uuid,
  email: Type.String(),
  full_name: Type.String(),
  reseller_role: ResellerRoleSchema,
  is_active: Type.Boolean(),
  /** invited by mail and has not chosen a password yet */
  invite_pending: Type.Boolean(),
  created_on: Timestamp,
});
export type ResellerMember = Static<typeof ResellerMember>;

export const ResellerMemberListQuery = ListQuery({
  full_name: Type.Optional(Type.String({ maxLength: 200 })),
  email: Type.Optional(Type.String({ maxLength: 200 })),
  reseller_role: Type.Optional(ResellerRoleSchema),
});
export type ResellerMemberListQuery = Static<typeof ResellerMemberListQuery>;

/** Without `password` the member is invited: a mail carries a link to choose one. */
export const ResellerMemberCreate = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    full_name: Type.String({ minLength: 1, maxLength: 200 }),
    reseller_role: ResellerRoleSchema,
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export type ResellerMemberCreate = Static<typeof ResellerMemberCreate>;

export const ResellerMemberPatch = Type.Partial(
  Type.Object({
    full_name: Type.String({ minLength: 1, maxLength: 200 }),
    reseller_role: ResellerRoleSchema,
    is_active: Type.Boolean(),
  }),
  { minProperties: 1, additionalProperties: false },
);
export type ResellerMemberPatch = Static<typeof ResellerMemberPatch>;

export const ResellerMemberParams = Type.Object({ id: Uuid, user_id: Uuid });
export type ResellerMemberParams = Static<typeof ResellerMemberParams>;
