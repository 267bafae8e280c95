// What a delivery's request carries: one event in the Standard Webhooks shape, or, for a webhook that takes
// batches, up to MAX_BATCH_EVENTS of its events in one envelope (docs/webhooks.md, "Batched delivery").
// Plain functions over claimed rows.
import { createHash } from 'node:crypto';
import { BLOCK_REASON_WORDS, type BlockReason } from '@smsc/shared-contract';
import type { Claimed } from './outcomes';

/** The most events one batched request carries (~0.3 KB each, so ~30 KB a request). */
export const MAX_BATCH_EVENTS = 100;

/** The envelope's type: a receiver that takes batches tells them from single events by it. */
export const BATCH_TYPE = 'webhook.batch';

/**
 * The Standard Webhooks body: type, timestamp of the event, data (a blocked message's reason also in words).
 * `payload` as PostgreSQL wrote it (jsonb's text) goes into the body as it is: parsing it into an object and
 * writing it out again cost more than the rest of the body.
 */
export function eventBody(row: Pick<Claimed, 'type' | 'payload' | 'occurred_on'> & { legacy?: boolean }): string {
  const timestamp = row.occurred_on;
  if (row.legacy) return legacyBody(row);
  if (!row.payload.includes('"block_reason"'))
    return `{"type":${JSON.stringify(row.type)},"timestamp":"${timestamp}","data":${row.payload}}`;
  const data = JSON.parse(row.payload) as Record<string, unknown>;
  const reason = data.block_reason as BlockReason | undefined;
  if (reason && BLOCK_REASON_WORDS[reason]) data.block_reason_words = BLOCK_REASON_WORDS[reason];
  return JSON.stringify({ type: row.type, timestamp, data });
}

/** The old DID webhook event names, by the event's type. */
const LEGACY_EVENTS: Record<string, string> = { 'message.received': 'sms.received' };

/**
 * A DID webhook's body during its deprecation period (docs/webhooks.md, "DID webhooks"): the Standard Webhooks
 * fields, and beside them the fields the old body had at its top level (event, sms_uuid, from, to, text,
 * received_on), so a receiver written for the old body keeps reading it until it moves to `data`.
 */
function legacyBody(row: Pick<Claimed, 'type' | 'payload' | 'occurred_on'>): string {
  const data = JSON.parse(row.payload) as Record<string, unknown>;
  const old =
    row.type === 'message.received'
      ? { sms_uuid: data.sms_uuid, from: data.from, to: data.to, text: data.text, received_on: row.occurred_on }
      : {};
  return JSON.stringify({
    type: row.type,
    timestamp: row.occurred_on,
    data,
    event: LEGACY_EVENTS[row.type] ?? row.type,
    ...old,
  });
}

/** One event inside a batch: its own webhook-id as `id` (what a receiver deduplicates by), then the body's fields. */
const batchedEvent = (row: Claimed) => `{"id":${JSON.stringify(row.message_id)},${eventBody(row).slice(1)}`;

/**
 * A batch's body: `{"type":"webhook.batch","timestamp":…,"data":{"events":[…]}}`, the events in the order they
 * happened. The envelope is signed like any delivery; the events inside keep the ids a single delivery of
 * them would have had, so a receiver deduplicates the same way whichever way they came.
 */
export function batchBody(group: Claimed[], now = new Date()): string {
  return `{"type":"${BATCH_TYPE}","timestamp":"${now.toISOString()}","data":{"events":[${group.map(batchedEvent).join(',')}]}}`;
}

/**
 * A batch request's webhook-id: derived from the ids of the events it carries, so an attempt that repeats the
 * same events repeats the id. A retry may group failed events differently; their own ids still match.
 */
export function batchId(group: Claimed[]): string {
  const h = createHash('sha256');
  for (const r of group) h.update(r.message_id).update('\n');
  return `batch_${h.digest('hex').slice(0, 32)}`;
}

/**
 * A pass's rows as requests, in the claim's order: a row alone, or, for a webhook that takes batches, its rows
 * in groups of up to MAX_BATCH_EVENTS (the group goes where its first event was).
 */
export function requestsOf(rows: Claimed[]): Claimed[][] {
  const out: Claimed[][] = [];
  const open = new Map<string, Claimed[]>();
  for (const r of rows) {
    if (!r.batched || !r.webhook_uuid) {
      out.push([r]);
      continue;
    }
    let group = open.get(r.webhook_uuid);
    if (!group || group.length >= MAX_BATCH_EVENTS) {
      group = [];
      open.set(r.webhook_uuid, group);
      out.push(group);
    }
    group.push(r);
  }
  return out;
}
