// The Twilio-compatible Messages calls (docs/twilio-compat.md): create, list and read, under
// /api_smsc/v1/2010-04-01/Accounts/{AccountSid}/Messages. A send goes through app.messaging.send, the pipeline
// POST /sms uses (pricing, guards, routing, charging), so nothing differs but the words.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  TWILIO_API_VERSION,
  TwilioAccountParams,
  TwilioCreateMessageBody,
  TwilioListQuery,
  TwilioMessage,
  TwilioMessagePage,
  TwilioMessageParams,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { rowsOf } from '../lib/tenancy';
import { parseDnis } from '../catalog';
import { SMS_OWNERS, findSms, seesMoney, sendCaller, smsPage } from '../messaging';
import type { StatusCallbacks } from './callbacks';
import { TwilioFault, sendTwilioError } from './errors';
import { companyOfAccountSid, smsOfMessageSid, twilioMessageOf } from './mapping';

const tags = ['twilio-compatible'];
/** API keys belong to company accounts: a company admin's key reads its company's messages, a user's its own */
const access = { admin: 'none', reseller: 'none', company_admin: 'tenant', user: 'own' } satisfies AccessPolicy;
const IdempotencyHeaders = {
  type: 'object',
  properties: { 'i-twilio-idempotency-token': { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export default async function twilioRoutes(base: FastifyInstance, opts: { callbacks: StatusCallbacks }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  // Twilio's clients post forms; JSON is taken too
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.setErrorHandler(sendTwilioError);

  /** The company the AccountSid names, once the credentials' user name and the key's company both match it. */
  const companyOf = (req: FastifyRequest<{ Params: { AccountSid: string } }>): string => {
    const sid = req.params.AccountSid;
    const company = companyOfAccountSid(sid);
    if ((req.basicUser ?? '').toLowerCase() !== sid.toLowerCase())
      throw new TwilioFault(401, 20003, 'Authenticate: the user name is not the AccountSid of the path');
    if (!company || company !== req.user.company_uuid)
      throw new TwilioFault(401, 20003, "Authenticate: the API key is not this AccountSid's");
    return company;
  };

  /** One message as GET /sms/{id} reads it (the caller's scope, prices as the caller may see them), in Twilio's JSON. */
  const messageOf = async (req: FastifyRequest, company_uuid: string, sms_uuid: string) => {
    const money = await seesMoney(app.db, req);
    const sms = await findSms(app.db, app.messaging.smppNames, rowsOf(req, SMS_OWNERS), sms_uuid, false, money);
    if (sms.company_uuid !== company_uuid) throw new TwilioFault(404, 20404, 'The requested resource was not found');
    return twilioMessageOf(sms, company_uuid);
  };

  app.post(
    '/2010-04-01/Accounts/:AccountSid/Messages.json',
    {
      config: { access, apiKey: true, basicApiKey: true },
      schema: {
        tags,
        operationId: 'twilioCreateMessage',
        summary: 'Send an SMS (Twilio-compatible)',
        description:
          "Twilio's Create a Message: the form fields To, From, Body and StatusCallback; the answer in Twilio's JSON. Sent through the same pipeline as POST /sms.",
        params: TwilioAccountParams,
        headers: IdempotencyHeaders,
        body: TwilioCreateMessageBody,
        response: { 201: TwilioMessage },
      },
    },
    async (req, reply) => {
      const company_uuid = companyOf(req);
      const b = req.body;
      if (!parseDnis(b.To))
        throw new TwilioFault(400, 21211, `The 'To' number ${b.To.trim()} is not a valid phone number.`);
      if (b.StatusCallback !== undefined) {
        const problem = await app.companyWebhooks.urlProblem(b.StatusCallback);
        if (problem) throw new TwilioFault(400, 21609, `The StatusCallback URL ${problem}`);
      }
      const token = req.headers['i-twilio-idempotency-token'];
      const key = typeof token === 'string' ? `twilio:${token}` : undefined;
      const request = [company_uuid, b.From, b.To, b.Body, b.StatusCallback ?? null];
      const out = await app.messaging.pipeline.send({
        ...sendCaller(req, { key, request }),
        company_uuid,
        ani: b.From,
        dnis: b.To,
        text: b.Body,
      });
      if (b.StatusCallback !== undefined) await opts.callbacks.register(out.sms_uuid, company_uuid, b.StatusCallback);
      return reply.code(201).send(await messageOf(req, company_uuid, out.sms_uuid));
    },
  );

  app.get(
    '/2010-04-01/Accounts/:AccountSid/Messages.json',
    {
      config: { access, apiKey: ['send', 'read'], basicApiKey: true },
      schema: {
        tags,
        operationId: 'twilioListMessages',
        summary: 'List SMS (Twilio-compatible)',
        description: "Twilio's List Messages, newest first: filters To and From, paged by PageSize and Page.",
        params: TwilioAccountParams,
        querystring: TwilioListQuery,
        response: { 200: TwilioMessagePage },
      },
    },
    async (req) => {
      const company_uuid = companyOf(req);
      const q = req.query;
      const size = q.PageSize ?? 50;
      const page = q.Page ?? 0;
      // PageToken is the SMS log's cursor: a next page costs the same at any depth; Page alone pages by offset
      const found = await smsPage(
        app.db,
        rowsOf(req, SMS_OWNERS),
        { company_uuid, dnis: q.To, ani: q.From },
        {
          names: app.messaging.smppNames,
          per_page: size,
          offset: page * size,
          order_by: 'created_on',
          dir: 'desc',
          cursor: q.PageToken,
          showCost: false,
          showPrice: await seesMoney(app.db, req),
        },
      );
      const messages = found.items.map((m) => twilioMessageOf(m, company_uuid));
      const path = `/${TWILIO_API_VERSION}/Accounts/${req.params.AccountSid}/Messages.json`;
      const pageUri = (n: number, token?: string | null) => {
        const p = new URLSearchParams({ ...(q.To ? { To: q.To } : {}), ...(q.From ? { From: q.From } : {}) });
        p.set('PageSize', String(size));
        p.set('Page', String(n));
        if (token) p.set('PageToken', token);
        return `${path}?${p}`;
      };
      return {
        messages,
        page,
        page_size: size,
        start: page * size,
        end: page * size + Math.max(messages.length - 1, 0),
        uri: pageUri(page, q.PageToken),
        first_page_uri: pageUri(0),
        next_page_uri: found.next_cursor ? pageUri(page + 1, found.next_cursor) : null,
        previous_page_uri: page > 0 ? pageUri(page - 1) : null,
      };
    },
  );

  app.get(
    '/2010-04-01/Accounts/:AccountSid/Messages/:Sid.json',
    {
      config: { access, apiKey: ['send', 'read'], basicApiKey: true },
      schema: {
        tags,
        operationId: 'twilioFetchMessage',
        summary: 'Read one SMS and its status (Twilio-compatible)',
        description: "Twilio's Fetch a Message: the message in Twilio's JSON, its status in Twilio's words.",
        params: TwilioMessageParams,
        response: { 200: TwilioMessage },
      },
    },
    async (req) => {
      const company_uuid = companyOf(req);
      const sms_uuid = smsOfMessageSid(req.params.Sid);
      if (!sms_uuid) throw new TwilioFault(404, 20404, 'The requested resource was not found');
      return messageOf(req, company_uuid, sms_uuid);
    },
  );
}
