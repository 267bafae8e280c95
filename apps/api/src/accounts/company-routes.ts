import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import {
  Company,
  CompanyCreate,
  CompanyListQuery,
  CompanyPatch,
  IdParam,
  ListPage,
  MessageBody,
} from '@smsc/shared-contract';
import type { AccessPolicy } from '../lib/access';
import { orNotFound } from '../lib/tenant';
import { FieldError, forbidden } from '../lib/http-error';
import { companyInScope, deleteCompany, insertCompany, listCompanies, updateCompany } from './company-store';
import { audit } from '../security';
import { checkPasswordPolicy, hashPassword } from '../lib/passwords';
import { isZoneName } from '../lib/account-zone';
import { creditChanged, creditFiguresOf, hasCreditSettings, parseCreditSettings, setCreditSettings } from '../billing';
import { COMPANY_OWNERS, rowsOf } from '../lib/tenancy';
import { orderProblem } from '../lib/retention-order';

/**
 * A zone the runtime does not know would make every reminder of the company fail later: a 400 now. So is an offset
 * ("+05:30"), which the runtime and the database read in opposite directions (lib/account-zone.ts).
 */
function checkZone(zone: string | undefined) {
  if (zone !== undefined && !isZoneName(zone))
    throw new FieldError({ time_zone: `${zone} is not a time zone (e.g. America/Chicago)` });
}

const read: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'tenant' };
const list: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' };
const create: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'none', user: 'none' };
const patch: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' };
const RETENTION_FIELDS = ['retention_redact_days', 'retention_remove_days', 'retention_archive'] as const;

/**
 * A company's retention overrides (docs/retention.md) are the system admin's alone: anyone else naming one is
 * refused. Removal must come after redaction when both are the company's own.
 */
function checkRetention(
  type: string,
  b: Partial<Record<(typeof RETENTION_FIELDS)[number], number | boolean | null>>,
  current?: { retention_redact_days: number | null; retention_remove_days: number | null },
) {
  if (!RETENTION_FIELDS.some((f) => b[f] !== undefined)) return;
  if (type !== 'admin') throw forbidden();
  const redact = b.retention_redact_days !== undefined ? b.retention_redact_days : current?.retention_redact_days;
  const remove = b.retention_remove_days !== undefined ? b.retention_remove_days : current?.retention_remove_days;
  const problem = orderProblem((redact as number | null) ?? null, (remove as number | null) ?? null);
  if (problem) throw new FieldError({ retention_remove_days: problem });
}

