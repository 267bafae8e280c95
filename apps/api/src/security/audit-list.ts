// The audit log as its list reads it: the entries a tenancy condition lets the caller see, filtered and newest first.
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { Static } from '@sinclair/typebox';
import type { AuditListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { wildcard, listPage } from '../lib/list';

export async function listAudit(db: Kysely<Database>, visible: Expression<SqlBool>, q: Static<typeof AuditListQuery>) {
  let base = db.selectFrom('audit_log').where(visible);
  if (q.entity) base = base.where('entity', '=', q.entity);
  // the console sends text filters as *wildcards*
  if (q.entity_id) base = base.where('entity_id', 'ilike', wildcard(q.entity_id));
  if (q.action) base = base.where('action', '=', q.action);
  if (q.actor_email) base = base.where('actor_email', 'ilike', wildcard(q.actor_email));
  if (q.company_uuid) base = base.where('company_uuid', '=', q.company_uuid);
  if (q.reseller_uuid) base = base.where('reseller_uuid', '=', q.reseller_uuid);
  if (q.from) base = base.where('at', '>=', new Date(q.from));
  if (q.to) base = base.where('at', '<', new Date(q.to));
  const page = await listPage(q, base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc'), base);
  return { ...page, items: page.items.map((r) => ({ ...r, id: String(r.id), at: r.at.toISOString() })) };
}
