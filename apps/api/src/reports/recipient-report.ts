// GET /sms/recipient/report: messages per address-book recipient. Recipients are not a rollup
// dimension (an address book can hold millions), so this one reads messages: only those sent to a
// recipient (the partial index sms_recipient_idx), in the caller's scope and range.
import { withCurrencyColumn } from '@smsc/shared-util';
import { sql, type Expression, type Kysely } from 'kysely';
import type { FastifyReply } from 'fastify';
import { MAX_PER_PAGE, type RecipientReportQuery, type RecipientReportRow } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { formatMoney } from '../lib/money';
import { wildcard } from '../lib/list';
import type { Range } from './engine';
import { whereOf } from './queries';
import { sendCsv } from '../lib/csv-download';
import { ofCompany, visibleRows, type CallerScope } from '../lib/tenancy';

// A message can name a recipient of another company (stored before body ids were checked): the
// recipient's name and number show only when the caller may see that recipient itself.
const RECIPIENT_OWNERS = ofCompany('r');

type Raw = {
  recipient_uuid: string;
  recipient_name: string | null;
  number: string | null;
  messages: string;
  delivered: string;
  segments: string;
  revenue: string | null;
  last_sent: Date | null;
  total_rows: string;
};

/**
 * The relations the report reads, handed by the caller: the content domain's recipients
 * (`app.content.recipientRows(db)`) and messaging's messages (`app.messagingRepository.smsRows`); reports imports
 * neither domain.
 */
export interface RecipientSources {
  recipients: Expression<unknown>;
  messages: Expression<unknown>;
}

function query(
  { recipients, messages }: RecipientSources,
  scope: CallerScope,
  range: Range,
  name: string | undefined,
  limit: number,
  offset: number,
) {
  const named = name ? sql`and r.recipient_name ilike ${wildcard(name)}` : sql``;
  return sql<Raw>`
    with agg as (
      select s.recipient_uuid, count(*) as messages, count(*) filter (where s.status = 'delivered') as delivered,
        sum(s.segments) as segments, sum(s.price) filter (where s.status = 'delivered') as revenue, max(s.created_on) as last_sent
      from ${messages} s where s.recipient_uuid is not null and not s.is_received and s.created_on >= ${range.start} and s.created_on < ${range.end}
        and ${whereOf(scope, {})}
      group by s.recipient_uuid
    )
    select a.*, r.recipient_name, r.number, count(*) over () as total_rows
    from agg a left join ${recipients} r on r.recipient_uuid = a.recipient_uuid and ${visibleRows(scope, RECIPIENT_OWNERS)}
    where true ${named}
    order by a.messages desc, a.recipient_uuid limit ${limit} offset ${offset}`;
}

const toRow = (r: Raw): RecipientReportRow => ({
  recipient_uuid: r.recipient_uuid,
  recipient_name: r.recipient_name,
  number: r.number,
  messages: Number(r.messages),
  delivered: Number(r.delivered),
  segments: Number(r.segments),
  revenue: formatMoney(BigInt(r.revenue ?? 0)),
  last_sent: r.last_sent ? new Date(r.last_sent).toISOString() : null,
});

export async function recipientReport(
  db: Kysely<Database>,
  sources: RecipientSources,
  scope: CallerScope,
  range: Range,
  q: RecipientReportQuery,
) {
  const per_page = Math.min(q.per_page ?? 10, MAX_PER_PAGE);
  const rows = (await query(sources, scope, range, q.recipient_name, per_page, (q.page ?? 0) * per_page).execute(db))
    .rows;
  return { items: rows.map(toRow), total: Number(rows[0]?.total_rows ?? 0), per_page };
}

export function recipientCsv(
  db: Kysely<Database>,
  sources: RecipientSources,
  reply: FastifyReply,
  scope: CallerScope,
  range: Range,
  name: string | undefined,
  zone = 'UTC',
) {
  const columns = withCurrencyColumn([
    { key: 'recipient_name', title: 'Recipient' },
    { key: 'number', title: 'Number', kind: 'phone' as const },
    { key: 'messages', title: 'Messages', kind: 'number' as const },
    { key: 'delivered', title: 'Delivered', kind: 'number' as const },
    { key: 'segments', title: 'Segments', kind: 'number' as const },
    { key: 'revenue', title: 'Revenue', kind: 'money' as const },
    { key: 'last_sent', title: `Last sent (${zone})`, kind: 'datetime' as const, zone },
  ]);
  return sendCsv(reply, 'recipient-report.csv', columns, async function* (stopped) {
    for (let offset = 0; !stopped(); offset += 10_000) {
      const rows = (await query(sources, scope, range, name, 10_000, offset).execute(db)).rows;
      if (!rows.length) return;
      yield rows.map(toRow);
      if (rows.length < 10_000) return;
    }
  });
}