export default async function companyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  // The billing figures go to those who may see money: the company's biller and its company admins, not its users.
  const withCredit = async <C extends { company_uuid: string } | undefined>(req: FastifyRequest, c: C): Promise<C> =>
    c && req.user.user_type !== 'user' ? { ...c, ...(await creditFiguresOf(app.db, c.company_uuid)) } : c;
  const findCompany = (req: FastifyRequest, id: string) => companyInScope(app.db, rowsOf(req, COMPANY_OWNERS), id);

  app.get(
    '/company/list',
    {
      config: { access: list },
      schema: { tags: ['companies'], querystring: CompanyListQuery, response: { 200: ListPage(Company) } },
    },
    async (req) => listCompanies(app.db, rowsOf(req, COMPANY_OWNERS), req.query),
  );

  app.post(
    '/company',
    { config: { access: create }, schema: { tags: ['companies'], body: CompanyCreate, response: { 201: Company } } },
    async (req, reply) => {
      const b = req.body;
      const isAdmin = req.user.user_type === 'admin';
      // A reseller creates under itself only: another reseller (or none) is refused, not ignored.
      if (!isAdmin && b.reseller_uuid !== undefined && b.reseller_uuid !== req.user.reseller_uuid) throw forbidden();
      const credit = parseCreditSettings(b);
      checkZone(b.time_zone);
      checkRetention(req.user.user_type, b);
      const first = b.first_admin;
      if (first) {
        checkPasswordPolicy(first.password);
        if (await app.users.findByEmail(first.email))
          throw new FieldError({ first_admin: 'This e-mail is already registered' });
      }
      const password_hash = first ? await hashPassword(first.password, app.config.passwordHashCost) : null;
      // the company and its first admin exist together or not at all
      const row = await app.db.transaction().execute((trx) =>
        insertCompany(
          trx,
          {
            company_name: b.company_name,
            ...(b.time_zone !== undefined ? { time_zone: b.time_zone } : {}),
            ...(b.price_notice_days !== undefined ? { price_notice_days: b.price_notice_days } : {}),
            ...Object.fromEntries(RETENTION_FIELDS.filter((f) => b[f] !== undefined).map((f) => [f, b[f]])),
            payment_term_uuid: b.payment_term_uuid ?? null,
            status: b.status,
            prepay: b.prepay,
            is_below_credit_limit: b.is_below_credit_limit,
            is_created_by_admin: isAdmin,
            // A reseller always creates companies under itself.
            reseller_uuid: isAdmin ? (b.reseller_uuid ?? null) : req.user.reseller_uuid,
          },
          first && password_hash
            ? {
                email: first.email,
                full_name: first.full_name,
                password_hash,
                user_type: 'company_admin',
                is_admin: true,
                is_active: true,
                reseller_uuid: null,
              }
            : null,
        ),
      );
      if (hasCreditSettings(b)) {
        const figures = await setCreditSettings(app.db, row.company_uuid, credit);
        if (creditChanged(figures))
          await audit(
            req,
            'billing_account',
            row.company_uuid,
            { company_uuid: row.company_uuid, ...figures.before },
            { company_uuid: row.company_uuid, ...figures.after },
          );
      }
      const created = await findCompany(req, row.company_uuid);
      await audit(req, 'company', row.company_uuid, null, created);
      return reply.code(201).send(await withCredit(req, created));
    },
  );

  app.get(
    '/company/:id',
    { config: { access: read }, schema: { tags: ['companies'], params: IdParam, response: { 200: Company } } },
    async (req) => withCredit(req, orNotFound(await findCompany(req, req.params.id), 'Company')),
  );

  app.patch(
    '/company/:id',
    {
      config: { access: patch },
      schema: { tags: ['companies'], params: IdParam, body: CompanyPatch, response: { 200: Company } },
    },
    async (req) => {
      const target = orNotFound(await findCompany(req, req.params.id), 'Company');
      const { credit_limit, low_balance_threshold, ...b } = req.body;
      const type = req.user.user_type;
      // Only the system admin moves a company between resellers; a company admin may only rename its company.
      if (type !== 'admin' && b.reseller_uuid !== undefined) throw forbidden();
      checkRetention(type, b, target);
      // ...so a company never sets its own credit line either: its biller does.
      if (
        type === 'company_admin' &&
        Object.keys(req.body).some((k) => !['company_name', 'time_zone', 'users_see_money'].includes(k))
      )
        throw forbidden();
      checkZone(b.time_zone);
      const credit = parseCreditSettings({ credit_limit, low_balance_threshold });
      if (Object.keys(b).length) await updateCompany(app.db, target.company_uuid, b);
      if (hasCreditSettings(credit)) {
        const figures = await setCreditSettings(app.db, target.company_uuid, credit);
        if (creditChanged(figures))
          await audit(
            req,
            'billing_account',
            target.company_uuid,
            { company_uuid: target.company_uuid, ...figures.before },
            { company_uuid: target.company_uuid, ...figures.after },
          );
      }
      const updated = await findCompany(req, target.company_uuid);
      await audit(req, 'company', target.company_uuid, target, updated);
      return withCredit(req, updated);
    },
  );

  app.delete(
    '/company/:id',
    { config: { access: create }, schema: { tags: ['companies'], params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const target = orNotFound(await findCompany(req, req.params.id), 'Company');
      await deleteCompany(app.db, target.company_uuid);
      await audit(req, 'company', target.company_uuid, target, null);
      return { message: 'Company deleted' };
    },
  );
}
