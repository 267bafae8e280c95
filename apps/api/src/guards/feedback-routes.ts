// The verification-conversion feed: a company's verification service reports that the one-time code a
// message carried was used (as Twilio's Message Feedback does). The one-time-code pumping signal counts these
// (guards/signals.ts): codes to a destination that are seldom confirmed are the mark of pumped numbers.
import type { FastifyInstance } from 'fastify';
import { IdParam, SmsFeedback, SmsFeedbackBody } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { callerScope } from '../lib/tenancy';
import { notFound } from '../lib/http-error';
import { recordFeedback } from './writes';

// The sending company only: the feed is its own verification flow's, not its reseller's or the platform's.
// Any user of the company may report (the verification service's API key is seldom the sender's).
const reporters: AccessPolicy = { admin: 'none', reseller: 'none', company_admin: 'tenant', user: 'tenant' };

export default async function feedbackRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.post(
    '/sms/:id/feedback',
    {
      config: { access: reporters, apiKey: true },
      schema: {
        tags: ['messaging'],
        params: IdParam,
        body: SmsFeedbackBody,
        response: { 200: SmsFeedback },
      },
    },
    async (req) => {
      const sms = await app.messagingRepository.visibleOutgoing(app.db, callerScope(req), req.params.id);
      if (!sms?.company_uuid) throw notFound('Message');
      // the last report wins (a code first reported unused may be used late)
      const row = await recordFeedback(app.db, {
        sms_uuid: sms.sms_uuid,
        company_uuid: sms.company_uuid,
        outcome: req.body.outcome,
      });
      return {
        sms_uuid: row.sms_uuid,
        outcome: row.outcome as SmsFeedback['outcome'],
        created_on: new Date(row.created_on).toISOString(),
      };
    },
  );
}
