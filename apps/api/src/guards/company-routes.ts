// GET/PUT /company/{id}/guards: a company's spend limits, allowed countries and low-balance threshold.
// Who may set what (docs/authorization.md, docs/guards.md): the system admin and the company's reseller set
// the limits and the countries; a company admin only lowers its own limits below those and sets its
// low-balance threshold. Tenancy through lib/tenancy.ts: another reseller's company answers 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CompanyGuards, CompanyGuardsPut, CountryPriceList, IdParam } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { callerScope } from '../lib/tenancy';
import { orNotFound } from '../lib/tenant';
import { FieldError, forbidden } from '../lib/http-error';
import { audit } from '../security';
import { parseCreditSettings, parseMoney, setCreditSettings } from '../billing';
import { ownLimitProblem } from './engine/limits';
import { normaliseCountries } from './engine/destinations';
import { companyGuards, guardsRow } from './queries';
import { saveCompanyGuards } from './writes';
import { countryPrices } from './country-prices';

const guardsAccess: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' };
const BILLER_FIELDS = ['daily_limit', 'monthly_limit', 'allowed_countries'] as const;

/** An amount field as micro-units (null clears), or a 400 naming the field. */
function amountOf(field: string, v: string | null | undefined): bigint | null | undefined {
  if (v === undefined || v === null) return v;
  let m: bigint;
  try {
    m = parseMoney(v);
  } catch {
    throw new FieldError({ [field]: 'Enter an amount such as 100.00' });
  }
  if (m < 0n) throw new FieldError({ [field]: 'A limit cannot be negative' });
  return m;
}

export default async function companyGuardRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const findCompany = async (req: FastifyRequest, id: string) => {
    const c = await app.accounts.visibleCompany(app.db, callerScope(req), id);
    return (
      c && {
        company_uuid: c.company_uuid,
        reseller_uuid: c.reseller_uuid,
        product_uuid: c.product_uuid,
        time_zone: c.time_zone,
      }
    );
  };
  const answer = (
    req: FastifyRequest,
    c: { company_uuid: string; reseller_uuid: string | null; product_uuid: string | null; time_zone: string },
  ) => companyGuards(app.db, c, req.user.user_type === 'admin' || req.user.user_type === 'reseller');

  app.get(
    '/company/:id/guards',
    {
      config: { access: guardsAccess },
      schema: { tags: ['guards'], params: IdParam, response: { 200: CompanyGuards } },
    },
    async (req) => answer(req, orNotFound(await findCompany(req, req.params.id), 'Company')),
  );

  app.get(
    '/company/:id/guards/countries',
    {
      config: { access: guardsAccess },
      schema: { tags: ['guards'], params: IdParam, response: { 200: CountryPriceList } },
    },
    async (req) => {
      const company = orNotFound(await findCompany(req, req.params.id), 'Company');
      const [prices, guards] = await Promise.all([
        countryPrices(app.db, await app.catalog.current(), company.product_uuid),
        companyGuards(app.db, company, false),
      ]);
      const allowed = guards.effective_countries ? new Set(guards.effective_countries) : null;
      return { items: prices.map((p) => ({ ...p, allowed: !allowed || allowed.has(p.iso2) })) };
    },
  );

  app.put(
    '/company/:id/guards',
    {
      config: { access: guardsAccess },
      schema: { tags: ['guards'], params: IdParam, body: CompanyGuardsPut, response: { 200: CompanyGuards } },
    },
    async (req) => {
      const company = orNotFound(await findCompany(req, req.params.id), 'Company');
      const b = req.body;
      const isCompany = req.user.user_type === 'company_admin';
      // A company never sets its own limits or destinations: its biller does; it may only lower them.
      if (isCompany && BILLER_FIELDS.some((f) => b[f] !== undefined)) throw forbidden();
      const parsed = {
        daily_limit: amountOf('daily_limit', b.daily_limit),
        monthly_limit: amountOf('monthly_limit', b.monthly_limit),
        own_daily_limit: amountOf('own_daily_limit', b.own_daily_limit),
        own_monthly_limit: amountOf('own_monthly_limit', b.own_monthly_limit),
      };
      let countries: string[] | null | undefined = b.allowed_countries;
      if (countries) {
        const n = normaliseCountries(countries);
        if (!n.ok) throw new FieldError({ allowed_countries: n.problem });
        countries = n.list;
      }
      const credit = parseCreditSettings({ low_balance_threshold: b.low_balance_threshold });
      const before = await guardsRow(app.db, company.company_uuid);
      const toMicro = (v: string | null) => (v === null ? null : parseMoney(v));
      const set = {
        daily: parsed.daily_limit === undefined ? toMicro(before.daily_limit) : parsed.daily_limit,
        monthly: parsed.monthly_limit === undefined ? toMicro(before.monthly_limit) : parsed.monthly_limit,
      };
      const own = {
        daily: parsed.own_daily_limit === undefined ? toMicro(before.own_daily_limit) : parsed.own_daily_limit,
        monthly: parsed.own_monthly_limit === undefined ? toMicro(before.own_monthly_limit) : parsed.own_monthly_limit,
      };
      // the company admin's own limit stays under what was set for it (a biller may lower theirs later: min() holds)
      if (isCompany) {
        const problems: Record<string, string> = {};
        const d = ownLimitProblem(set.daily, parsed.own_daily_limit ?? null);
        const m = ownLimitProblem(set.monthly, parsed.own_monthly_limit ?? null);
        if (d) problems.own_daily_limit = d;
        if (m) problems.own_monthly_limit = m;
        if (Object.keys(problems).length) throw new FieldError(problems);
      }
      const values = {
        daily_limit: set.daily?.toString() ?? null,
        monthly_limit: set.monthly?.toString() ?? null,
        own_daily_limit: own.daily?.toString() ?? null,
        own_monthly_limit: own.monthly?.toString() ?? null,
        allowed_countries: countries === undefined ? before.allowed_countries : countries,
      };
      await saveCompanyGuards(app.db, company.company_uuid, values);
      const after = await guardsRow(app.db, company.company_uuid);
      await audit(req, 'company_guards', company.company_uuid, before, after);
      if (credit.low_balance_threshold !== undefined) {
        const figures = await setCreditSettings(app.db, company.company_uuid, credit);
        await audit(
          req,
          'billing_account',
          company.company_uuid,
          { company_uuid: company.company_uuid, low_balance_threshold: figures.before.low_balance_threshold },
          { company_uuid: company.company_uuid, low_balance_threshold: figures.after.low_balance_threshold },
        );
      }
      app.guards.invalidate(company.company_uuid);
      // a new threshold may put the company below it now: the banner and the event follow at once
      if (credit.low_balance_threshold !== undefined) await app.guards.notifyLowBalance(company.company_uuid);
      return answer(req, company);
    },
  );
}
