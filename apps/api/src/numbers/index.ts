import type { FastifyInstance } from 'fastify';
import inventoryRoutes from './inventory-routes';
import didImportRoutes from './import';
import orderRoutes from './order-routes';
import referenceRoutes from './reference-routes';
import callFlowRoutes from './call-flow';
import { builtInProvider, type InventoryProvider } from './provider';

export { isCompanyNumber, findNumberOwner, companySendingNumber } from './lookup';
export { parseNanp } from './phone';
export { zonesOfPrefix } from './time-zones';
export type { InventoryProvider } from './provider';
export type { DispatcherOptions } from './webhooks/delivery';

/** The numbers domain: inventory, imports, search/order/disconnect through an inventory provider, NANP reference lists. */
export default async function numbersRoutes(app: FastifyInstance, opts: { provider?: InventoryProvider } = {}) {
  const provider = opts.provider ?? builtInProvider();
  await app.register(inventoryRoutes);
  await app.register(didImportRoutes);
  await app.register(orderRoutes, { provider });
  await app.register(referenceRoutes);
  await app.register(callFlowRoutes);
}
