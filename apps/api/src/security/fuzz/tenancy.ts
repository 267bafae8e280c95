import { sql } from 'kysely';
import { companyRows } from '../../accounts';
import type { FastifyInstance } from 'fastify';

/** Who owns a row: its company and that company's reseller, or a reseller alone (catalog rows). */
interface Owned {
  id: string;
  company: string | null;
  reseller: string | null;
}

/** A caller's tenant: a company (company roles) or a reseller; the system admin has none. */
export interface Tenant {
  company: string | null;
  reseller: string | null;
}

/**
 * The ids of the seeded database by kind (the primary-key column's name, e.g. `recipient_uuid`), each
 * with its owner, and the text values of the same rows by column name. The fuzzer names another
 * tenant's ids in requests with these, and fills a body's other fields with the caller's own values so
 * the request gets past validation to the handler that must refuse it.
 */
export class TenantIndex {
  private constructor(
    private readonly ids: Map<string, Owned[]>,
    private readonly values: Map<string, { value: string; owner: Owned }[]>,
  ) {}

  static async build(app: FastifyInstance, perTable = 400): Promise<TenantIndex> {
    const { rows: keys } = await sql<{ table: string; column: string }>`
      select tc.table_name as "table", min(k.column_name) as "column"
      from information_schema.table_constraints tc
      join information_schema.key_column_usage k
        on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
      join information_schema.columns c
        on c.table_schema = k.table_schema and c.table_name = k.table_name and c.column_name = k.column_name
      where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY' and c.data_type = 'uuid'
      group by tc.table_name having count(*) = 1 order by 1`.execute(app.db);
    const { rows: cols } = await sql<{ table: string; column: string; type: string }>`
      select table_name as "table", column_name as "column", data_type as "type"
      from information_schema.columns where table_schema = current_schema()`.execute(app.db);
    const colsOf = (t: string) => cols.filter((c) => c.table === t);
    const { rows: companies } = await sql<{
      company_uuid: string;
      reseller_uuid: string | null;
    }>`select company_uuid, reseller_uuid from ${companyRows} c`.execute(app.db);
    const resellerOf = new Map(companies.map((c) => [c.company_uuid, c.reseller_uuid]));

    const ids = new Map<string, Owned[]>();
    const values = new Map<string, { value: string; owner: Owned }[]>();
    for (const { table, column } of keys) {
      const names = colsOf(table).map((c) => c.column);
      const hasCompany = names.includes('company_uuid') || table === 'companies';
      const hasReseller = names.includes('reseller_uuid');
      if (!hasCompany && !hasReseller) continue;
      const { rows } = await sql
        .raw<Record<string, unknown>>(`select * from "${table}" order by "${column}" limit ${perTable}`)
        .execute(app.db);
      const kind = column === 'uuid' ? `${table.replace(/s$/, '')}_uuid` : column;
      for (const row of rows) {
        const company = (table === 'companies' ? row[column] : row.company_uuid) as string | null;
        const reseller = (row.reseller_uuid as string | null) ?? (company ? (resellerOf.get(company) ?? null) : null);
        const owner = { id: String(row[column]), company: company ?? null, reseller };
        if (!owner.company && !owner.reseller) continue;
        ids.set(kind, [...(ids.get(kind) ?? []), owner]);
        for (const c of colsOf(table)) {
          const v = row[c.column];
          if (typeof v !== 'string' || !v || v.length > 200) continue;
          values.set(c.column, [...(values.get(c.column) ?? []), { value: v, owner }]);
        }
      }
    }
    return new TenantIndex(ids, values);
  }

  /** Whether `o` belongs to a tenant other than `t` (rows of nobody and callers of no tenant: never). */
  static foreign(o: Omit<Owned, 'id'>, t: Tenant): boolean {
    if (t.company) {
      if (o.company) return o.company !== t.company;
      return !!o.reseller && o.reseller !== t.reseller;
    }
    if (t.reseller) return !!o.reseller && o.reseller !== t.reseller;
    return false;
  }

  private static own(o: Omit<Owned, 'id'>, t: Tenant): boolean {
    if (t.company) return o.company === t.company;
    if (t.reseller) return o.reseller === t.reseller;
    return true;
  }

  /** Another tenant's ids of one kind, or of every kind when the field's name says none (`id`). */
  foreignIds(t: Tenant, kind?: string): string[] {
    const pool = kind && this.ids.has(kind) ? (this.ids.get(kind) ?? []) : [...this.ids.values()].flat();
    return pool.filter((o) => TenantIndex.foreign(o, t)).map((o) => o.id);
  }

  ownIds(t: Tenant, kind: string): string[] {
    return (this.ids.get(kind) ?? []).filter((o) => TenantIndex.own(o, t)).map((o) => o.id);
  }

  /** The caller's own text values of a column named like the field (a real sender number for `ani`, ...). */
  ownValues(t: Tenant, column: string): string[] {
    return [...new Set((this.values.get(column) ?? []).filter((v) => TenantIndex.own(v.owner, t)).map((v) => v.value))];
  }

  /** Every id of another tenant, to recognise one in a request. */
  allForeign(t: Tenant): Set<string> {
    return new Set(this.foreignIds(t));
  }
}
