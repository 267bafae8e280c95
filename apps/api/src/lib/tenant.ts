import { sql, type Expression, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { notFound } from './http-error';

/** Rows of `companies` the caller may see at its route level (see docs/authorization.md). */
export function companyScope(req: FastifyRequest): Expression<SqlBool> {
  const { user, level } = req;
  if (level === 'all') return sql<boolean>`true`;
  if (user.user_type === 'reseller') return sql<boolean>`companies.reseller_uuid = ${user.reseller_uuid}`;
  return sql<boolean>`companies.company_uuid = ${user.company_uuid}`;
}

/** Rows of `users` the caller may see: tenant = users of its companies, own = itself. */
export function userScope(req: FastifyRequest): Expression<SqlBool> {
  const { user, level } = req;
  if (level === 'all') return sql<boolean>`true`;
  if (level === 'own') return sql<boolean>`users.uuid = ${user.uuid}`;
  if (user.user_type === 'reseller') {
    return sql<boolean>`users.company_uuid in (select c.company_uuid from companies c where c.reseller_uuid = ${user.reseller_uuid})`;
  }
  return sql<boolean>`users.company_uuid = ${user.company_uuid}`;
}

export function orNotFound<T>(row: T | undefined, what: string): T {
  if (!row) throw notFound(what);
  return row;
}
