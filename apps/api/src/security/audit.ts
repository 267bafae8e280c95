import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { accountsRepository } from '../accounts';

type Row = object | null | undefined;

/** Keys whose values never enter the log: the entry says they changed, not what to. */
const SECRET = /password|passwd|secret|token|hash|api_?key|totp|recovery/i;

const plain = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);

/** Changed fields as { before, after }; for a create or delete every field of the row. */
export function changedFields(before: Row, after: Row): Record<string, { before: unknown; after: unknown }> {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const vb = before ? plain(b[key]) : null;
    const va = after ? plain(a[key]) : null;
    if (JSON.stringify(vb) === JSON.stringify(va)) continue;
    out[key] = SECRET.test(key)
      ? { before: before && key in b ? '[redacted]' : null, after: after && key in a ? '[redacted]' : null }
      : { before: vb, after: va };
  }
  return out;
}

/**
 * Records one change to an audited record, in one line from any route:
 *   await audit(req, 'company', id, before, after)   // before null = created, after null = deleted
 * The tenant (company, reseller) comes from the record, so a reseller later reads the entries of its
 * own records and of its companies'. An update that changed nothing writes nothing.
 */
export async function audit(req: FastifyRequest, entity: string, id: string, before: Row, after: Row): Promise<void> {
  const actor = req.user ?? null;
  await recordAudit(
    req.server.db,
    { uuid: actor?.uuid ?? null, email: actor?.email ?? null, type: actor?.user_type ?? null, ip: req.ip },
    entity,
    id,
    before,
    after,
  );
}

/** Who made a change: a signed-in user, or no one (the server itself, e.g. an SMPP lockout) from an address. */
export interface AuditActor {
  uuid: string | null;
  email: string | null;
  type: string | null;
  ip: string | null;
}

/** audit() for a change no request made (the entry has no actor; `ip` the address that caused it). */
export async function recordAudit(
  db: Kysely<Database>,
  actor: AuditActor,
  entity: string,
  id: string,
  before: Row,
  after: Row,
): Promise<void> {
  const changes = changedFields(before, after);
  if (before && after && !Object.keys(changes).length) return;
  const row = (after ?? before ?? {}) as { company_uuid?: string | null; reseller_uuid?: string | null };
  const company_uuid = entity === 'company' ? id : (row.company_uuid ?? null);
  let reseller_uuid = entity === 'reseller' ? id : (row.reseller_uuid ?? null);
  if (!reseller_uuid && company_uuid) {
    reseller_uuid = await accountsRepository.resellerOfCompany(db, company_uuid);
  }
  await db
    .insertInto('audit_log')
    .values({
      actor_uuid: actor.uuid,
      actor_email: actor.email,
      actor_type: actor.type,
      ip: actor.ip,
      action: !before ? 'create' : !after ? 'delete' : 'update',
      entity,
      entity_id: id,
      company_uuid,
      reseller_uuid,
      changes: JSON.stringify(changes),
    })
    .execute();
}
