import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Balance,
  BalanceQuery,
  LedgerEntry,
  ListPage,
  Payment,
  PaymentCreate,
  PaymentListQuery,
  PaymentPayload,
  TransactionListQuery,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { FieldError, notFound } from '../lib/http-error';
import { balanceOf, type AccountRef } from './ledger';
import { formatMoney, MoneyError, parseMoney } from '../lib/money';
import { billingOwners } from './scope';
import { findPayment, listPayments, listTransactions, recordManualPayment } from './payments';
import { audit } from '../security';
import { assertCanName, callerScope, rowsOf } from '../lib/tenancy';

// Reads: the admin all, a reseller its companies and its own account, a company admin its company.
const readCfg = {
  config: {
    access: { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' } satisfies AccessPolicy,
  },
};
// Manual payments are entered by whoever bills the account: the admin or the company's reseller.
const writeCfg = {
  config: { access: { admin: 'all', reseller: 'tenant', company_admin: 'none', user: 'none' } satisfies AccessPolicy },
};

/** A positive amount in micro-units, or a 400 on the amount field. */
export function positiveAmount(text: string, maxDecimals = 6): bigint {
  let micro: bigint;
  try {
    micro = parseMoney(text);
  } catch (e) {
    if (e instanceof MoneyError) throw new FieldError({ amount: 'Enter an amount such as 100.00' });
    throw e;
  }
  if (micro <= 0n) throw new FieldError({ amount: 'The amount must be greater than zero' });
  if (micro % 10n ** BigInt(6 - maxDecimals) !== 0n)
    throw new FieldError({ amount: `The amount takes at most ${maxDecimals} decimals` });
  return micro;
}

/** Which account a manual payment credits, after the caller's billing rights are checked. */
async function payee(
  app: FastifyInstance,
  req: FastifyRequest,
  body: PaymentCreate,
): Promise<{ ref: AccountRef; company_uuid: string | null; reseller_uuid: string | null }> {
  const me = req.user;
  if (body.company_uuid) {
    const company = await app.accounts.visibleCompany(app.db, callerScope(req), body.company_uuid);
    // A reseller's request about a company it does not bill answers as if the company did not exist.
    if (!company) throw notFound('Company');
    if (me.user_type === 'admin' && company.reseller_uuid)
      throw new FieldError({ company_uuid: 'This company is billed by its reseller' });
    if (body.reseller_uuid && body.reseller_uuid !== company.reseller_uuid)
      throw new FieldError({ reseller_uuid: 'The company does not belong to this reseller' });
    return {
      ref: { company_uuid: company.company_uuid },
      company_uuid: company.company_uuid,
      reseller_uuid: company.reseller_uuid,
    };
  }
  // A reseller's own account is billed by the system admin alone, so only the admin names a reseller here.
  if (body.reseller_uuid && me.user_type === 'admin') {
    await assertCanName(app.db, req, 'reseller', body.reseller_uuid);
    return { ref: { reseller_uuid: body.reseller_uuid }, company_uuid: null, reseller_uuid: body.reseller_uuid };
  }
  throw new FieldError({
    company_uuid: me.user_type === 'admin' ? 'Choose a company or a reseller' : 'Choose a company',
  });
}

export default async function paymentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/payment/list',
    { ...readCfg, schema: { tags: ['billing'], querystring: PaymentListQuery, response: { 200: ListPage(Payment) } } },
    async (req) => listPayments(app.db, rowsOf(req, billingOwners('p')), req.query),
  );

  app.post(
    '/payment',
    { ...writeCfg, schema: { tags: ['billing'], body: PaymentCreate, response: { 201: PaymentPayload } } },
    async (req, reply) => {
      const amount = positiveAmount(req.body.amount);
      const who = await payee(app, req, req.body);
      const payment_uuid = await recordManualPayment(app.db, who, amount, req.user.uuid);
      // money: who credited whom with how much (the ledger entry carries the same amount and cause)
      await audit(req, 'payment', payment_uuid, null, {
        company_uuid: who.company_uuid,
        reseller_uuid: who.reseller_uuid,
        method: 'manual',
        amount: formatMoney(amount),
        status: 'paid',
      });
      return reply.code(201).send({ payment: (await findPayment(app.db, payment_uuid)) as Payment });
    },
  );

  app.get(
    '/transaction/list',
    {
      config: { ...readCfg.config, apiKey: 'read' },
      schema: { tags: ['billing'], querystring: TransactionListQuery, response: { 200: ListPage(LedgerEntry) } },
    },
    async (req) => listTransactions(app.db, rowsOf(req, billingOwners('a')), req.query),
  );

  app.get(
    '/balance',
    {
      config: { ...readCfg.config, apiKey: 'read' },
      schema: { tags: ['billing'], querystring: BalanceQuery, response: { 200: Balance } },
    },
    async (req) => {
      const me = req.user;
      // Without a target: the caller's own account (its company, or a reseller's own).
      const company_uuid =
        req.query.company_uuid ?? (req.query.reseller_uuid ? undefined : (me.company_uuid ?? undefined));
      const reseller_uuid = company_uuid ? undefined : (req.query.reseller_uuid ?? me.reseller_uuid ?? undefined);
      let ref: AccountRef;
      if (company_uuid) {
        if (!(await app.accounts.visibleCompany(app.db, callerScope(req), company_uuid))) throw notFound('Company');
        ref = { company_uuid };
      } else if (reseller_uuid) {
        // a reseller's own account, or for the system admin any reseller's
        await assertCanName(app.db, req, 'reseller', reseller_uuid);
        ref = { reseller_uuid };
      } else {
        // The system admin has no account of its own.
        throw notFound('Account');
      }
      const b = await balanceOf(app.db, ref);
      return {
        company_uuid: company_uuid ?? null,
        reseller_uuid: company_uuid ? null : (reseller_uuid as string),
        balance: formatMoney(b.balance),
        reserved: formatMoney(b.reserved),
        available: formatMoney(b.available),
        credit_limit: formatMoney(b.credit_limit),
        low_balance_threshold: b.low_balance_threshold === null ? null : formatMoney(b.low_balance_threshold),
        currency: b.currency,
        prepay: b.prepay,
      };
    },
  );
}
