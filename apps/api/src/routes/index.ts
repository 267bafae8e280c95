import type { FastifyInstance } from 'fastify';
import authRoutes from './auth';
import registrationRoutes from './registration';
import homeRoutes from './home';
import userRoutes from './users';
import companyRoutes from './companies';
import resellerRoutes from './resellers';
import paymentTermRoutes from './payment-terms';
import stopTextRoutes from './stop-text';
import countryRoutes from './countries';
import fileRoutes from './files';
import resellerImportRoutes from './reseller-import';
import auditRoutes from '../security/audit-routes';
import apiKeyRoutes from '../security/api-key-routes';
import twoFactorRoutes from '../security/two-factor-routes';
import catalogRoutes from '../catalog/plugin';
import outboxDispatcher from '../mail/outbox-dispatcher';
import billingRoutes from '../billing';
import numbersRoutes from '../numbers';
import messagingRoutes from '../messaging';
import contentRoutes from '../messaging-content';
import mailTemplateRoutes from '../mail/routes';
import didWebhookRoutes from '../numbers/webhooks';
import jobs from '../jobs';
import bulkRoutes from '../bulk';
import campaignsRoutes from '../campaigns';
import workflowsRoutes from '../workflows';
import reportsRoutes from '../reports';
import receiptExpiry from '../receipts';

export default async function routes(app: FastifyInstance) {
  // one plugin a line, in registration order (a new domain adds one line: merges stay trivial)
  const plugins = [
    authRoutes,
    registrationRoutes,
    homeRoutes,
    userRoutes,
    companyRoutes,
    resellerRoutes,
    paymentTermRoutes,
    stopTextRoutes,
    countryRoutes,
    fileRoutes,
    resellerImportRoutes,
    auditRoutes,
    catalogRoutes,
    outboxDispatcher,
    billingRoutes,
    numbersRoutes,
    messagingRoutes,
    contentRoutes,
    mailTemplateRoutes,
    didWebhookRoutes,
    jobs,
    bulkRoutes,
    campaignsRoutes,
    workflowsRoutes,
    reportsRoutes,
    apiKeyRoutes,
    twoFactorRoutes,
    receiptExpiry,
  ];
  for (const plugin of plugins) {
    await app.register(plugin);
  }
}
