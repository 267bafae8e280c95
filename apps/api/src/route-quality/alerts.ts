// The alert of a pass: the measurements demoted or promoted routes, so every system admin gets one mail (through the
// mail outbox, in the pass's transaction: no mail for a pass that rolled back, none lost for one that committed). A
// change an admin made by pinning is not mailed: that admin chose it, and it is in the route's changes and the audit.
// The same changes fire SmscRouteDemoted where Prometheus scrapes /metrics; the mail reaches a server without it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { accountsRepository } from '../accounts';
import { queueMail } from '../mail';

export interface AlertedChange {
  vendor_product_name: string;
  vendor_name: string | null;
  iso2: string;
  to: 'active' | 'demoted';
  reason: string;
}

const line = (c: AlertedChange) =>
  `- ${c.vendor_product_name}${c.vendor_name ? ` (${c.vendor_name})` : ''} → ${c.iso2}: ` +
  `${c.to === 'demoted' ? 'demoted' : 'promoted back'}, ${c.reason}.`;

/** The mail of one pass's measured changes (none: none). */
export function alertMail(changes: AlertedChange[]): { subject: string; text: string } | null {
  if (!changes.length) return null;
  const [one] = changes;
  const subject =
    changes.length === 1
      ? `Route ${one.to === 'demoted' ? 'demoted' : 'promoted back'}: ${one.vendor_product_name} → ${one.iso2}`
      : `${changes.length} routes changed: ${changes.filter((c) => c.to === 'demoted').length} demoted, ` +
        `${changes.filter((c) => c.to === 'active').length} promoted back`;
  const text = [
    'The route quality moved these routes by their measured delivery:',
    '',
    ...changes.map(line),
    '',
    "A demoted route carries a destination's messages only when none of its routing's other routes can; it comes " +
      'back after its probation. See Products → Route quality in the console (Set floor, Pin).',
  ].join('\n');
  return { subject, text };
}

/** Queues the pass's alert to every active system admin, in the caller's transaction. */
export async function alertAdmins(db: Kysely<Database>, changes: AlertedChange[]): Promise<number> {
  const mail = alertMail(changes);
  if (!mail) return 0;
  const to = await accountsRepository.usersToMail(db, { systemAdmins: true });
  await queueMail(
    db,
    to.map((email) => ({ to: email, ...mail })),
  );
  return to.length;
}
