// What a bulk would cost if sent now, judged as the job will judge it. Writes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MessagingService } from '../messaging';
import { parseNanp } from '../numbers';
import { substitute } from '@smsc/shared-util';
import { balanceOf } from '../billing';
import type { BulkRecipient } from './recipients';
import type { BulkEstimateFigures } from './types';
import { SLICE_MS, nextTurn } from '../lib/event-loop-turns';

/** numbers judged per round of an estimate (two lookups each; the judging itself yields, see below) */
const ESTIMATE_CHUNK = 2_000;

/**
 * What a bulk would cost if sent now: every number judged as the job will judge it (price, parts, refusals),
 * against what the company can spend. Writes nothing.
 */
export async function estimateBulk(
  db: Kysely<Database>,
  messaging: MessagingService,
  input: {
    company_uuid: string;
    ani: string;
    text: string;
    recipients: BulkRecipient[];
  },
): Promise<BulkEstimateFigures> {
  const company = await messaging.facts.company(input.company_uuid);
  const ani = parseNanp(input.ani)?.e164 ?? input.ani.trim();
  let cost = 0n;
  let messages = 0;
  let parts = 0;
  const refused = new Map<string, { count: number; message: string }>();
  for (let i = 0; i < input.recipients.length; i += ESTIMATE_CHUNK) {
    if (i) await nextTurn();
    const judged = await messaging.pipeline.judge(
      company,
      input.recipients
        .slice(i, i + ESTIMATE_CHUNK)
        .map((r) => ({ ani, dnis: r.number, text: substitute(input.text, r.fields) })),
      // up to 100,000 numbers at ~30-100 µs each, in slices that give the event loop back to other requests (PGlite
      // answers in this thread, so without them not even the lookups yielded: 100,000 numbers were one 2.4-3 s block)
      // an estimate sends nothing: no number lookup is paid for it
      { sliceMs: SLICE_MS, lookup: false },
    );
    for (const j of judged) {
      if (j.decision.ok) {
        messages++;
        parts += j.segments;
        cost += j.decision.price;
        continue;
      }
      const seen = refused.get(j.decision.reason);
      if (seen) seen.count++;
      else refused.set(j.decision.reason, { count: 1, message: j.decision.message });
    }
  }
  const funds = await balanceOf(db, { company_uuid: company.company_uuid });
  return {
    total: input.recipients.length,
    messages,
    parts,
    cost,
    available: funds.available,
    currency: funds.currency,
    refused: [...refused].map(([reason, r]) => ({ reason, ...r })),
  };
}
