// Whether a send is blocked by an opt-out, honouring each STOP's scope: the company's own for every sender or the
// one it was texted to, and reseller-wide ones of the company's reseller (a sister company's STOP). One query for
// a whole batch; the single send's check is the same condition inside its facts query (facts.ts).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';

/** The SQL condition on a suppressed_numbers row `n` that blocks a send of the company from `ani` to its number. */
export function blocksSend(
  company_uuid: RawBuilder<unknown>,
  reseller_uuid: RawBuilder<unknown>,
  ani: RawBuilder<unknown>,
) {
  return sql<boolean>`((n.company_uuid = ${company_uuid} and (n.sender = '' or n.sender = ${ani}))
    or (n.scope = 'reseller' and n.reseller_uuid = ${reseller_uuid}))`;
}

/**
 * The opt-outs among a batch's destinations, as a test of (sender, destination): one query over the numbers'
 * index whatever the batch's size.
 */
export async function suppressionOf(
  db: Kysely<Database>,
  company: { company_uuid: string; reseller_uuid: string | null },
  destinations: string[],
): Promise<(ani: string, destination: string) => boolean> {
  if (!destinations.length) return () => false;
  const rows = await db
    .selectFrom('suppressed_numbers as n')
    .select(['n.number', 'n.sender', 'n.company_uuid'])
    .where('n.number', 'in', destinations)
    .where((e) =>
      e.or([
        e('n.company_uuid', '=', company.company_uuid),
        ...(company.reseller_uuid
          ? [e.and([e('n.scope', '=', 'reseller'), e('n.reseller_uuid', '=', company.reseller_uuid)])]
          : []),
      ]),
    )
    .execute();
  if (!rows.length) return () => false;
  // per number: '' when every sender is blocked, else the senders that are
  const by = new Map<string, Set<string>>();
  for (const r of rows) {
    const sender = r.company_uuid === company.company_uuid ? r.sender : '';
    let set = by.get(r.number);
    if (!set) by.set(r.number, (set = new Set()));
    set.add(sender);
  }
  return (ani, destination) => {
    const set = by.get(destination);
    return !!set && (set.has('') || set.has(ani));
  };
}

/**
 * Of queued messages about to be handed to the gateway, those an opt-out now blocks (a STOP that arrived after
 * they were judged and stored): one query for the whole hand-over.
 */
export async function suppressedAtHandOver(db: Kysely<Database>, sms_uuids: string[]): Promise<string[]> {
  if (!sms_uuids.length) return [];
  // a message carries its company's reseller (stored with it for the reports): no join to the company
  const rows = await sql<{ sms_uuid: string }>`select s.sms_uuid from sms s
    where s.sms_uuid in (${sql.join(sms_uuids)}) and s.status = 'queued'
      and exists (select 1 from suppressed_numbers n where n.number = s.dnis
        and ${blocksSend(sql.ref('s.company_uuid'), sql.ref('s.reseller_uuid'), sql.ref('s.ani'))})`.execute(db);
  return rows.rows.map((r) => r.sms_uuid);
}
