// Numbers' statements for the DID import (numbers/import.ts): the numbers a file clashes with, its rows, and
// the import log (did_import_log) every run writes to. Each takes the executor first, so the file's rows go
// in the import's one transaction.
import type { Expression, Insertable, Kysely, SqlBool } from 'kysely';
import type { DidImportLogQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage } from '../lib/list';
import { resellerRows, userRows } from '../accounts';

type Db = Kysely<Database>;

/** The first of these numbers (E.164) already in the inventory, whoever holds it; undefined when none is. */
export async function firstTakenDid(db: Db, dids: string[]): Promise<string | undefined> {
  const clash = await db.selectFrom('dids').select('did').where('did', 'in', dids).executeTakeFirst();
  return clash?.did;
}

export async function insertImportedDids(db: Db, rows: Insertable<Database['dids']>[]): Promise<void> {
  await db.insertInto('dids').values(rows).execute();
}

/** One run of an import, ok or refused. */
export async function logImport(db: Db, entry: Insertable<Database['did_import_log']>): Promise<void> {
  await db.insertInto('did_import_log').values(entry).execute();
}

/** A page of the import log in scope (both kinds of run, newest first). */
export function listImportLog(db: Db, scope: Expression<SqlBool>, q: DidImportLogQuery) {
  let b = db
    .selectFrom('did_import_log as l')
    .leftJoin(userRows.as('u'), 'u.uuid', 'l.user_uuid')
    .leftJoin(resellerRows.as('r'), 'r.reseller_uuid', 'l.reseller_uuid')
    .where(scope);
  if (q.source) b = b.where('l.source', '=', q.source);
  if (q.ok !== undefined) b = b.where('l.ok', '=', q.ok);
  return listPage(
    q,
    b
      .select([
        'l.import_uuid',
        'l.source',
        'l.smsc_id',
        'l.file_name',
        'l.ok',
        'l.lines',
        'l.imported',
        'l.message',
        'u.full_name as user_name',
        'r.reseller_name',
        'l.created_on',
      ])
      .orderBy('l.created_on', 'desc')
      .orderBy('l.import_uuid'),
    b,
  );
}
