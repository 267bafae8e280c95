import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  AvailableNumbers,
  CountResult,
  DidDisconnectBody,
  DidOrderBody,
  DidOrderResult,
  DidSearchQuery,
  TfSearchQuery,
  type Did,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { HttpError } from '../lib/http-error';
import { countryUuid, DID_OWNERS, requireCompany } from './queries';
import {
  claimOrderKey,
  deleteDids,
  didsNumbered,
  heldNumbersForUpdate,
  insertOrdered,
  priorOrder,
  returnToStock,
  saveOrderResult,
  takenNumbers,
} from './order-store';
import { requireNanp, type NanpNumber } from './phone';
import { nanp } from './nanp';
import type { InventoryProvider, TakenCheck } from './provider';
import { rowsOf, targetCompany } from '../lib/tenancy';
import { parseMoney, post } from '../billing';
import { quote } from '../catalog';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** Charges a newly ordered number's first month to the company (idempotent per number). */
async function chargeFirstMonth(
  trx: Transaction<Database>,
  company_uuid: string,
  d: Pick<Did, 'did_uuid' | 'did' | 'monthly_price'>,
  by: string,
) {
  const amount = parseMoney(String(d.monthly_price));
  if (amount <= 0n) return;
  await post(trx, {
    account: { company_uuid },
    amount: -amount,
    kind: 'did_fee',
    cause_type: 'did',
    cause_id: d.did_uuid,
    idempotency_key: `did_first_month:${d.did_uuid}`,
    memo: `Number ${d.did}: first month`,
    created_by: by,
  });
}

const tags = ['numbers'];
const buyers = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' } satisfies AccessPolicy;
const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});

/** A listener for numbers back in stock, in the transaction that returned them (numbers/index.ts). */
export type ReturnedToStock = (trx: Transaction<Database>, did_uuids: string[]) => Promise<void>;

