// Onboarding (issue 45): GET /home/checklist, a new company's getting-started steps, each computed here from
// what the domains that own the facts answer through their repositories (billing, numbers, compliance,
// messaging, keys).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Checklist } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { notFound } from '../lib/http-error';
import { hasLiveKey } from '../security';
import { balanceOf } from '../billing';
import { hasApprovedSenderId } from '../compliance';
import { checklistOf } from './checklist';

export { checklistOf, type CompanyProgress } from './checklist';

/** a company's admin reads its own company's (the steps are its admin's to do) */
const admins = { admin: 'none', reseller: 'none', company_admin: 'own', user: 'none' } satisfies AccessPolicy;

async function onboarding(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/home/checklist',
    { config: { access: admins }, schema: { tags: ['home'], response: { 200: Checklist } } },
    async (req) => {
      // the company comes from the session, never from the request
      const company_uuid = req.user.company_uuid;
      const company = company_uuid ? await app.accounts.companyOf(app.db, company_uuid) : undefined;
      if (!company_uuid || !company) throw notFound('Company');
      const [credited, funds, hasNumber, hasSenderId, hasSent, hasKey] = await Promise.all([
        app.billing.hasBeenCredited(app.db, company_uuid),
        balanceOf(app.db, { company_uuid }),
        app.numbers.hasNumber(app.db, company_uuid),
        hasApprovedSenderId(app.db, company_uuid),
        app.messagingRepository.hasSent(app.db, company_uuid),
        hasLiveKey(app.db, company_uuid),
      ]);
      return checklistOf({
        confirmed: company.status === 'active',
        hasPlan: company.product_uuid !== null,
        funded: credited || funds.available > 0n,
        // "a number or sender": an approved alphanumeric sender ID sends too (where the country takes one)
        hasNumber: hasNumber || hasSenderId,
        hasSent,
        hasKey,
      });
    },
  );
}

export default fp(onboarding, { name: 'onboarding', dependencies: ['accounts', 'billing', 'numbers', 'messaging'] });
