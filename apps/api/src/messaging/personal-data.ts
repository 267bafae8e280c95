// Messages to and from one phone number, and its opt-outs, for privacy requests (lib/personal-data.ts).
// Erased messages are kept (their charges, the ledger and the report rollups still add up) with the number
// replaced by its token and the body blanked; opt-outs go (the privacy domain keeps their promise as a hash).
import { sql } from 'kysely';
import { ERASED_TEXT, type PersonalDataHolder } from '../lib/personal-data';
import { ofCompany, visibleRows } from '../lib/tenancy';

export const messagesHeld: PersonalDataHolder = {
  name: 'messages',
  async find(db, scope, { e164 }) {
    return db
      .selectFrom('sms')
      .select([
        'sms_uuid',
        'company_uuid',
        'is_received',
        'ani',
        'dnis',
        'text',
        'status',
        'segments',
        'created_on',
        'sent_on',
        'delivered_on',
      ])
      .where(visibleRows(scope, ofCompany('sms')))
      .where((eb) => eb.or([eb('dnis', '=', e164), eb('ani', '=', e164)]))
      .orderBy('created_on')
      .execute();
  },
  async erase(trx, scope, { e164, token }) {
    const r = await trx
      .updateTable('sms')
      .set({
        ani: sql<string>`case when ani = ${e164} then ${token} else ani end`,
        dnis: sql<string>`case when dnis = ${e164} then ${token} else dnis end`,
        text: ERASED_TEXT,
        status_message: null,
      })
      .where(visibleRows(scope, ofCompany('sms')))
      .where((eb) => eb.or([eb('dnis', '=', e164), eb('ani', '=', e164)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },
};

export const optOutsHeld: PersonalDataHolder = {
  name: 'opt_outs',
  async find(db, scope, { e164 }) {
    return db
      .selectFrom('suppressed_numbers')
      .select(['company_uuid', 'reseller_uuid', 'number', 'source', 'scope', 'sender', 'created_on'])
      .where(visibleRows(scope, ofCompany('suppressed_numbers')))
      .where('number', '=', e164)
      .execute();
  },
  async erase(trx, scope, { e164 }) {
    const r = await trx
      .deleteFrom('suppressed_numbers')
      .where(visibleRows(scope, ofCompany('suppressed_numbers')))
      .where('number', '=', e164)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};

/** Consent evidence (docs/opt-outs.md): kept as a record that consent changed, with the token and no text. */
export const consentHeld: PersonalDataHolder = {
  name: 'consent_events',
  async find(db, scope, { e164 }) {
    return db
      .selectFrom('consent_events')
      .select(['company_uuid', 'number', 'action', 'source', 'scope', 'sender', 'text', 'language', 'created_on'])
      .where(visibleRows(scope, ofCompany('consent_events')))
      .where('number', '=', e164)
      .orderBy('created_on')
      .execute();
  },
  async erase(trx, scope, { e164, token }) {
    const r = await trx
      .updateTable('consent_events')
      .set({ number: token, text: null })
      .where(visibleRows(scope, ofCompany('consent_events')))
      .where('number', '=', e164)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },
};
