// A message's story (GET /sms/{id}/events), told from what the pipeline keeps: the message row (accepted,
// priced, routed, submitted, its final receipt or refusal), its hold and the ledger entries that name it
// (charged, refunded). A message of several parts has one row, one hold and one charge, so its final state
// is the row's, whatever the parts' receipts said on the way.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import {
  BLOCK_REASON_WORDS,
  type BlockReason,
  type MessageLookup,
  type SmsEvent,
  type SmsEvents,
} from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { formatMoney, type BillingRepository } from '../billing';
import { HttpError } from '../lib/http-error';
import { FINAL } from './engine/state';
import type { StoredLookup } from './schema';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const money = (v: string | bigint | null | undefined) =>
  v === null || v === undefined ? null : formatMoney(BigInt(v));

const blank: Omit<SmsEvent, 'kind' | 'at' | 'summary'> = {
  parts: null,
  unit_price: null,
  amount: null,
  currency: null,
  vendor: null,
  route: null,
  gateway_id: null,
  raw_status: null,
  error_code: null,
  reason: null,
};
const event = (e: Pick<SmsEvent, 'kind' | 'at' | 'summary'> & Partial<SmsEvent>): SmsEvent => ({ ...blank, ...e });

/** A number lookup in words: what it found (or why it failed) and what the route followed. */
export function lookupSummary(l: StoredLookup): string {
  const route = l.routed_by === 'lookup' ? 'routed by the network it is on' : 'routed by its prefix';
  if (l.status === 'failed')
    return `Number lookup failed (${l.error === 'timeout' ? 'no answer in time' : 'the provider answered an error'}): ${route}, the lookup not charged`;
  if (l.status === 'unknown') return `Number lookup: the provider does not know the number; ${route}, not charged`;
  const code = l.mcc && l.mnc ? ` (${l.mcc}-${l.mnc})` : '';
  const ported = l.ported ? 'ported' : 'not ported';
  return `Number looked up${l.source === 'cache' ? ' (cached answer)' : ''}: ${l.network_name ?? 'no network'}${code}, ${l.line_type}, ${ported}; ${route}`;
}

/** The SMSC's own words in a stored receipt detail ("SMSC error 001: id:… stat:UNDELIV …"). */
export function receiptParts(detail: string | null): { raw_status: string | null; error_code: string | null } {
  if (!detail) return { raw_status: null, error_code: null };
  return {
    raw_status: /\bstat:(\w+)/.exec(detail)?.[1] ?? null,
    error_code: /SMSC error (\w+)/.exec(detail)?.[1] ?? /\berr:(\w+)/.exec(detail)?.[1] ?? null,
  };
}

