// The one answer to "which rows may this caller see or name". Every query that lists, reads or
// changes tenant data filters with visibleRows(), and every id a request body names goes through
// assertCanName() before anything is stored. See docs/api-architecture.md ("Tenancy").
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/schema';
import { forbidden, HttpError, notFound } from './http-error';

/**
 * Whose rows a caller reaches on the current route: the system admin all; a reseller its companies'
 * (and rows it owns itself); a company role its company's. `user_uuid` is set at level own: where a
 * table has a user column the caller then reaches only its own rows.
 */
export type CallerScope =
  { all: true } | { reseller_uuid: string; user_uuid?: string } | { company_uuid: string; user_uuid?: string };

export function callerScope(req: FastifyRequest): CallerScope {
  const { user, level } = req;
  if (level === 'all') return { all: true };
  const own = level === 'own' ? { user_uuid: user.uuid } : {};
  if (user.user_type === 'reseller') return { reseller_uuid: user.reseller_uuid as string, ...own };
  return { company_uuid: user.company_uuid as string, ...own };
}

/** Where a table keeps its owners; each value is a column reference such as `sms.company_uuid`. */
export type TenantColumns = CompanyColumns | ResellerColumns;

/** A table whose rows belong to a company (and may also be owned by a reseller or a user). */
export interface CompanyColumns {
  /** the company the row belongs to */
  company: string;
  /** the company's reseller, denormalised on the row or joined in: a reseller's rows need no sub-select */
  companyReseller?: string;
  /** a reseller that owns the row itself (its number stock, its own account, its uploads) */
  reseller?: string;
  /** with `reseller`: the reseller owns the row that way only while the row has no company */
  resellerOnlyWithoutCompany?: boolean;
  /** the user the row belongs to: at level own the caller reaches only its own rows */
  user?: string;
}

/**
 * A table a reseller keeps for itself (its catalog, its filters, its import runs), with no company
 * column: a company role reaches none of its rows, and a reseller its own at any level, since no
 * row names a user who could own it.
 */
export interface ResellerColumns {
  company?: undefined;
  /** the reseller that owns the row (null for the platform's own, which only the system admin reaches) */
  reseller: string;
}

/** The rows of a table (described by `cols`) that a caller with this scope may see or name. */
export function visibleRows(scope: CallerScope, cols: TenantColumns): Expression<SqlBool> {
  if ('all' in scope) return sql<boolean>`true`;
  if (cols.company === undefined) {
    return 'reseller_uuid' in scope
      ? sql<boolean>`${sql.ref(cols.reseller)} = ${scope.reseller_uuid}`
      : sql<boolean>`false`;
  }
  const company = sql.ref(cols.company);
  if (scope.user_uuid && cols.user) {
    const mine = sql<boolean>`${sql.ref(cols.user)} = ${scope.user_uuid}`;
    return 'company_uuid' in scope ? sql<boolean>`(${company} = ${scope.company_uuid} and ${mine})` : mine;
  }
  if ('company_uuid' in scope) return sql<boolean>`${company} = ${scope.company_uuid}`;
  const reseller = scope.reseller_uuid;
  const ofCompanies = cols.companyReseller
    ? sql<boolean>`${sql.ref(cols.companyReseller)} = ${reseller}`
    : // accounts' relation of a reseller's companies (migration 661): lib does not name accounts' tables
      sql<boolean>`${company} in (select c from reseller_companies(${reseller}) c)`;
  if (!cols.reseller) return ofCompanies;
  const owned = cols.resellerOnlyWithoutCompany
    ? sql<boolean>`(${company} is null and ${sql.ref(cols.reseller)} = ${reseller})`
    : sql<boolean>`${sql.ref(cols.reseller)} = ${reseller}`;
  return sql<boolean>`(${ofCompanies} or ${owned})`;
}

/**
 * visibleRows for one row held in memory (a live event): its company, and the reseller that owns it directly
 * or through that company. A user at level own hears of its company's changes (the refetch it makes then
 * reads through visibleRows, so it still sees only its own rows).
 */
export function canSee(scope: CallerScope, owners: { company_uuid?: string | null; reseller_uuid?: string | null }) {
  if ('all' in scope) return true;
  if ('company_uuid' in scope) return !!owners.company_uuid && owners.company_uuid === scope.company_uuid;
  return !!owners.reseller_uuid && owners.reseller_uuid === scope.reseller_uuid;
}

/** A table owned by a company alone (`<table>.company_uuid`). */
export const ofCompany = (table: string): TenantColumns => ({ company: `${table}.company_uuid` });
/** A table a reseller keeps for itself, owned through `column` (such as `v.reseller_uuid`). */
export const ofReseller = (column: string): TenantColumns => ({ reseller: column });

export const COMPANY_OWNERS: TenantColumns = {
  company: 'companies.company_uuid',
  companyReseller: 'companies.reseller_uuid',
};
/** A user row is its own: at level own a caller reaches only itself. */
export const USER_OWNERS: TenantColumns = { company: 'users.company_uuid', user: 'users.uuid' };

