import type { Kysely } from 'kysely';
import type { Database } from '../../apps/api/src/db/schema';

/** Bulk-inserts `count` companies named `Bench Company 00000`…, in batches; answers their ids in order. */
export async function seedCompanies(db: Kysely<Database>, count: number, batch = 1_000): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += batch) {
    const rows = Array.from({ length: Math.min(batch, count - start) }, (_, k) => {
      const i = start + k;
      return {
        company_name: `Bench Company ${String(i).padStart(5, '0')}`,
        status: i % 7 === 0 ? ('inactive' as const) : ('active' as const),
        prepay: i % 2 === 0,
      };
    });
    const inserted = await db.insertInto('companies').values(rows).returning('company_uuid').execute();
    ids.push(...inserted.map((r) => r.company_uuid));
  }
  return ids;
}
