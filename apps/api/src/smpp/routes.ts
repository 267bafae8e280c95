// The console's calls on SMPP accounts: the system admin all, a reseller its companies', a company admin its
// own company's; a company user none. Every change is in the audit log (the password only as "changed").
import type { FastifyInstance } from 'fastify';
import {
  IdParam,
  MessageBody,
  SmppAccountCreateBody,
  SmppAccountListQuery,
  SmppAccountPage,
  SmppAccountPatchBody,
  SmppAccountPayload,
  SmppBindList,
} from '@smsc/shared-contract';
import { sql } from 'kysely';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { FieldError, HttpError, notFound } from '../lib/http-error';
import { hashPassword } from '../lib/passwords';
import { ordering, paging, wildcard } from '../lib/list';
import { rowsOf, targetCompany } from '../lib/tenancy';
import { audit } from '../security';
import { accountsQuery, SMPP_ACCOUNT_OWNERS, type AccountRow } from './accounts';
import { BindRegistry } from './binds';
import { accountRow, deleteAccount, insertAccount, unlockAccount, updateAccount } from './account-store';
import { lockStateOf, type BindLockout } from './lockout';
import { badCidrs } from './ip-allow';
import { checkTps } from './quota-routes';
import { suffixedSystemId } from './system-id';

const tags = ['smpp'];
const managers: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' };
const ORDERS = ['system_id', 'created_on', 'company_name'] as const;
/** random suffixes drawn before giving up (a million per prefix: a second draw is already rare) */
const SUFFIX_ATTEMPTS = 8;
const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** The audited fields of an account row (the hash only says it changed). */
const audited = (r: Record<string, unknown>) => {
  // the lock state has entries of its own (a lock, an unlock), not a line in every later change
  const {
    created_on: _c,
    updated_on: _u,
    company_name: _n,
    smpp_account_uuid: _id,
    failed_binds: _f,
    failed_since: _s,
    locked_until: _l,
    ...rest
  } = r;
  return rest;
};

function checkCidrs(list: string[] | undefined) {
  const bad = badCidrs(list ?? []);
  if (bad.length)
    throw new FieldError({ allowed_ips: `Not an address or CIDR range: ${bad.join(', ')} (e.g. 203.0.113.0/24)` });
}

