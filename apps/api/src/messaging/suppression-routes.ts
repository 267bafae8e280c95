import type { FastifyInstance } from 'fastify';
import {
  IdParam,
  ListPage,
  MessageBody,
  OptOutReplyBody,
  OptOutReplyPayload,
  OptOutReplyQuery,
  SuppressedNumber,
  SuppressedNumberBody,
  SuppressedNumberListQuery,
  SuppressedNumberPayload,
  SuppressionImportBody,
  SuppressionImportResult,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { HttpError } from '../lib/http-error';
import { orNotFound } from '../lib/tenant';
import { parseDnis } from '../catalog';
import { audit } from '../security';
import { DEFAULT_START_REPLY, DEFAULT_STOP_REPLY } from './engine/keywords';
import { ofCompany, rowsOf } from '../lib/tenancy';
import { companyOf, consentSourceOf } from './opt-outs/company-of';
import { englishReplies, policyOf, recordConsent, recordOptOut, writeKeywordSet } from './opt-outs/store';
import { allSendersSuppression, deleteSuppression, listSuppressed, suppressedForAllSenders } from './suppression-store';

const tags = ['messaging'];
const cfg = {
  config: {
    access: { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' } satisfies AccessPolicy,
  },
};

export default async function suppressionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/suppressed_number/list',
    {
      config: { ...cfg.config, apiKey: 'read' },
      schema: { tags, querystring: SuppressedNumberListQuery, response: { 200: ListPage(SuppressedNumber) } },
    },
    async (req) => listSuppressed(app.db, rowsOf(req, ofCompany('s')), req.query),
  );

  app.post(
    '/suppressed_number',
    {
      config: { ...cfg.config, apiKey: 'manage' },
      schema: { tags, body: SuppressedNumberBody, response: { 201: SuppressedNumberPayload } },
    },
    async (req, reply) => {
      const u = req.user;
      const company_uuid = await companyOf(
        req,
        req.body.company_uuid,
        'the company whose messages the number must not receive',
      );
      const parsed = parseDnis(req.body.number);
      if (!parsed) throw new HttpError(400, `number: "${req.body.number}" is not a valid phone number`);
      const number = `+${parsed.digits}`;
      if (await suppressedForAllSenders(app.db, company_uuid, number))
        throw new HttpError(409, `${number} is already suppressed`);
      const [company, policy] = await Promise.all([
        app.messaging.facts.company(company_uuid),
        policyOf(app.db, company_uuid),
      ]);
      await app.db.transaction().execute((trx) =>
        recordOptOut(trx, {
          company_uuid,
          reseller_uuid: company.reseller_uuid,
          number,
          source: consentSourceOf(req),
          text: req.body.note ?? null,
          user_uuid: u.uuid,
          created_by: u.uuid,
          // added by a person: for every sender of the company, or its reseller's companies when it chose so
          scope: policy.scope === 'reseller' ? 'reseller' : 'company',
          suppression: 'manual',
        }),
      );
      const row = await allSendersSuppression(app.db, company_uuid, number);
      await audit(req, 'suppressed_number', row.suppressed_number_uuid, null, row);
      return reply.code(201).send({ suppressed_number: row });
    },
  );

  app.post(
    '/suppressed_number/import',
    {
      config: { ...cfg.config, apiKey: 'manage' },
      schema: { tags, body: SuppressionImportBody, response: { 200: SuppressionImportResult } },
    },
    async (req) => {
      const company_uuid = await companyOf(req, req.body.company_uuid, 'the company the numbers opted out of');
      const [company, policy] = await Promise.all([
        app.messaging.facts.company(company_uuid),
        policyOf(app.db, company_uuid),
      ]);
      const invalid: string[] = [];
      const numbers = new Set<string>();
      for (const typed of req.body.numbers) {
        const parsed = parseDnis(typed);
        if (parsed) numbers.add(`+${parsed.digits}`);
        else invalid.push(typed);
      }
      let added = 0;
      // one transaction: the list is suppressed whole or not at all, each number with its consent event
      await app.db.transaction().execute(async (trx) => {
        for (const number of numbers) {
          const fresh = await recordOptOut(trx, {
            company_uuid,
            reseller_uuid: company.reseller_uuid,
            number,
            source: 'import',
            text: req.body.note ?? null,
            user_uuid: req.user.uuid,
            created_by: req.user.uuid,
            scope: policy.scope === 'reseller' ? 'reseller' : 'company',
            suppression: 'manual',
          });
          if (fresh) added++;
        }
      });
      await audit(req, 'suppressed_number_import', company_uuid, null, {
        company_uuid,
        added,
        invalid: invalid.length,
      });
      return { added, already: numbers.size - added, invalid };
    },
  );

  app.delete(
    '/suppressed_number/:id',
    { config: { ...cfg.config, apiKey: 'manage' }, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const gone = orNotFound(
        await deleteSuppression(app.db, rowsOf(req, ofCompany('s')), req.params.id),
        'Suppressed number',
      );
      await recordConsent(app.db, {
        company_uuid: gone.company_uuid,
        reseller_uuid: gone.reseller_uuid,
        number: gone.number,
        action: 'opt_in',
        source: consentSourceOf(req),
        text: 'Removed from the suppression list',
        user_uuid: req.user.uuid,
      });
      await audit(req, 'suppressed_number', gone.suppressed_number_uuid, gone, null);
      return { message: `${gone.number} can receive messages again` };
    },
  );

  // the English keyword set's STOP and START replies (the per-language sets are opt-outs/routes.ts)
  const replies = async (company_uuid: string) => {
    const row = await englishReplies(app.db, company_uuid);
    return {
      company_uuid,
      stop_reply: row?.stop_reply ?? null,
      start_reply: row?.start_reply ?? null,
      default_stop_reply: DEFAULT_STOP_REPLY,
      default_start_reply: DEFAULT_START_REPLY,
    };
  };

  app.get(
    '/opt_out_reply',
    { ...cfg, schema: { tags, querystring: OptOutReplyQuery, response: { 200: OptOutReplyPayload } } },
    async (req) => ({
      opt_out_reply: await replies(await companyOf(req, req.query.company_uuid, 'the company whose replies to read')),
    }),
  );

  app.put(
    '/opt_out_reply',
    { ...cfg, schema: { tags, body: OptOutReplyBody, response: { 200: OptOutReplyPayload } } },
    async (req) => {
      const company_uuid = await companyOf(req, req.body.company_uuid, 'the company whose replies to set');
      const before = await replies(company_uuid);
      const set = {
        stop_reply: req.body.stop_reply?.trim() || null,
        start_reply: req.body.start_reply?.trim() || null,
        updated_on: new Date(),
      };
      await writeKeywordSet(app.db, company_uuid, 'en', set);
      const after = await replies(company_uuid);
      await audit(
        req,
        'opt_out_reply',
        company_uuid,
        { company_uuid, stop_reply: before.stop_reply, start_reply: before.start_reply },
        { company_uuid, stop_reply: set.stop_reply, start_reply: set.start_reply },
      );
      return { opt_out_reply: after };
    },
  );
}
