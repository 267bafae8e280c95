import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';
import { CatalogStatus } from './catalog';

// SMSC connections (docs/spec.md §7 "Other"): how the gateway reaches a vendor's SMSC, through one of the
// API adapters the gateway implements. The password is write-only: answers say only whether one is set.

/** A Kannel-style smsc-id: what the gateway and the logs name the connection by. */
export const SmscId = Type.String({
  pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$',
  description: 'letters, digits, _ . -; up to 64',
});
export const ApiAdapterId = Type.String({ pattern: '^[a-z0-9_-]{1,32}$' });
// any id-like path segment (a uuid too) is looked up and answers 404 when no adapter has it
export const ApiAdapterParam = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) });

/** The connection fields an adapter reads; the gateway needs every one listed in `required`. */
export const SmscField = Type.Union([
  Type.Literal('host'),
  Type.Literal('port'),
  Type.Literal('system_id'),
  Type.Literal('password'),
  Type.Literal('system_type'),
  Type.Literal('url'),
]);
export type SmscField = Static<typeof SmscField>;

export const ApiAdapter = Type.Object({
  api_adapter_id: ApiAdapterId,
  name: Type.String(),
  protocol: Type.String(),
  description: Type.String(),
  required: Type.Array(SmscField),
  optional: Type.Array(SmscField),
});
export type ApiAdapter = Static<typeof ApiAdapter>;
export const ApiAdapterListQuery = ListQuery({ protocol: Type.Optional(Type.String({ maxLength: 32 })) });
export type ApiAdapterListQuery = Static<typeof ApiAdapterListQuery>;

/** Who carries an SMPP connection: Kannel's bearerbox or the API's direct SMPP client. */
export const SmscGateway = Type.Union([Type.Literal('kannel'), Type.Literal('direct')], {
  description: "kannel: Kannel's bearerbox binds; direct: the API's own SMPP client binds",
});
export type SmscGateway = Static<typeof SmscGateway>;

export const SmscConnection = Type.Object({
  smsc_connection_uuid: Uuid,
  smsc_id: Type.String(),
  vendor_uuid: Nullable(Uuid),
  vendor_name: Nullable(Type.String()),
  api_adapter_id: Type.String(),
  api_adapter_name: Nullable(Type.String()),
  host: Nullable(Type.String()),
  port: Nullable(Type.Integer()),
  system_id: Nullable(Type.String()),
  system_type: Nullable(Type.String()),
  url: Nullable(Type.String()),
  throughput: Nullable(Type.Integer()),
  status: CatalogStatus,
  /** whether a password is stored; the password itself is never answered */
  has_password: Type.Boolean(),
  created_on: Type.String({ format: 'date-time' }),
  /** SMPP window (unanswered submits in flight); null: the gateway's default */
  window_size: Nullable(Type.Integer()),
  /** SMPP: bind as one transceiver, or as a transmitter plus a receiver */
  transceiver_mode: Type.Boolean(),
  /** who carries an SMPP connection: Kannel's bearerbox, or the API's own SMPP client */
  gateway: SmscGateway,
  /** the direct gateway's transceiver binds; null: one */
  binds: Nullable(Type.Integer()),
});
export type SmscConnection = Static<typeof SmscConnection>;

export const SmscConnectionListQuery = ListQuery({
  smsc_id: Type.Optional(Type.String({ maxLength: 64 })),
  vendor_uuid: Type.Optional(Uuid),
  api_adapter_id: Type.Optional(ApiAdapterId),
  status: Type.Optional(CatalogStatus),
});
export type SmscConnectionListQuery = Static<typeof SmscConnectionListQuery>;

const Host = Type.String({
  pattern: '^[A-Za-z0-9]([A-Za-z0-9.:-]{0,252})$',
  description: 'a host name, IPv4 or IPv6 address',
});
export const SmscConnectionCreate = Type.Object({
  smsc_id: SmscId,
  api_adapter_id: ApiAdapterId,
  vendor_uuid: Type.Optional(Nullable(Uuid)),
  host: Type.Optional(Nullable(Host)),
  port: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 65535 }))),
  system_id: Type.Optional(Nullable(Type.String({ pattern: '^[\\x21-\\x7e]{1,64}$' }))),
  /** write-only; on a patch, left out keeps the stored one and null removes it */
  password: Type.Optional(Nullable(Type.String({ pattern: '^[\\x20-\\x7e]{1,128}$' }))),
  system_type: Type.Optional(Nullable(Type.String({ pattern: '^[\\x21-\\x7e]{1,32}$' }))),
  url: Type.Optional(Nullable(Type.String({ pattern: '^https?://[\\x21-\\x7e]{1,500}$' }))),
  throughput: Type.Optional(
    Nullable(Type.Integer({ minimum: 1, maximum: 100000, description: 'messages per second' })),
  ),
  window_size: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        maximum: 10000,
        description: 'SMPP window: submits awaiting an answer; null takes the gateway default',
      }),
    ),
  ),
  transceiver_mode: Type.Optional(
    Type.Boolean({ description: 'SMPP: one transceiver bind (true, the default) or a transmitter and a receiver' }),
  ),
  gateway: Type.Optional(SmscGateway),
  binds: Type.Optional(
    Nullable(Type.Integer({ minimum: 1, maximum: 32, description: 'direct gateway: transceiver binds; null: one' })),
  ),
  status: Type.Optional(CatalogStatus),
});
export type SmscConnectionCreate = Static<typeof SmscConnectionCreate>;
export const SmscConnectionPatch = Type.Partial(SmscConnectionCreate, { minProperties: 1 });
export type SmscConnectionPatch = Static<typeof SmscConnectionPatch>;

export const GatewayCommand = Type.Object({ command: Type.Literal('restart') });
export type GatewayCommand = Static<typeof GatewayCommand>;
/** What a restart did: `applied_by` names who took the connections (a gateway adapter, or none with the built-in simulator). */
export const GatewayAnswer = Type.Object({
  message: Type.String(),
  applied_by: Type.Union([Type.Literal('gateway'), Type.Literal('none')]),
  connections: Type.Integer({ minimum: 0 }),
});
export type GatewayAnswer = Static<typeof GatewayAnswer>;
