// Company webhooks' statements on company_webhooks for the webhook routes (routes.ts: a company's own webhooks;
// did-routes.ts: a number's) and the route parts they share. `scope` is the caller's visible webhooks: rowsOf with
// COMPANY_WEBHOOK_OWNERS for a company's, with the numbers' DID_OWNERS for a number's. Each takes the executor
// first, so a call joins the caller's transaction.
import type { Expression, Insertable, Kysely, SqlBool, Updateable } from 'kysely';
import type { CompanyWebhookListQuery, DidWebhookListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, wildcard } from '../lib/list';
import type { TenantColumns } from '../lib/tenancy';
import { companyRows } from '../accounts';
import { didRows } from '../numbers';
import { lastDelivery } from './delivery-log';

type Db = Kysely<Database>;
type Webhooks = Database['company_webhooks'];

/** Which webhooks a path manages: a company's own (no number), or a number's. */
export type WebhookKind = 'company' | 'did';

/** A company's webhooks as companyWebhooks reads them (`w`, its company `c`). */
export const COMPANY_WEBHOOK_OWNERS: TenantColumns = { company: 'w.company_uuid', companyReseller: 'c.reseller_uuid' };

const companyWebhooks = (db: Db, scope: Expression<SqlBool>) =>
  db
    .selectFrom('company_webhooks as w')
    .innerJoin(companyRows.as('c'), 'c.company_uuid', 'w.company_uuid')
    .where(scope)
    // a number's webhooks are managed on /did/webhook (did-routes.ts)
    .where('w.did_uuid', 'is', null)
    .select([
      'w.webhook_uuid',
      'w.company_uuid',
      'c.company_name',
      'w.url',
      'w.events',
      'w.is_active',
      'w.batched',
      'w.description',
      'w.secret',
      'w.created_on',
      lastDelivery().status.as('last_status'),
      lastDelivery().on.as('last_delivery_on'),
    ]);

// the numbers as the numbers domain hands them out: its tables are named only there
const didWebhooks = (db: Db, scope: Expression<SqlBool>) =>
  db
    .selectFrom('company_webhooks as w')
    .innerJoin(didRows(db).as('dids'), 'dids.did_uuid', 'w.did_uuid')
    .where(scope)
    .select([
      'w.webhook_uuid',
      'w.did_uuid',
      'dids.did',
      'w.url',
      'w.is_active',
      'w.secret',
      'w.created_on',
      lastDelivery().status.as('last_status'),
      lastDelivery().on.as('last_delivery_on'),
    ]);

export function listCompanyWebhooks(db: Db, scope: Expression<SqlBool>, q: CompanyWebhookListQuery) {
  let b = companyWebhooks(db, scope);
  if (q.url) b = b.where('w.url', 'ilike', wildcard(q.url));
  if (q.company_uuid) b = b.where('w.company_uuid', '=', q.company_uuid);
  return listPage(q, b.orderBy('w.created_on', 'desc').orderBy('w.webhook_uuid'), b.clearSelect());
}

/** A company's webhook as stored (with its secret), or undefined when there is none of this id in scope. */
export const companyWebhookInScope = (db: Db, scope: Expression<SqlBool>, webhook_uuid: string) =>
  companyWebhooks(db, scope).where('w.webhook_uuid', '=', webhook_uuid).executeTakeFirst();

export function listDidWebhooks(db: Db, scope: Expression<SqlBool>, q: DidWebhookListQuery) {
  let b = didWebhooks(db, scope);
  if (q.did) b = b.where('dids.did', 'like', `%${q.did.replace(/[^0-9]/g, '')}%`);
  if (q.did_uuid) b = b.where('w.did_uuid', '=', q.did_uuid);
  return listPage(q, b.orderBy('w.created_on', 'desc').orderBy('w.webhook_uuid'), b.clearSelect());
}

/** A number's webhook as stored (with its secret), or undefined when there is none of this id in scope. */
export const didWebhookInScope = (db: Db, scope: Expression<SqlBool>, webhook_uuid: string) =>
  didWebhooks(db, scope).where('w.webhook_uuid', '=', webhook_uuid).executeTakeFirst();

/** A new webhook; answers its id. */
export async function insertWebhook(db: Db, values: Insertable<Webhooks>): Promise<string> {
  const row = await db
    .insertInto('company_webhooks')
    .values(values)
    .returning('webhook_uuid')
    .executeTakeFirstOrThrow();
  return row.webhook_uuid;
}

const ofKind = (kind: WebhookKind) => (kind === 'did' ? ('is not' as const) : ('is' as const));

/** Changes the webhook if it is of this kind (a path never reaches the other's rows). */
export async function updateWebhook(
  db: Db,
  kind: WebhookKind,
  webhook_uuid: string,
  set: Updateable<Webhooks>,
): Promise<void> {
  await db
    .updateTable('company_webhooks')
    .set(set)
    .where('webhook_uuid', '=', webhook_uuid)
    .where('did_uuid', ofKind(kind), null)
    .execute();
}

/** Deletes the webhook if it is of this kind. */
export async function deleteWebhookRow(db: Db, kind: WebhookKind, webhook_uuid: string): Promise<void> {
  await db
    .deleteFrom('company_webhooks')
    .where('webhook_uuid', '=', webhook_uuid)
    .where('did_uuid', ofKind(kind), null)
    .execute();
}
