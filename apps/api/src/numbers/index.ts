import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import inventoryRoutes from './inventory-routes';
import didImportRoutes from './import';
import orderRoutes from './order-routes';
import referenceRoutes from './reference-routes';
import callFlowRoutes from './call-flow';
import { builtInProvider, type InventoryProvider } from './provider';
import { numbersRepository, type NumbersRepository } from './repository';
import type { ReturnedToStock } from './order-routes';

export { isCompanyNumber, findNumberOwner, companySendingNumber } from './lookup';
export { parseNanp } from './phone';
export { zonesOfPrefix } from './time-zones';
export type { InventoryProvider } from './provider';
export type { ReturnedToStock } from './order-routes';
export { didRows, isSenderOf, numbersRepository, type NumbersRepository } from './repository';
// DID webhooks are company webhooks scoped to a number (company-webhooks/did-routes.ts): who may manage them, and
// the number they name as its tenant may see it
export { DID_ACCESS } from './inventory-routes';
export { DID_OWNERS, findDid } from './queries';

declare module 'fastify' {
  interface FastifyInstance {
    /** the numbers domain's repository: what other domains read of its tables */
    numbers: NumbersRepository & {
      /**
       * Runs in the disconnect's transaction when numbers go back to stock (no company holds them): a domain that
       * keeps numbers of its own (campaigns' ANI groups) lets them go there, without numbers naming its tables.
       */
      onReturnedToStock(listener: ReturnedToStock): void;
    };
  }
}

/** The numbers domain: inventory, imports, search/order/disconnect through an inventory provider, NANP reference lists. */
async function numbers(app: FastifyInstance, opts: { provider?: InventoryProvider } = {}) {
  const returned: ReturnedToStock[] = [];
  app.decorate('numbers', { ...numbersRepository, onReturnedToStock: (listener) => void returned.push(listener) });
  const provider = opts.provider ?? builtInProvider();
  await app.register(inventoryRoutes);
  await app.register(didImportRoutes);
  await app.register(orderRoutes, { provider, returned });
  await app.register(referenceRoutes);
  await app.register(callFlowRoutes);
}

export default fp(numbers, { name: 'numbers', dependencies: ['accounts', 'catalog'] });
