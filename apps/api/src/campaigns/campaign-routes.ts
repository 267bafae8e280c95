import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Campaign,
  CampaignCreateBody,
  CampaignDashboard,
  CampaignListQuery,
  CampaignPatchBody,
  CampaignPayload,
  CAMPAIGN_STATUSES,
  IdParam,
  ListPage,
  MessageBody,
  type CampaignAction,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { HttpError } from '../lib/http-error';
import { ordering, wildcard, listPage } from '../lib/list';
import { orNotFound } from '../lib/tenant';
import { CAMPAIGN_ACCESS } from './queries';
import {
  campaignColumns,
  campaignsQuery,
  replaceRecipients,
  resolveRecipients,
  touchesRecipients,
} from './campaign-store';
import { editableFields } from './engine/state';
import type { CampaignRunner } from './campaign-runner';
import { ofCompany, rowsOf, targetCompany } from '../lib/tenancy';

const tags = ['campaigns'];
type Row = Awaited<ReturnType<ReturnType<typeof campaignsQuery>['executeTakeFirstOrThrow']>>;

/** GET /campaign/list; POST /campaign; GET, PATCH, DELETE /campaign/{id}; POST /campaign/{id}/run, /stop, /hold (docs/spec.md §7). */
export default async function campaignRoutes(base: FastifyInstance, opts: { runner: CampaignRunner }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const { runner } = opts;
  const find = async (req: FastifyRequest, id: string) =>
    orNotFound(
      await campaignsQuery(app.db)
        .where('campaigns.campaign_uuid', '=', id)
        .where(rowsOf(req, ofCompany('campaigns')))
        .executeTakeFirst(),
      'Campaign',
    );
  const withProgress = async (row: Row) => {
    const live = { ...row };
    const progress = await runner.progress(live);
    const { created_by: _by, ...out } = live;
    return { ...out, progress };
  };
  const answer = async (id: string) => ({
    campaign: await withProgress(
      await campaignsQuery(app.db).where('campaigns.campaign_uuid', '=', id).executeTakeFirstOrThrow(),
    ),
  });

  app.get(
    '/campaign/list',
    {
      config: { access: CAMPAIGN_ACCESS.read },
      schema: { tags, querystring: CampaignListQuery, response: { 200: ListPage(Campaign) } },
    },
    async (req) => {
      const q = req.query;
      let b = campaignsQuery(app.db).where(rowsOf(req, ofCompany('campaigns')));
      if (q.campaign_name) b = b.where('campaigns.campaign_name', 'ilike', wildcard(q.campaign_name));
      if (q.status) b = b.where('campaigns.status', '=', q.status);
      if (q.company_uuid) b = b.where('campaigns.company_uuid', '=', q.company_uuid);
      const { col, dir } = ordering(q, ['created_on', 'campaign_name', 'status'] as const, 'created_on', 'desc');
      const page = await listPage(
        q,
        b.orderBy(`campaigns.${col}`, dir).orderBy('campaigns.campaign_uuid'),
        b.clearSelect(),
      );
      return { ...page, items: await Promise.all(page.items.map(withProgress)) };
    },
  );

  app.get(
    '/campaign/dashboard',
    { config: { access: CAMPAIGN_ACCESS.read }, schema: { tags, response: { 200: CampaignDashboard } } },
    async (req) => {
      const counted = await app.db
        .selectFrom('campaigns')
        .where(rowsOf(req, ofCompany('campaigns')))
        .select(['status', (e) => e.fn.countAll<number>().as('n')])
        .groupBy('status')
        .execute();
      const counts = Object.fromEntries(
        CAMPAIGN_STATUSES.map((s) => [s, Number(counted.find((c) => c.status === s)?.n ?? 0)]),
      );
      const active = await campaignsQuery(app.db)
        .where(rowsOf(req, ofCompany('campaigns')))
        .where('campaigns.status', 'in', ['running', 'held'])
        .orderBy('campaigns.started_on', 'desc')
        .limit(50)
        .execute();
      const live = await Promise.all(
        active.map(async (r) => {
          const p = await withProgress(r);
          return {
            campaign_uuid: p.campaign_uuid,
            campaign_name: p.campaign_name,
            status: p.status,
            progress: p.progress,
          };
        }),
      );
      return { counts, active: live };
    },
  );

  app.get(
    '/campaign/:id',
    { config: { access: CAMPAIGN_ACCESS.read }, schema: { tags, params: IdParam, response: { 200: CampaignPayload } } },
    async (req) => ({ campaign: await withProgress(await find(req, req.params.id)) }),
  );

  app.post(
    '/campaign',
    {
      config: { access: CAMPAIGN_ACCESS.write },
      schema: { tags, body: CampaignCreateBody, response: { 201: CampaignPayload } },
    },
    async (req, reply) => {
      const company_uuid = await targetCompany(app.db, req, req.body.company_uuid);
      const columns = await campaignColumns(app.db, company_uuid, req.body);
      const recipients = await resolveRecipients(app.db, company_uuid, req.body);
      const id = await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('campaigns')
          .values({
            ...columns,
            company_uuid,
            campaign_name: columns.campaign_name as string,
            created_by: req.user.uuid,
          })
          .returning('campaign_uuid')
          .executeTakeFirstOrThrow();
        await replaceRecipients(trx, row.campaign_uuid, recipients);
        return row.campaign_uuid;
      });
      return reply.code(201).send(await answer(id));
    },
  );

  app.patch(
    '/campaign/:id',
    {
      config: { access: CAMPAIGN_ACCESS.write },
      schema: { tags, params: IdParam, body: CampaignPatchBody, response: { 200: CampaignPayload } },
    },
    async (req) => {
      const before = await find(req, req.params.id);
      const b = req.body;
      if (editableFields(before.status) === 'name' && Object.keys(b).some((k) => k !== 'campaign_name')) {
        throw new HttpError(409, `A ${before.status} campaign keeps its content; only its name can change`);
      }
      const columns = await campaignColumns(app.db, before.company_uuid, b, before);
      const recipients = touchesRecipients(b) ? await resolveRecipients(app.db, before.company_uuid, b) : null;
      await app.db.transaction().execute(async (trx) => {
        // only while it is still a draft (another request may have run it since)
        const moved = await trx
          .updateTable('campaigns')
          .set({ ...columns, updated_on: new Date() })
          .where('campaign_uuid', '=', before.campaign_uuid)
          .where('status', '=', before.status)
          .returning('campaign_uuid')
          .executeTakeFirst();
        if (!moved) throw new HttpError(409, 'The campaign changed meanwhile; reload it and try again');
        if (recipients) await replaceRecipients(trx, before.campaign_uuid, recipients);
      });
      return answer(before.campaign_uuid);
    },
  );

  app.delete(
    '/campaign/:id',
    { config: { access: CAMPAIGN_ACCESS.write }, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const before = await find(req, req.params.id);
      if (before.status === 'running' || before.status === 'held')
        throw new HttpError(409, `A ${before.status} campaign cannot be deleted; stop it first`);
      await app.db.deleteFrom('campaigns').where('campaign_uuid', '=', before.campaign_uuid).execute();
      return { message: 'Campaign deleted' };
    },
  );

  for (const action of ['run', 'stop', 'hold'] as CampaignAction[]) {
    app.post(
      `/campaign/:id/${action}`,
      {
        config: { access: CAMPAIGN_ACCESS.write },
        schema: { tags, params: IdParam, response: { 200: CampaignPayload } },
      },
      async (req) => {
        const before = await find(req, req.params.id);
        await runner.act(before, action, req.user.uuid);
        return answer(before.campaign_uuid);
      },
    );
  }
}
