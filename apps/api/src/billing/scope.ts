import { sql, type Expression, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';

/**
 * Billing rows belong to a company account (company_uuid set) or a reseller's own account (company
 * null, reseller_uuid set). `c` is the row's company joined in. A reseller sees its companies' rows and
 * its own account's; a company admin its company's; the system admin all.
 */
export function billingScope(req: FastifyRequest, table: 'p' | 'a'): Expression<SqlBool> {
  const { user, level } = req;
  if (level === 'all') return sql<boolean>`true`;
  const company = sql.ref(`${table}.company_uuid`);
  const reseller = sql.ref(`${table}.reseller_uuid`);
  if (user.user_type === 'reseller') {
    return sql<boolean>`((${company} is not null and c.reseller_uuid = ${user.reseller_uuid}) or (${company} is null and ${reseller} = ${user.reseller_uuid}))`;
  }
  return sql<boolean>`${company} = ${user.company_uuid}`;
}
