// Stores a bulk and its numbers in one transaction: on PGlite by COPY (db/copy-rows.ts), on a real
// PostgreSQL by one INSERT … unnest per 20,000 rows.
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { copyWithParent } from '../db/copy-rows';
import type { BulkRecipient } from './recipients';

export async function insertBulk(
  db: Kysely<Database>,
  bulk: Insertable<Database['bulks']>,
  r: BulkRecipient[],
): Promise<string> {
  const fieldsOf = (x: BulkRecipient) => (x.fields ? JSON.stringify(x.fields) : null);
  const copied = await copyWithParent(
    db,
    db.insertInto('bulks').values(bulk).returning('bulk_uuid').compile(),
    'bulk_uuid',
    'bulk_recipients (bulk_uuid, seq, number, fields)',
    (id) =>
      r
        .map((x, i) => {
          const f = fieldsOf(x);
          return `${id},${i + 1},${x.number},${f === null ? '' : `"${f.replace(/"/g, '""')}"`}`;
        })
        .join('\n'),
  );
  if (copied !== null) return copied;
  return db.transaction().execute(async (trx) => {
    const b = await trx.insertInto('bulks').values(bulk).returning('bulk_uuid').executeTakeFirstOrThrow();
    // One statement per 20,000 rows: unnest keeps the parameter count at three whatever the size.
    for (let i = 0; i < r.length; i += 20_000) {
      const part = r.slice(i, i + 20_000);
      await sql`insert into bulk_recipients (bulk_uuid, seq, number, fields)
        select ${b.bulk_uuid}::uuid, v.seq, v.number, v.fields::jsonb
        from unnest(${part.map((_, k) => i + k + 1)}::int[], ${part.map((x) => x.number)}::text[], ${part.map(fieldsOf)}::text[]) as v(seq, number, fields)`.execute(
        trx,
      );
    }
    return b.bulk_uuid;
  });
}
