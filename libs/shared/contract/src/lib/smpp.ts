import { Type, type Static } from '@sinclair/typebox';
import { ListPage, ListQuery, Nullable, Uuid } from './common';

/** A company's SMPP login (customer binds to the platform's SMPP listener); the password is never answered. */
export const SmppAccount = Type.Object({
  smpp_account_uuid: Uuid,
  company_uuid: Uuid,
  company_name: Type.String(),
  system_id: Type.String(),
  allowed_ips: Type.Array(Type.String()),
  max_binds: Type.Integer(),
  tps: Type.Integer(),
  default_ani: Nullable(Type.String()),
  is_active: Type.Boolean(),
  /** while set, binds are refused after too many failed ones (POST /smpp_account/{id}/unlock ends it) */
  locked_until: Nullable(Type.String({ format: 'date-time' })),
  /** failed binds counted now: those that locked it while locked, else those of the current window */
  failed_binds: Type.Integer({ minimum: 0 }),
  /** binds open now (on the server that answers) */
  binds: Type.Integer({ minimum: 0 }),
  created_on: Type.String({ format: 'date-time' }),
  updated_on: Type.String({ format: 'date-time' }),
});
export type SmppAccount = Static<typeof SmppAccount>;

export const SmppAccountPayload = Type.Object({ smpp_account: SmppAccount });
export type SmppAccountPayload = Static<typeof SmppAccountPayload>;

export const SmppAccountListQuery = ListQuery({
  system_id: Type.Optional(Type.String({ maxLength: 64 })),
  company_uuid: Type.Optional(Uuid),
});
export type SmppAccountListQuery = Static<typeof SmppAccountListQuery>;

export const SmppAccountPage = ListPage(SmppAccount);
export type SmppAccountPage = Static<typeof SmppAccountPage>;

/** SMPP 3.4 caps system_id at 16 characters and password at 9 (C-octet strings of 16 and 9 with the NUL). */
const SystemId = Type.String({ minLength: 1, maxLength: 15, pattern: '^[A-Za-z0-9_.-]+$' });
/**
 * How a system_id is formed (ids are unique platform-wide, and no company may learn another's): only the system
 * admin's is kept exactly; anyone else's first 10 characters get "-" and 4 random ones ("acme-gw" → "acme-gw-k7qm").
 * The created account's answer holds the final one.
 */
export const SMPP_SYSTEM_ID_PREFIX_MAX = 10;
const SmppPassword = Type.String({ minLength: 6, maxLength: 8 });
const Cidrs = Type.Array(Type.String({ minLength: 2, maxLength: 64 }), { maxItems: 50 });

export const SmppAccountCreateBody = Type.Object(
  {
    /** the system admin's exactly; anyone else's is a prefix (SMPP_SYSTEM_ID_PREFIX_MAX) */
    system_id: SystemId,
    password: SmppPassword,
    /** the admin and resellers name the company; a company admin's account is its own company's */
    company_uuid: Type.Optional(Uuid),
    allowed_ips: Type.Optional(Cidrs),
    max_binds: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    tps: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    default_ani: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
    is_active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SmppAccountCreateBody = Static<typeof SmppAccountCreateBody>;

export const SmppAccountPatchBody = Type.Object(
  {
    password: Type.Optional(SmppPassword),
    allowed_ips: Type.Optional(Cidrs),
    max_binds: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    tps: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    default_ani: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
    is_active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SmppAccountPatchBody = Static<typeof SmppAccountPatchBody>;

/** The platform's per-account ceilings (SMPP_TPS_CEILING, SMPP_MULTIPART_OPEN_PER_ACCOUNT), for the console. */
export const SmppLimits = Type.Object({
  tps_ceiling: Type.Integer({ minimum: 1 }),
  multipart_open_per_account: Type.Integer({ minimum: 1 }),
});
export type SmppLimits = Static<typeof SmppLimits>;

/** One open bind of an account. */
export const SmppBind = Type.Object({
  bind_id: Uuid,
  remote_address: Type.String(),
  bind_type: Type.Union([Type.Literal('transmitter'), Type.Literal('receiver'), Type.Literal('transceiver')]),
  since: Type.String({ format: 'date-time' }),
  submits: Type.Integer({ minimum: 0 }),
  receipts: Type.Integer({ minimum: 0 }),
  incoming: Type.Integer({ minimum: 0 }),
  /** submit_sm per second over the last seconds */
  rate: Type.Number({ minimum: 0 }),
});
export type SmppBind = Static<typeof SmppBind>;

export const SmppBindList = Type.Object({ items: Type.Array(SmppBind) });
export type SmppBindList = Static<typeof SmppBindList>;
