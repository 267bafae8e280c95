// The mail domain's part of a privacy request (lib/personal-data.ts): mails to the users the caller reaches that
// spell one phone number, rewritten with the number's token (docs/privacy.md).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { mentions, redactNumber, type PersonalDataHolder, type PersonRef } from '../lib/personal-data';
import { visibleRows, type CallerScope } from '../lib/tenancy';
import { userRows } from '../accounts';

const digits = (p: PersonRef) => p.e164.replace(/^\+/, '');

/** Mails to the users the scope reaches (all mails for the system admin). */
async function mailsMentioning(db: Kysely<Database>, scope: CallerScope, person: PersonRef) {
  let q = db
    .selectFrom('outbox')
    .select(['id', 'recipient', 'subject', 'body', 'created_on'])
    .where(sql<boolean>`(body like ${`%${digits(person)}%`} or subject like ${`%${digits(person)}%`})`);
  if (!('all' in scope))
    q = q.where(
      'recipient',
      'in',
      db
        .selectFrom(userRows.as('users'))
        .select('email')
        .where(visibleRows(scope, { company: 'users.company_uuid', reseller: 'users.reseller_uuid' })),
    );
  return (await q.execute()).filter((m) => mentions(`${m.subject} ${m.body}`, person));
}

export const mailsHeld: PersonalDataHolder = {
  name: 'mails',
  async find(db, scope, person) {
    return mailsMentioning(db, scope, person);
  },
  async erase(trx, scope, person) {
    const mails = await mailsMentioning(trx, scope, person);
    for (const m of mails)
      await trx
        .updateTable('outbox')
        .set({ subject: redactNumber(m.subject, person), body: redactNumber(m.body, person) })
        .where('id', '=', m.id)
        .execute();
    return mails.length;
  },
};
