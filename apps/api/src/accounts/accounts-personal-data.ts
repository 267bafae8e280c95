// The accounts domain's part of a privacy request (lib/personal-data.ts): uploaded files (a recipients CSV, a
// bulk's file) that spell one phone number (the mails are mail/personal-data.ts). Text is rewritten with the
// number's token; a number written otherwise in a file (national format, spaced) is not recognised (docs/privacy.md).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { redactNumber, type PersonalDataHolder, type PersonRef } from '../lib/personal-data';
import { ofCompany, visibleRows, type CallerScope } from '../lib/tenancy';

const TEXT_TYPES = /^(text\/|application\/(json|csv))/;
const digits = (p: PersonRef) => p.e164.replace(/^\+/, '');

async function filesMentioning(db: Kysely<Database>, scope: CallerScope, person: PersonRef) {
  const rows = await db
    .selectFrom('files')
    .select(['file_uuid', 'name', 'content_type', 'data', 'created_on'])
    .where(visibleRows(scope, { ...ofCompany('files'), reseller: 'files.reseller_uuid' }))
    .where(sql<boolean>`position(convert_to(${digits(person)}, 'UTF8') in data) > 0`)
    .execute();
  return rows.filter((f) => TEXT_TYPES.test(f.content_type) || f.name.endsWith('.csv'));
}

export const filesHeld: PersonalDataHolder = {
  name: 'files',
  async find(db, scope, person) {
    const files = await filesMentioning(db, scope, person);
    return files.map(({ file_uuid, name, content_type, created_on }) => ({
      file_uuid,
      name,
      content_type,
      created_on,
    }));
  },
  async erase(trx, scope, person) {
    const files = await filesMentioning(trx, scope, person);
    for (const f of files) {
      const data = Buffer.from(redactNumber(Buffer.from(f.data).toString('utf8'), person), 'utf8');
      await trx.updateTable('files').set({ data, size: data.length }).where('file_uuid', '=', f.file_uuid).execute();
    }
    return files.length;
  },
};
