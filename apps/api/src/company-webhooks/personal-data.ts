// Webhook bodies that carry one phone number, for privacy requests (lib/personal-data.ts): single deliveries
// (webhook_messages) and batched ones (webhook_batches). A body is redacted where it is kept: the number becomes
// its token and message text is blanked; a delivery still pending then sends the redacted body.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { mentions, redactJson, type PersonalDataHolder, type PersonRef } from '../lib/personal-data';
import { ofCompany, visibleRows, type CallerScope } from '../lib/tenancy';

// the body keys of message events (docs/webhooks.md) and of Twilio-style callbacks
const BODIES = new Set(['text', 'body', 'Body', 'message']);
const like = (p: PersonRef) => `%${p.e164.replace(/^\+/, '')}%`;
const parsed = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

const singles = (db: Kysely<Database>, scope: CallerScope, person: PersonRef) =>
  db
    .selectFrom('webhook_messages')
    .select(['delivery_id', 'message_id', 'company_uuid', 'type', 'payload', 'occurred_on', 'state'])
    .where(visibleRows(scope, ofCompany('webhook_messages')))
    .where(sql<boolean>`payload::text like ${like(person)}`)
    .execute()
    .then((rows) => rows.filter((r) => mentions(JSON.stringify(r.payload), person)));

const batches = (db: Kysely<Database>, scope: CallerScope, person: PersonRef) =>
  db
    .selectFrom('webhook_batches')
    .select(['batch_id', 'company_uuid', 'type', 'events', 'occurred_on', 'state'])
    .where(visibleRows(scope, ofCompany('webhook_batches')))
    .where(sql<boolean>`events::text like ${like(person)}`)
    .execute()
    .then((rows) => rows.filter((r) => mentions(JSON.stringify(r.events), person)));

export const webhookDeliveriesHeld: PersonalDataHolder = {
  name: 'webhook_deliveries',
  async find(db, scope, person) {
    const [one, many] = await Promise.all([singles(db, scope, person), batches(db, scope, person)]);
    return [
      ...one.map(({ delivery_id: _, ...r }) => ({ ...r, payload: parsed(r.payload) })),
      ...many.map((r) => ({ ...r, events: parsed(r.events) })),
    ];
  },
  async erase(trx, scope, person) {
    const [one, many] = await Promise.all([singles(trx, scope, person), batches(trx, scope, person)]);
    for (const r of one)
      await trx
        .updateTable('webhook_messages')
        .set({ payload: JSON.stringify(redactJson(parsed(r.payload), person, BODIES)) })
        .where('delivery_id', '=', r.delivery_id)
        .execute();
    for (const r of many)
      await trx
        .updateTable('webhook_batches')
        .set({ events: JSON.stringify(redactJson(parsed(r.events), person, BODIES)) })
        .where('batch_id', '=', r.batch_id)
        .execute();
    return one.length + many.length;
  },
};
