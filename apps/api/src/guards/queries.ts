// Reads of the guards as the API answers them (decimal text for money, ISO dates).
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { CompanyGuards, PumpingHold, PumpingSignal } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { accountOf, billingRepository, formatMoney, spentColumns as accountSpent } from '../billing';
import { effectiveLimits, periodsOf } from './engine/limits';
import { allowedCountries } from './engine/destinations';
import { companyRows } from '../accounts';

const micro = (v: string | null) => (v === null ? null : BigInt(v));
const money = (v: bigint | null) => (v === null ? null : formatMoney(v));

/** The pumping holds visible under `where` (a tenancy condition on pumping_holds h / companies c), newest first. */
export async function holdsWhere(
  db: Kysely<Database>,
  where: Expression<SqlBool>,
  activeOnly: boolean,
): Promise<PumpingHold[]> {
  const rows = (
    await sql<{
      hold_uuid: string;
      company_uuid: string;
      company_name: string;
      prefix: string;
      reason: string;
      signal: PumpingSignal;
      held_on: Date;
      released_on: Date | null;
    }>`select h.hold_uuid, h.company_uuid, c.company_name, h.prefix, h.signal, h.reason, h.held_on, h.released_on
      from pumping_holds h join ${companyRows} c on c.company_uuid = h.company_uuid
      where ${where} ${activeOnly ? sql`and h.released_on is null` : sql``}
      order by h.held_on desc limit 200`.execute(db)
  ).rows;
  return rows.map((r) => ({
    ...r,
    held_on: new Date(r.held_on).toISOString(),
    released_on: r.released_on ? new Date(r.released_on).toISOString() : null,
  }));
}

type GuardCompany = { company_uuid: string; reseller_uuid: string | null; product_uuid: string | null };

/**
 * A company's spend today and this month (text columns `today`, `month`), from its account row (kept by
 * spendRecord with each store's holds); `company` names its uuid.
 */
const spentColumns = (company: Expression<string>, now: Date) => {
  const { day, monthStart } = periodsOf(now);
  return accountSpent(company, day, monthStart);
};

interface LimitColumns {
  daily_limit: string | null;
  monthly_limit: string | null;
  own_daily_limit: string | null;
  own_monthly_limit: string | null;
}
export interface SpendFigures extends LimitColumns {
  today: string;
  month: string;
}
/** Everything the guards know of a company in one read: its own guards, its reseller's, its product's floor. */
export interface GuardFigures extends SpendFigures {
  countries: string[] | null;
  reseller_countries: string[] | null;
  reseller_margin: string | null;
  product_margin: string | null;
  holds: string[] | null;
  /** each hold's signal, in the order of `holds` */
  hold_signals: string[] | null;
  alerted: boolean | null;
  low: string | null;
  balance: string | null;
  reserved: string | null;
  currency: string | null;
}

/** The four limits in micros (null: not set). */
export const limitsOf = (r: LimitColumns) => ({
  daily_limit: micro(r.daily_limit),
  monthly_limit: micro(r.monthly_limit),
  own_daily_limit: micro(r.own_daily_limit),
  own_monthly_limit: micro(r.own_monthly_limit),
});

/** The higher of a product's and its reseller's margin floor, in micros (null: neither set). */
export function marginFloor(r: Pick<GuardFigures, 'product_margin' | 'reseller_margin'>): bigint | null {
  const floors = [r.product_margin, r.reseller_margin].filter((f): f is string => f !== null).map(BigInt);
  return floors.length ? floors.reduce((a, b) => (a > b ? a : b)) : null;
}

export async function guardFigures(db: Kysely<Database>, company: GuardCompany): Promise<GuardFigures> {
  const id = company.company_uuid;
  return (
    await sql<GuardFigures>`select g.daily_limit::text, g.monthly_limit::text, g.own_daily_limit::text, g.own_monthly_limit::text,
      g.allowed_countries as countries, g.low_balance_alerted as alerted, r.allowed_countries as reseller_countries,
      r.min_margin::text as reseller_margin, p.min_margin::text as product_margin,
      a.low_balance_threshold::text as low, a.balance::text as balance, a.reserved::text as reserved, a.currency,
      (select array_agg(h.prefix order by h.hold_uuid) from pumping_holds h where h.company_uuid = ${id} and h.released_on is null) as holds,
      (select array_agg(h.signal order by h.hold_uuid) from pumping_holds h where h.company_uuid = ${id} and h.released_on is null) as hold_signals,
      ${spentColumns(sql.val(id), new Date())}
    from (select 1) one
      left join company_guards g on g.company_uuid = ${id}
      left join reseller_guards r on r.reseller_uuid = ${company.reseller_uuid}
      left join product_margin_floors p on p.product_uuid = ${company.product_uuid}
      left join ${accountOf(sql.val(id))} a on true`.execute(db)
  ).rows[0];
}

