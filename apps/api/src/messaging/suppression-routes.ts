import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
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
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { HttpError, notFound } from '../lib/http-error';
import { listPage } from '../lib/list';
import { orNotFound } from '../lib/tenant';
import { parseDnis } from '../catalog';
import { audit } from '../security';
import { DEFAULT_START_REPLY, DEFAULT_STOP_REPLY } from './engine/keywords';
import { COMPANY_OWNERS, ofCompany, rowsOf } from '../lib/tenancy';

const tags = ['messaging'];
const cfg = {
  config: {
    access: { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' } satisfies AccessPolicy,
  },
};

export default async function suppressionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  /** The company a call acts for: a company admin's own; the system admin and resellers name one they may manage. */
  const companyOf = async (req: FastifyRequest, company_uuid: string | undefined, what: string): Promise<string> => {
    const u = req.user;
    if (u.user_type === 'company_admin') {
      if (company_uuid && company_uuid !== u.company_uuid)
        throw new HttpError(403, 'company_uuid: a company admin acts for its own company only');
      return u.company_uuid as string;
    }
    if (!company_uuid) throw new HttpError(400, `company_uuid: choose ${what}`);
    const company = await app.db
      .selectFrom('companies')
      .select('company_uuid')
      .where('company_uuid', '=', company_uuid)
      .where(rowsOf(req, COMPANY_OWNERS))
      .executeTakeFirst();
    if (!company) throw notFound('Company');
    return company_uuid;
  };
  const rows = () =>
    app.db
      .selectFrom('suppressed_numbers as s')
      .leftJoin('companies', 'companies.company_uuid', 's.company_uuid')
      .select([
        's.suppressed_number_uuid',
        's.number',
        's.company_uuid',
        'companies.company_name',
        's.source',
        's.created_on',
      ]);

  app.get(
    '/suppressed_number/list',
    {
      config: { ...cfg.config, apiKey: 'read' },
      schema: { tags, querystring: SuppressedNumberListQuery, response: { 200: ListPage(SuppressedNumber) } },
    },
    async (req) => {
      const q = req.query;
      let b = app.db.selectFrom('suppressed_numbers as s').where(rowsOf(req, ofCompany('s')));
      if (q.company_uuid) b = b.where('s.company_uuid', '=', q.company_uuid);
      if (q.number) {
        const digits = q.number.replace(/\D/g, '');
        b = digits ? b.where('s.number', 'like', `%${digits}%`) : b.where(sql<boolean>`false`);
      }
      const ids = b.select('s.suppressed_number_uuid');
      return listPage(
        q,
        rows()
          .where('s.suppressed_number_uuid', 'in', ids)
          .orderBy('s.created_on', q.order_dir ?? 'desc')
          .orderBy('s.suppressed_number_uuid'),
        b,
      );
    },
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
      const created = await app.db
        .insertInto('suppressed_numbers')
        .values({ company_uuid, number, source: 'manual', created_by: u.uuid })
        .onConflict((oc) => oc.columns(['company_uuid', 'number']).doNothing())
        .returning('suppressed_number_uuid')
        .executeTakeFirst();
      if (!created) throw new HttpError(409, `${number} is already suppressed`);
      const row = await rows()
        .where('s.suppressed_number_uuid', '=', created.suppressed_number_uuid)
        .executeTakeFirstOrThrow();
      await audit(req, 'suppressed_number', row.suppressed_number_uuid, null, row);
      return reply.code(201).send({ suppressed_number: row });
    },
  );

  app.delete(
    '/suppressed_number/:id',
    { config: { ...cfg.config, apiKey: 'manage' }, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const gone = orNotFound(
        await app.db
          .deleteFrom('suppressed_numbers as s')
          .where('s.suppressed_number_uuid', '=', req.params.id)
          .where(rowsOf(req, ofCompany('s')))
          .returning(['s.suppressed_number_uuid', 's.number', 's.company_uuid', 's.source'])
          .executeTakeFirst(),
        'Suppressed number',
      );
      await audit(req, 'suppressed_number', gone.suppressed_number_uuid, gone, null);
      return { message: `${gone.number} can receive messages again` };
    },
  );

  const replies = async (company_uuid: string) => {
    const row = await app.db
      .selectFrom('messaging_settings')
      .select(['stop_reply', 'start_reply'])
      .where('company_uuid', '=', company_uuid)
      .executeTakeFirst();
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
      };
      await app.db
        .insertInto('messaging_settings')
        .values({ company_uuid, ...set })
        .onConflict((oc) => oc.column('company_uuid').doUpdateSet(set))
        .execute();
      const after = await replies(company_uuid);
      await audit(
        req,
        'opt_out_reply',
        company_uuid,
        { company_uuid, stop_reply: before.stop_reply, start_reply: before.start_reply },
        { company_uuid, ...set },
      );
      return { opt_out_reply: after };
    },
  );
}
