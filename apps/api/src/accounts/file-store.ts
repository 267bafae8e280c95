// Accounts' statements on uploaded files for the file routes. Each takes the executor first.
import type { Expression, Insertable, Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** A stored upload, answered as the file record the API shows (never the bytes). */
export const insertFile = (db: Db, values: Insertable<Database['files']>) =>
  db
    .insertInto('files')
    .values(values)
    .returning(['file_uuid as uuid', 'name', 'size', 'content_type', 'created_on'])
    .executeTakeFirstOrThrow();

/** The file's name, type and bytes, or undefined when there is none of this id in `scope` (rows of files). */
export const fileContent = (db: Db, scope: Expression<SqlBool>, file_uuid: string) =>
  db
    .selectFrom('files')
    .select(['name', 'content_type', 'data'])
    .where('file_uuid', '=', file_uuid)
    .where(scope)
    .executeTakeFirst();