/** A company's limits and spend (undefined: no guards row); read inside the spending transaction. */
export async function spendFigures(
  db: Kysely<Database>,
  company_uuid: string,
  now = new Date(),
): Promise<SpendFigures | undefined> {
  return (
    await sql<SpendFigures>`select g.daily_limit::text, g.monthly_limit::text, g.own_daily_limit::text, g.own_monthly_limit::text,
        ${spentColumns(sql.ref('g.company_uuid'), now)}
      from company_guards g where g.company_uuid = ${company_uuid}`.execute(db)
  ).rows[0];
}

/**
 * A company's guards and its usage against them; `showMargin` for the admin and resellers only. Two spends: what
 * the limits count (the stores' spend record, UTC days: spent_today, spent_this_month) and what was spent, from
 * billing's ledger in the company's time zone (`spend`, messageSpend), what the company reads as its day and month.
 */
export async function companyGuards(
  db: Kysely<Database>,
  company: GuardCompany & { time_zone: string },
  showMargin: boolean,
): Promise<CompanyGuards> {
  const id = company.company_uuid;
  const [r, spent] = await Promise.all([
    guardFigures(db, company),
    billingRepository.messageSpend(db, id, company.time_zone),
  ]);
  const limits = limitsOf(r);
  const eff = effectiveLimits(limits);
  const effective = allowedCountries(r.countries, r.reseller_countries);
  const low = micro(r.low);
  const left = BigInt(r.balance ?? '0') - BigInt(r.reserved ?? '0');
  const floor = marginFloor(r);
  return {
    company_uuid: id,
    currency: r.currency ?? 'USD',
    daily_limit: money(limits.daily_limit),
    monthly_limit: money(limits.monthly_limit),
    own_daily_limit: money(limits.own_daily_limit),
    own_monthly_limit: money(limits.own_monthly_limit),
    effective_daily_limit: money(eff.daily),
    effective_monthly_limit: money(eff.monthly),
    spent_today: formatMoney(BigInt(r.today)),
    spent_this_month: formatMoney(BigInt(r.month)),
    spend: { today: formatMoney(spent.today), this_month: formatMoney(spent.month), time_zone: spent.time_zone },
    allowed_countries: r.countries,
    reseller_default_countries: r.reseller_countries,
    effective_countries: effective ? [...effective].sort() : null,
    low_balance_threshold: money(low),
    low_balance: low !== null && left < low,
    min_margin: showMargin ? money(floor) : null,
    pumping_holds: await holdsWhere(db, sql<boolean>`h.company_uuid = ${id}`, true),
  };
}

/** The row the audit log records for a company's guards (money as text, so the entry reads as typed). */
export async function guardsRow(db: Kysely<Database>, company_uuid: string) {
  const r = await db
    .selectFrom('company_guards')
    .select([
      sql<string | null>`daily_limit::text`.as('daily_limit'),
      sql<string | null>`monthly_limit::text`.as('monthly_limit'),
      sql<string | null>`own_daily_limit::text`.as('own_daily_limit'),
      sql<string | null>`own_monthly_limit::text`.as('own_monthly_limit'),
      'allowed_countries',
    ])
    .where('company_uuid', '=', company_uuid)
    .executeTakeFirst();
  const m = (v: string | null | undefined) => (v === null || v === undefined ? null : formatMoney(BigInt(v)));
  return {
    company_uuid,
    daily_limit: m(r?.daily_limit),
    monthly_limit: m(r?.monthly_limit),
    own_daily_limit: m(r?.own_daily_limit),
    own_monthly_limit: m(r?.own_monthly_limit),
    allowed_countries: r?.allowed_countries ?? null,
  };
}
