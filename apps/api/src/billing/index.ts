// Billing: the balance ledger, payments, card checkout, invoices. The ledger API below is what other domains
// (the SMS pipeline) call; amounts are bigint micro-units (money.ts).
import type { FastifyInstance } from 'fastify';
import paymentRoutes from './payments-routes';
import checkoutRoutes from './checkout-routes';
import invoiceRoutes from './invoice-routes';
import paypalRoutes from './paypal-routes';

export { reserveMany, settleMany, releaseMany, type SettleItem, type Held } from './ledger-batch';
export { post, reserve, settle, release, balanceOf, ledgerSumOf, type AccountRef, type PostInput, type Posted, type Reserved } from './ledger';
export { parseMoney, formatMoney, MICRO_PER_UNIT } from './money';
export { LEDGER_KINDS, type LedgerKind } from './ledger-core';

export default async function billingRoutes(app: FastifyInstance) {
  await app.register(paymentRoutes);
  await app.register(checkoutRoutes);
  await app.register(invoiceRoutes);
  await app.register(paypalRoutes);
}