export async function smsEvents(
  billing: BillingRepository,
  db: Kysely<Database>,
  scope: Expression<SqlBool>,
  sms_uuid: string,
  showVendor: boolean,
): Promise<SmsEvents> {
  const m = await db
    .selectFrom('sms')
    .select([
      'sms_uuid',
      'status',
      'block_reason',
      'status_message',
      'segments',
      'encoding',
      sql<string | null>`price::text`.as('price'),
      'currency',
      'vendor_product_name',
      'mobile_network_name',
      'reservation_uuid',
      'smsc_id',
      'external_id',
      'is_received',
      'ani',
      'dnis',
      'send_at',
      'sent_on',
      'delivered_on',
      'created_on',
      'lookup',
      sql<string | null>`lookup_cost::text`.as('lookup_cost'),
    ])
    .where(scope)
    .where('sms.sms_uuid', '=', sms_uuid)
    .executeTakeFirst();
  if (!m) throw new HttpError(404, 'SMS not found');
  const { hold, entries } = await billing.messageMoney(db, m.sms_uuid, m.reservation_uuid);
  const currency = m.currency;
  const events: SmsEvent[] = [];
  if (m.is_received) {
    events.push(event({ kind: 'accepted', at: iso(m.created_on), summary: `Received from ${m.ani} to ${m.dnis}` }));
    return { sms_uuid: m.sms_uuid, status: m.status, final: true, events };
  }
  events.push(
    event({
      kind: 'accepted',
      at: iso(m.created_on),
      summary: `Accepted from ${m.ani} to ${m.dnis}${m.send_at ? `, to go at ${iso(m.send_at)}` : ''}`,
      parts: m.segments,
    }),
  );
  const lookup: MessageLookup | null = m.lookup
    ? { ...m.lookup, cost: showVendor ? formatMoney(BigInt(m.lookup_cost ?? 0)) : null }
    : null;
  if (lookup)
    events.push(
      event({
        kind: 'looked_up',
        at: iso(m.created_on),
        summary: lookupSummary(lookup),
        route: lookup.network_name,
        amount: lookup.cost,
        currency: lookup.cost ? currency : null,
        reason: lookup.error,
      }),
    );
  if (m.price !== null) {
    const total = BigInt(m.price);
    const parts = Math.max(1, m.segments);
    events.push(
      event({
        kind: 'priced',
        at: iso(m.created_on),
        summary: `Priced: ${m.segments} ${m.segments === 1 ? 'part' : 'parts'} (${m.encoding}) at ${formatMoney(total / BigInt(parts))} ${currency} a part`,
        parts: m.segments,
        unit_price: formatMoney(total / BigInt(parts)),
        amount: formatMoney(total),
        currency,
      }),
    );
  }
  if (m.vendor_product_name || m.mobile_network_name)
    events.push(
      event({
        kind: 'routed',
        at: iso(m.created_on),
        summary: `Routed${m.mobile_network_name ? ` to ${m.mobile_network_name}` : ''}${showVendor && m.vendor_product_name ? ` through ${m.vendor_product_name}` : ''}`,
        vendor: showVendor ? m.vendor_product_name : null,
        route: m.mobile_network_name,
      }),
    );
  if (hold)
    events.push(
      event({
        kind: 'held',
        at: iso(hold.created_on),
        summary: `${formatMoney(BigInt(hold.amount))} ${currency} held from the balance until the receipt`,
        amount: money(hold.amount),
        currency,
      }),
    );
  if (m.status === 'blocked') {
    const code = m.block_reason as BlockReason | null;
    events.push(
      event({
        kind: 'blocked',
        at: iso(m.created_on),
        summary: `Blocked: ${code ? BLOCK_REASON_WORDS[code] : 'refused'}${m.status_message ? ` (${m.status_message})` : ''}`,
        reason: code,
      }),
    );
  }
  if (m.status === 'cancelled')
    events.push(event({ kind: 'cancelled', at: null, summary: 'Cancelled before it was sent' }));
  if (m.sent_on)
    events.push(
      event({
        kind: 'submitted',
        at: iso(m.sent_on),
        summary: `Handed over to the gateway${m.smsc_id ? ` ${m.smsc_id}` : ''}`,
        gateway_id: m.external_id ?? m.smsc_id,
      }),
    );
  if (m.status === 'delivered' || m.status === 'undelivered' || m.status === 'failed') {
    const raw = receiptParts(m.status_message);
    events.push(
      event({
        kind: 'receipt',
        at: iso(m.delivered_on),
        summary: `Receipt: ${m.status}${m.status_message ? ` (${m.status_message})` : ''}`,
        raw_status: raw.raw_status ?? (m.status === 'delivered' ? 'DELIVRD' : null),
        error_code: raw.error_code,
      }),
    );
  }
  for (const e of entries) {
    const refund = e.kind !== 'sms_charge';
    events.push(
      event({
        kind: refund ? 'refunded' : 'charged',
        at: iso(e.created_on),
        summary: `${refund ? 'Refunded' : 'Charged'} ${formatMoney(BigInt(e.amount) < 0n ? -BigInt(e.amount) : BigInt(e.amount))} ${currency}${e.memo ? ` (${e.memo})` : ''}`,
        amount: money(e.amount),
        currency,
      }),
    );
  }
  if (hold?.status === 'released')
    events.push(
      event({
        kind: 'released',
        at: iso(hold.closed_on),
        summary: 'Hold released: nothing was charged',
        amount: money(hold.amount),
        currency,
      }),
    );
  return {
    sms_uuid: m.sms_uuid,
    status: m.status,
    final: FINAL.includes(m.status),
    events,
    lookup,
  };
}
