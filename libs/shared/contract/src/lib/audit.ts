import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';

export const AuditAction = Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]);

/** One change: who, when, from where, what (changed fields before/after; secrets only as "[redacted]"). */
export const AuditEntry = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  actor_uuid: Nullable(Uuid),
  actor_email: Nullable(Type.String()),
  actor_type: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  action: AuditAction,
  entity: Type.String(),
  entity_id: Type.String(),
  company_uuid: Nullable(Uuid),
  reseller_uuid: Nullable(Uuid),
  changes: Type.Record(Type.String(), Type.Object({ before: Type.Unknown(), after: Type.Unknown() })),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditListQuery = ListQuery({
  entity: Type.Optional(Type.String({ maxLength: 64 })),
  entity_id: Type.Optional(Type.String({ maxLength: 64 })),
  action: Type.Optional(AuditAction),
  actor_email: Type.Optional(Type.String({ maxLength: 200 })),
  company_uuid: Type.Optional(Uuid),
  reseller_uuid: Type.Optional(Uuid),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
});
export type AuditListQuery = Static<typeof AuditListQuery>;
