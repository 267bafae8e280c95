// A company's contacts with one phone number, for privacy requests (lib/personal-data.ts): erased outright (a
// campaign's link to the contact is set null by its foreign key).
import type { PersonalDataHolder } from '../lib/personal-data';
import { ofCompany, visibleRows } from '../lib/tenancy';

export const recipientsHeld: PersonalDataHolder = {
  name: 'recipients',
  async find(db, scope, { e164 }) {
    return db
      .selectFrom('recipients')
      .select(['recipient_uuid', 'company_uuid', 'recipient_name', 'number', 'created_on'])
      .where(visibleRows(scope, ofCompany('recipients')))
      .where('number', '=', e164)
      .execute();
  },
  async erase(trx, scope, { e164 }) {
    const r = await trx
      .deleteFrom('recipients')
      .where(visibleRows(scope, ofCompany('recipients')))
      .where('number', '=', e164)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
