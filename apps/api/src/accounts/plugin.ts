// The accounts domain's plugin: decorates the API context with its repository (`app.accounts`) and registers
// its routes. Named, so a plugin that uses the repository lists 'accounts' in its `dependencies`.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { accountsRepository } from './repository';
import authRoutes from './auth-routes';
import registrationRoutes from './registration-routes';
import signupPlanRoutes from './signup-plan-routes';
import homeRoutes from './home-routes';
import userRoutes from './user-routes';
import companyRoutes from './company-routes';
import resellerRoutes from './reseller-routes';
import paymentTermRoutes from './payment-term-routes';
import stopTextRoutes from './stop-text-routes';
import countryRoutes from './country-routes';
import fileRoutes from './file-routes';
import resellerImportRoutes from './reseller-import-routes';
import resellerTeamRoutes from './reseller-team-routes';

async function accounts(app: FastifyInstance) {
  app.decorate('accounts', accountsRepository);
  for (const routes of [
    authRoutes,
    registrationRoutes,
    signupPlanRoutes,
    homeRoutes,
    userRoutes,
    companyRoutes,
    resellerRoutes,
    paymentTermRoutes,
    stopTextRoutes,
    countryRoutes,
    fileRoutes,
    resellerImportRoutes,
    resellerTeamRoutes,
  ])
    await app.register(routes);
}

export default fp(accounts, { name: 'accounts' });