/** visibleRows for the caller of a request. */
export const rowsOf = (req: FastifyRequest, cols: TenantColumns): Expression<SqlBool> =>
  visibleRows(callerScope(req), cols);

/** The tables a request body may name by id, with their key and owner columns. */
const NAMEABLE = {
  // a reseller names only itself, the system admin any; a company role none
  reseller: { table: 'resellers', key: 'reseller_uuid', what: 'Reseller', cols: { reseller: 'reseller_uuid' } },
  company: {
    table: 'companies',
    key: 'company_uuid',
    what: 'Company',
    cols: { company: 'company_uuid', companyReseller: 'reseller_uuid' },
  },
  user: { table: 'users', key: 'uuid', what: 'User', cols: { company: 'company_uuid', user: 'uuid' } },
  recipient: { table: 'recipients', key: 'recipient_uuid', what: 'Recipient', cols: { company: 'company_uuid' } },
  sms_template: {
    table: 'sms_templates',
    key: 'sms_template_uuid',
    what: 'Template',
    cols: { company: 'company_uuid' },
  },
  ani_group: { table: 'ani_groups', key: 'ani_group_uuid', what: 'ANI group', cols: { company: 'company_uuid' } },
  did: {
    table: 'dids',
    key: 'did_uuid',
    what: 'Number',
    cols: { company: 'company_uuid', reseller: 'reseller_uuid', user: 'user_uuid' },
  },
} as const satisfies Record<string, { table: keyof Database; key: string; what: string; cols: TenantColumns }>;

export type Nameable = keyof typeof NAMEABLE;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Refuses (404, so the row's existence is not revealed) an id the caller may not name: one outside
 * its scope, or, with `company_uuid`, one that does not belong to the company the request acts for.
 */
export async function assertCanName(
  db: Kysely<Database>,
  req: FastifyRequest,
  kind: Nameable,
  id: string | null | undefined,
  within?: { company_uuid: string },
): Promise<void> {
  if (id === null || id === undefined) return;
  const t = NAMEABLE[kind];
  if (!UUID.test(id)) throw notFound(t.what);
  const key = sql.ref(`n.${t.key}`);
  const cols = Object.fromEntries(Object.entries(t.cols).map(([k, v]) => [k, `n.${v}`])) as unknown as TenantColumns;
  const inCompany = within ? sql`and n.company_uuid = ${within.company_uuid}` : sql``;
  const hit = await sql<{ one: number }>`select 1 as one from ${sql.table(t.table)} n
    where ${key} = ${id} and ${visibleRows(callerScope(req), cols)} ${inCompany} limit 1`.execute(db);
  if (!hit.rows.length) throw notFound(t.what);
}

/**
 * How a call words targetCompany's and targetReseller's refusals, where a form shows them on its own field
 * (the statuses stay: 400 for none named, 403 for another's).
 */
export interface TargetWords {
  /** the 400 when the system admin (or a reseller, for a company) names none */
  missing?: string;
  /** the 403 when a caller names another's; an HttpError instead answers that (404: as if it did not exist) */
  other?: string | HttpError;
}

const otherRefused = (words: TargetWords) => (words.other instanceof HttpError ? words.other : forbidden(words.other));

/**
 * The company a new record belongs to, or a call acts for: a company role's own (naming another answers 403);
 * the admin and a reseller must name one they may see (404 otherwise). The one way a record gets its company.
 */
export async function targetCompany(
  db: Kysely<Database>,
  req: FastifyRequest,
  named: string | undefined,
  words: TargetWords = {},
): Promise<string> {
  const { user } = req;
  if (user.user_type === 'company_admin' || user.user_type === 'user') {
    if (named !== undefined && named !== user.company_uuid) throw otherRefused(words);
    if (!user.company_uuid) throw forbidden();
    return user.company_uuid;
  }
  if (!named) throw new HttpError(400, words.missing ?? 'company_uuid: name the company this belongs to');
  await assertCanName(db, req, 'company', named);
  return named;
}

/**
 * The reseller a new record belongs to, or a call acts for: a reseller's own (naming another answers 403);
 * the system admin's is the reseller it names (404 when there is none), or the platform (null) when it names
 * none. A company role keeps no reseller's records (403). The one way a record gets its reseller.
 */
export async function targetReseller(
  db: Kysely<Database>,
  req: FastifyRequest,
  named?: string | null,
  words: TargetWords = {},
): Promise<string | null> {
  const { user } = req;
  if (user.user_type === 'reseller') {
    if (named !== undefined && named !== user.reseller_uuid) throw otherRefused(words);
    if (!user.reseller_uuid) throw forbidden();
    return user.reseller_uuid;
  }
  if (user.user_type !== 'admin') throw forbidden();
  if (!named) return null;
  await assertCanName(db, req, 'reseller', named);
  return named;
}