export default async function smppRoutes(base: FastifyInstance, opts: { binds: BindRegistry; lockout: BindLockout }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const shape = (row: AccountRow) => {
    const { failed_since: _s, ...r } = row;
    return {
      ...r,
      ...lockStateOf(row, opts.lockout.settings),
      created_on: r.created_on.toISOString(),
      updated_on: r.updated_on.toISOString(),
      binds: opts.binds.count(r.smpp_account_uuid),
    };
  };
  const find = async (req: Parameters<typeof rowsOf>[0], id: string) => {
    const row = await accountsQuery(app.db, rowsOf(req, SMPP_ACCOUNT_OWNERS))
      .where('smpp_accounts.smpp_account_uuid', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('SMPP account');
    return row;
  };
  /** Binds of an account that was switched off, deleted or got a new password end now. */
  const unbindAll = (id: string) => {
    for (const b of opts.binds.of(id)) b.session.unbind();
  };

  app.get(
    '/smpp_account/list',
    {
      config: { access: managers },
      schema: { tags, querystring: SmppAccountListQuery, response: { 200: SmppAccountPage } },
    },
    async (req) => {
      const q = req.query;
      const { per_page, offset } = paging(q);
      const { col, dir } = ordering(q, ORDERS, 'created_on', 'desc');
      let list = accountsQuery(app.db, rowsOf(req, SMPP_ACCOUNT_OWNERS));
      if (q.system_id) list = list.where('smpp_accounts.system_id', 'ilike', wildcard(q.system_id));
      if (q.company_uuid) list = list.where('smpp_accounts.company_uuid', '=', q.company_uuid);
      const [rows, total] = await Promise.all([
        list
          .orderBy(col === 'company_name' ? 'companies.company_name' : `smpp_accounts.${col}`, dir)
          .orderBy('smpp_accounts.smpp_account_uuid')
          .limit(per_page)
          .offset(offset)
          .execute(),
        list
          .clearSelect()
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(shape), total: Number(total.n), per_page };
    },
  );

  app.post(
    '/smpp_account',
    {
      config: { access: managers },
      schema: { tags, body: SmppAccountCreateBody, response: { 201: SmppAccountPayload } },
    },
    async (req, reply) => {
      const b = req.body;
      const company_uuid = await targetCompany(app.db, req, b.company_uuid);
      checkCidrs(b.allowed_ips);
      checkTps(b.tps, app.config.env.SMPP_TPS_CEILING);
      const values = {
        company_uuid,
        password_hash: await hashPassword(b.password, app.config.passwordHashCost),
        allowed_ips: b.allowed_ips ?? [],
        max_binds: b.max_binds,
        tps: b.tps,
        default_ani: b.default_ani?.trim() || null,
        is_active: b.is_active,
      };
      const insert = (system_id: string) => insertAccount(app.db, { ...values, system_id });
      let row;
      if (req.user.user_type === 'admin') {
        // the system admin sees every account anyway: an exact id, and a clear answer when it is taken
        try {
          row = await insert(b.system_id);
        } catch (e) {
          if (!isUniqueViolation(e)) throw e;
          throw new FieldError({ system_id: `The system_id "${b.system_id}" is taken; choose another` });
        }
      } else {
        for (let attempt = 1; !row; attempt++) {
          try {
            row = await insert(suffixedSystemId(b.system_id));
          } catch (e) {
            if (!isUniqueViolation(e) || attempt >= SUFFIX_ATTEMPTS) throw e;
          }
        }
      }
      await audit(req, 'smpp_account', row.smpp_account_uuid, null, audited(row));
      return reply.code(201).send({ smpp_account: shape(await find(req, row.smpp_account_uuid)) });
    },
  );

  app.get(
    '/smpp_account/:id',
    { config: { access: managers }, schema: { tags, params: IdParam, response: { 200: SmppAccountPayload } } },
    async (req) => ({ smpp_account: shape(await find(req, req.params.id)) }),
  );

  app.patch(
    '/smpp_account/:id',
    {
      config: { access: managers },
      schema: { tags, params: IdParam, body: SmppAccountPatchBody, response: { 200: SmppAccountPayload } },
    },
    async (req) => {
      await find(req, req.params.id);
      const b = req.body;
      checkCidrs(b.allowed_ips);
      const before = await accountRow(app.db, req.params.id);
      checkTps(b.tps, app.config.env.SMPP_TPS_CEILING, before.tps);
      const set: Record<string, unknown> = { updated_on: new Date() };
      if (b.password !== undefined) set.password_hash = await hashPassword(b.password, app.config.passwordHashCost);
      if (b.allowed_ips !== undefined) set.allowed_ips = b.allowed_ips;
      if (b.max_binds !== undefined) set.max_binds = b.max_binds;
      if (b.tps !== undefined) set.tps = b.tps;
      if (b.default_ani !== undefined) set.default_ani = b.default_ani?.trim() || null;
      if (b.is_active !== undefined) set.is_active = b.is_active;
      const after = await updateAccount(app.db, req.params.id, set);
      await audit(req, 'smpp_account', req.params.id, audited(before), audited(after));
      if (b.is_active === false || b.password !== undefined) unbindAll(req.params.id);
      return { smpp_account: shape(await find(req, req.params.id)) };
    },
  );

  app.delete(
    '/smpp_account/:id',
    { config: { access: managers }, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      await find(req, req.params.id);
      const row = await deleteAccount(app.db, req.params.id);
      if (!row) throw new HttpError(409, 'The SMPP account was deleted meanwhile');
      await audit(req, 'smpp_account', req.params.id, audited(row), null);
      unbindAll(req.params.id);
      return { message: 'SMPP account deleted' };
    },
  );

  app.post(
    '/smpp_account/:id/unlock',
    { config: { access: managers }, schema: { tags, params: IdParam, response: { 200: SmppAccountPayload } } },
    async (req) => {
      const row = await find(req, req.params.id);
      const lock = lockStateOf(row, opts.lockout.settings);
      await unlockAccount(app.db, req.params.id);
      // an entry for a lock that held (the count of failures alone is no lock)
      if (lock.locked_until)
        await audit(
          req,
          'smpp_account',
          req.params.id,
          { company_uuid: row.company_uuid, ...lock },
          { company_uuid: row.company_uuid, locked_until: null, failed_binds: 0 },
        );
      return { smpp_account: shape(await find(req, req.params.id)) };
    },
  );

  app.get(
    '/smpp_account/:id/binds',
    { config: { access: managers }, schema: { tags, params: IdParam, response: { 200: SmppBindList } } },
    async (req) => {
      await find(req, req.params.id);
      const items = opts.binds.of(req.params.id).map((b) => ({
        bind_id: b.bind_id,
        remote_address: b.remote_address,
        bind_type: b.bind_type,
        since: b.since.toISOString(),
        submits: b.submits,
        receipts: b.receipts,
        incoming: b.incoming,
        rate: BindRegistry.rate(b),
      }));
      return { items };
    },
  );
}
