// The rest of the guards' calls: pumping holds (list, release), the banner's alerts, the pumping
// thresholds, a reseller's defaults for its companies and a product's margin floor (docs/guards.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  GuardAlerts,
  GuardSettings,
  GuardSettingsPut,
  IdParam,
  MarginFloor,
  MarginFloorPut,
  PumpingHold,
  PumpingHoldList,
  ResellerGuards,
  ResellerGuardsPut,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { adminOnly, type AccessPolicy } from '../lib/access';
import { assertCanName, rowsOf, type TenantColumns } from '../lib/tenancy';
import { orNotFound } from '../lib/tenant';
import { FieldError, forbidden, notFound } from '../lib/http-error';
import { audit } from '../security';
import { formatMoney, parseMoney } from '../billing';
import { normaliseCountries } from './engine/destinations';
import { holdsWhere } from './queries';
import {
  guardSettings,
  marginFloorRow,
  releaseHold,
  resellerGuardsRow,
  saveResellerGuards,
  setMarginFloor,
  writeGuardSettings,
} from './writes';
import { rechargeAlert } from '../auto-recharge';

const HOLD_OWNERS: TenantColumns = { company: 'h.company_uuid', companyReseller: 'c.reseller_uuid' };
const holdsRead: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' };
const holdsRelease: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'none', user: 'none' };
const alertsRead: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'tenant' };
const resellerGuards: AccessPolicy = { admin: 'all', reseller: 'own', company_admin: 'none', user: 'none' };

const money = (v: string | bigint | null) => (v === null ? null : formatMoney(BigInt(v)));
function amount(field: string, v: string | null): bigint | null {
  if (v === null) return null;
  try {
    const m = parseMoney(v);
    if (m >= 0n) return m;
  } catch {
    // answered below in the field's words
  }
  throw new FieldError({ [field]: 'Enter an amount such as 0.002 (not negative)' });
}