export default async function orderRoutes(
  base: FastifyInstance,
  opts: { provider: InventoryProvider; returned: readonly ReturnedToStock[] },
) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const { provider } = opts;
  const taken: TakenCheck = (numbers) => takenNumbers(app.db, numbers);

  app.get(
    '/did/search',
    { config: { access: buyers }, schema: { tags, querystring: DidSearchQuery, response: { 200: AvailableNumbers } } },
    async (req) => {
      const q = req.query;
      if (q.npa && !nanp().npas.has(q.npa))
        throw new HttpError(400, `Area code ${q.npa} is not a US or Canadian area code`);
      if (q.state && !nanp().states.has(q.state.toUpperCase()))
        throw new HttpError(400, `Unknown state or province "${q.state}"`);
      return { items: await provider.searchLocal({ ...q, count: q.count ?? 10 }, taken) };
    },
  );

  app.get(
    '/did/tf/search',
    { config: { access: buyers }, schema: { tags, querystring: TfSearchQuery, response: { 200: AvailableNumbers } } },
    async (req) => ({ items: await provider.searchTollFree({ ...req.query, count: req.query.count ?? 10 }, taken) }),
  );

  /**
   * Refuses, before anything is charged, numbers the company could not text with: none while it has no plan, and
   * none in a country its plan has no price for (issue 45: a bought number whose every message is blocked).
   */
  const assertUsable = async (product_uuid: string | null, numbers: NanpNumber[]) => {
    if (!product_uuid)
      throw new HttpError(
        422,
        'The company has no plan yet, so a number could not be used; nothing was ordered',
        {},
        'no_plan',
      );
    const catalog = await app.catalog.current();
    const unpriced = numbers.find((n) => {
      const q = quote(catalog, { productUuid: product_uuid, dnis: n.e164.slice(1) });
      return !q.ok && q.reason === 'no_price';
    });
    if (unpriced)
      throw new HttpError(
        422,
        `The company's plan has no price for messages to ${unpriced.e164}'s country; nothing was ordered`,
        {},
        'number_unpriced',
      );
  };

  /**
   * Orders every number or none. Two orders of the same number at once: the unique number column lets one
   * insert through and the other finds it taken (409, its transaction rolled back).
   * A repeated Idempotency-Key (per caller) answers the first order's result without ordering again.
   */
  const order =
    (tollFree: boolean) =>
    async (
      req: FastifyRequest<{ Body: DidOrderBody; Headers: { 'idempotency-key'?: string } }>,
      reply: import('fastify').FastifyReply,
    ) => {
      const numbers = req.body.numbers.map((raw, i) => requireNanp(raw, `Number ${i + 1}: `));
      checkKind(numbers, tollFree);
      const dupe = numbers.find((n, i) => numbers.findIndex((m) => m.e164 === n.e164) !== i);
      if (dupe) throw new HttpError(400, `${dupe.e164} is listed twice`);
      // a company admin orders for its own company; naming another is refused, not silently replaced
      const companyUuid = await targetCompany(app.db, req, req.body.company_uuid, {
        missing: 'company_uuid: choose the company the numbers are for',
        other: 'company_uuid: a company admin orders numbers for its own company',
      });
      const company = await requireCompany(app.db, req, companyUuid);
      await assertUsable(company.product_uuid, numbers);
      const key = req.headers['idempotency-key'];
      const hash = createHash('sha256')
        .update(JSON.stringify({ tollFree, company: company.company_uuid, numbers: numbers.map((n) => n.e164).sort() }))
        .digest('hex');
      const countries = new Map<string, string | null>();
      for (const c of new Set(numbers.map((n) => n.country))) if (c) countries.set(c, await countryUuid(app.db, c));

      const outcome = await app.db.transaction().execute(async (trx) => {
        if (key) {
          if (!(await claimOrderKey(trx, req.user.uuid, key, hash))) {
            const prior = await priorOrder(trx, req.user.uuid, key);
            if (prior.request_hash !== hash)
              throw new HttpError(422, 'This Idempotency-Key was used for a different order');
            return { replay: true, items: prior.result as Did[] };
          }
        }
        try {
          await provider.order(numbers.map((n) => n.e164));
        } catch (e) {
          throw new HttpError(400, (e as Error).message);
        }
        const inserted = await insertOrdered(
          trx,
          numbers.map((n) => ({
            did: n.e164,
            is_toll_free: n.isTollFree,
            area_code: n.npa,
            state: nanp().npas.get(n.npa)?.state ?? null,
            country_uuid: n.country ? (countries.get(n.country) ?? null) : null,
            monthly_price: provider.monthlyPrice(n.isTollFree),
            company_uuid: company.company_uuid,
            reseller_uuid: company.reseller_uuid,
            source: 'order' as const,
          })),
        );
        if (inserted.length !== numbers.length) {
          const got = new Set(inserted.map((r) => r.did));
          throw new HttpError(
            409,
            `${numbers.find((n) => !got.has(n.e164))?.e164} is no longer available; nothing was ordered`,
          );
        }
        const items = await didsNumbered(
          trx,
          numbers.map((n) => n.e164),
        );
        // the first month is charged with the order (the buyer confirmed the price): one ledger entry per
        // number, in the company's transaction history; the order and its charge commit together
        for (const d of items) await chargeFirstMonth(trx, company.company_uuid, d, req.user.uuid);
        if (key) await saveOrderResult(trx, req.user.uuid, key, items);
        return { replay: false, items };
      });
      if (outcome.replay) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ items: outcome.items });
    };
  const orderSchema = { tags, headers: IdempotencyHeaders, body: DidOrderBody, response: { 201: DidOrderResult } };
  app.post('/did/order', { config: { access: buyers }, schema: orderSchema }, order(false));
  app.post('/did/tf/order', { config: { access: buyers }, schema: orderSchema }, order(true));

  /**
   * Gives numbers back, all or none: an ordered number returns to its provider (its row goes), a number
   * from stock returns to the stock it came from. Either way its company and user assignment end.
   */
  const disconnect = (tollFree: boolean) => async (req: FastifyRequest<{ Body: { numbers: string[] } }>) => {
    const numbers = req.body.numbers.map((raw, i) => requireNanp(raw, `Number ${i + 1}: `));
    checkKind(numbers, tollFree);
    return app.db.transaction().execute(async (trx) => {
      const rows = await heldNumbersForUpdate(
        trx,
        rowsOf(req, DID_OWNERS),
        numbers.map((n) => n.e164),
      );
      const held = new Set(rows.map((r) => r.did));
      const missing = numbers.find((n) => !held.has(n.e164));
      if (missing) throw new HttpError(404, `Number ${missing.e164} not found; nothing was disconnected`);
      const ordered = rows.filter((r) => r.source === 'order').map((r) => r.did_uuid);
      const stock = rows.filter((r) => r.source !== 'order').map((r) => r.did_uuid);
      if (ordered.length) await deleteDids(trx, ordered);
      if (stock.length) {
        await returnToStock(trx, stock);
        for (const listener of opts.returned) await listener(trx, stock);
      }
      await provider.disconnect(rows.filter((r) => r.source === 'order').map((r) => r.did));
      return { count: rows.length };
    });
  };
  const disconnectSchema = { tags, body: DidDisconnectBody, response: { 200: CountResult } };
  app.post('/did/disconnect', { config: { access: buyers }, schema: disconnectSchema }, disconnect(false));
  app.post('/did/tf/disconnect', { config: { access: buyers }, schema: disconnectSchema }, disconnect(true));
}

function checkKind(numbers: NanpNumber[], tollFree: boolean) {
  const wrong = numbers.find((n) => n.isTollFree !== tollFree);
  if (wrong)
    throw new HttpError(
      400,
      `${wrong.e164} is ${tollFree ? 'not a toll-free number' : 'a toll-free number; use the toll-free call'}`,
    );
  if (!tollFree) {
    const unknown = numbers.find((n) => !nanp().npas.has(n.npa));
    if (unknown) throw new HttpError(400, `Area code ${unknown.npa} is not a US or Canadian area code`);
  }
}
