// Billing: the balance ledger, payments, card checkout, invoices. The ledger API below is what other domains
// (the SMS pipeline) call; amounts are bigint micro-units (money.ts).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { apiOf } from '../lib/api-context';
import { billingRepository, type BillingRepository } from './repository';
import paymentRoutes from './payments-routes';
import checkoutRoutes from './checkout-routes';
import invoiceRoutes from './invoice-routes';
import paypalRoutes from './paypal-routes';
import { registerAttachmentKind } from '../mail';
import { INVOICE_ATTACHMENT, invoiceAttachment } from './invoice-mail';
import { invoiceDetails } from './invoices';
import { invoiceBrandName } from './invoice-brand';
import { startExpirySweep } from './payment-expiry';

export {
  reserveMany,
  reserveManyWith,
  prepareHolds,
  type PreparedHolds,
  rideAccount,
  settleMany,
  closeMany,
  releaseMany,
  affordablePrefix,
  postMany,
  type SettleItem,
  type Held,
  type HeldAccount,
  type PostManyItem,
} from './ledger-batch';
export {
  post,
  reserve,
  settle,
  release,
  balanceOf,
  ledgerSumOf,
  type AccountRef,
  type AccountSpend,
  type PostInput,
  type Posted,
  type Reserved,
} from './ledger';
export { parseMoney, formatMoney, toMicro, MoneyError, MICRO_PER_UNIT } from '../lib/money';
export { stripeSettings } from './checkout-routes';
export { billingContacts, accountName } from './contacts';
export { chargeWholesale, wholesaleKey, type CatalogSource, type WholesaleMessage } from './wholesale';
export { LEDGER_KINDS, type LedgerKind } from './ledger-core';
export {
  creditChanged,
  creditFiguresOf,
  hasCreditSettings,
  parseCreditSettings,
  setCreditSettings,
} from './credit-settings';

export { accountOf, spentColumns, billingRepository, type BillingRepository, type MessageMoney } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** billing's repository: what other domains read and write of billing's tables */
    billing: BillingRepository;
  }
}

/** Billing's repository of an app, from the root instance tests hold or from inside the API. */
export const billingOf = (app: FastifyInstance): BillingRepository => apiOf(app).billing;

async function billing(app: FastifyInstance) {
  app.decorate('billing', billingRepository);
  // the outbox renders an invoice mail's PDF when it sends it (the row holds only the invoice id)
  registerAttachmentKind(INVOICE_ATTACHMENT, async (db, ref) => {
    const inv = await invoiceDetails(db, ref);
    return invoiceAttachment(inv, ref, inv && (await invoiceBrandName(db, inv)));
  });
  await app.register(paymentRoutes);
  await app.register(checkoutRoutes);
  await app.register(invoiceRoutes);
  await app.register(paypalRoutes);
  startExpirySweep(app);
}

export default fp(billing, { name: 'billing', dependencies: ['accounts'] });