export default async function guardAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/guards/holds',
    { config: { access: holdsRead }, schema: { tags: ['guards'], response: { 200: PumpingHoldList } } },
    async (req) => ({ items: await holdsWhere(app.db, rowsOf(req, HOLD_OWNERS), false) }),
  );

  app.post(
    '/guards/holds/:id/release',
    {
      config: { access: holdsRelease },
      schema: { tags: ['guards'], params: IdParam, response: { 200: PumpingHold } },
    },
    async (req) => {
      const visible = rowsOf(req, HOLD_OWNERS);
      const [before] = await holdsWhere(app.db, sql<boolean>`h.hold_uuid = ${req.params.id} and ${visible}`, false);
      if (!before) throw notFound('Hold');
      if (!before.released_on) {
        await releaseHold(app.db, before.hold_uuid, req.user.uuid);
        app.guards.released(before.company_uuid, before.prefix);
      }
      const [after] = await holdsWhere(app.db, sql<boolean>`h.hold_uuid = ${req.params.id}`, false);
      await audit(req, 'pumping_hold', after.hold_uuid, before, after);
      return after;
    },
  );

  app.get(
    '/guards/alerts',
    { config: { access: alertsRead }, schema: { tags: ['guards'], response: { 200: GuardAlerts } } },
    async (req: FastifyRequest) => {
      const holds = await holdsWhere(app.db, rowsOf(req, HOLD_OWNERS), true);
      const company_uuid = req.user.company_uuid;
      if (!company_uuid) return { low_balance: null, pumping_holds: holds };
      const [below, auto_recharge] = await Promise.all([
        app.guards.notifyLowBalance(company_uuid),
        rechargeAlert(app.db, company_uuid),
      ]);
      if (!below) return { low_balance: null, pumping_holds: holds, auto_recharge };
      const a = await app.billing.lowBalanceOf(app.db, company_uuid);
      if (a?.low == null) return { low_balance: null, pumping_holds: holds, auto_recharge };
      return {
        low_balance: {
          balance: formatMoney(BigInt(a.left)),
          threshold: formatMoney(BigInt(a.low)),
          currency: a.currency,
        },
        pumping_holds: holds,
        auto_recharge,
      };
    },
  );

  const settings = async () => {
    const s = await guardSettings(app.db);
    return { ...s, pumping_premium_prefixes: s.pumping_premium_prefixes ?? [] };
  };
  app.get(
    '/guards/settings',
    { config: { access: adminOnly }, schema: { tags: ['guards'], response: { 200: GuardSettings } } },
    settings,
  );
  app.put(
    '/guards/settings',
    {
      config: { access: adminOnly },
      schema: { tags: ['guards'], body: GuardSettingsPut, response: { 200: GuardSettings } },
    },
    async (req) => {
      const before = await settings();
      await writeGuardSettings(app.db, req.body);
      const after = await settings();
      await audit(req, 'guard_settings', 'pumping', before, after);
      await app.guards.reloadThresholds();
      return after;
    },
  );

  const resellerRow = async (reseller_uuid: string) => {
    const r = await resellerGuardsRow(app.db, reseller_uuid);
    return { reseller_uuid, allowed_countries: r?.allowed_countries ?? null, min_margin: money(r?.min_margin ?? null) };
  };
  /** the system admin any reseller; a reseller only itself (another's answers 404) */
  const ownReseller = (req: FastifyRequest, id: string) => assertCanName(app.db, req, 'reseller', id);
  app.get(
    '/reseller/:id/guards',
    {
      config: { access: resellerGuards },
      schema: { tags: ['guards'], params: IdParam, response: { 200: ResellerGuards } },
    },
    async (req) => {
      await ownReseller(req, req.params.id);
      return resellerRow(req.params.id);
    },
  );
  app.put(
    '/reseller/:id/guards',
    {
      config: { access: resellerGuards },
      schema: { tags: ['guards'], params: IdParam, body: ResellerGuardsPut, response: { 200: ResellerGuards } },
    },
    async (req) => {
      await ownReseller(req, req.params.id);
      const b = req.body;
      // the margin floor protects the platform's money: the system admin's alone
      if (b.min_margin !== undefined && req.user.user_type !== 'admin') throw forbidden();
      let countries = b.allowed_countries;
      if (countries) {
        const n = normaliseCountries(countries);
        if (!n.ok) throw new FieldError({ allowed_countries: n.problem });
        countries = n.list;
      }
      const before = await resellerRow(req.params.id);
      const values = {
        allowed_countries: countries === undefined ? before.allowed_countries : countries,
        min_margin:
          b.min_margin === undefined
            ? before.min_margin === null
              ? null
              : parseMoney(before.min_margin).toString()
            : (amount('min_margin', b.min_margin)?.toString() ?? null),
      };
      await saveResellerGuards(app.db, req.params.id, values);
      const after = await resellerRow(req.params.id);
      await audit(req, 'reseller_guards', req.params.id, before, after);
      app.guards.invalidate();
      return after;
    },
  );

  const floorOf = async (product_uuid: string) => {
    orNotFound((await app.catalogRepository.productExists(app.db, product_uuid)) || undefined, 'Product');
    return { product_uuid, min_margin: money((await marginFloorRow(app.db, product_uuid)) ?? null) };
  };
  app.get(
    '/product/:id/margin_floor',
    {
      config: { access: adminOnly },
      schema: { tags: ['guards'], params: IdParam, response: { 200: MarginFloor } },
    },
    async (req) => floorOf(req.params.id),
  );
  app.put(
    '/product/:id/margin_floor',
    {
      config: { access: adminOnly },
      schema: { tags: ['guards'], params: IdParam, body: MarginFloorPut, response: { 200: MarginFloor } },
    },
    async (req) => {
      const before = await floorOf(req.params.id);
      await setMarginFloor(app.db, req.params.id, amount('min_margin', req.body.min_margin));
      const after = await floorOf(req.params.id);
      await audit(req, 'product_margin_floor', req.params.id, before, after);
      app.guards.invalidate();
      return after;
    },
  );
}
