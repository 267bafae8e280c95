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
import { orNotFound } from '../lib/tenant';
import { CAMPAIGN_ACCESS } from './queries';
import {
  activeCampaigns,
  campaignById,
  campaignColumns,
  campaignInScope,
  campaignStatusCounts,
  deleteCampaign,
  insertCampaign,
  listCampaigns,
  replaceRecipients,
  resolveRecipients,
  touchesRecipients,
  updateCampaignIn,
} from './campaign-store';
import { editableFields } from './engine/state';
import type { CampaignRunner } from './campaign-runner';
import { ofCompany, rowsOf, targetCompany } from '../lib/tenancy';

const tags = ['campaigns'];
type Row = Awaited<ReturnType<typeof campaignById>>;

/** GET /campaign/list; POST /campaign; GET, PATCH, DELETE /campaign/{id}; POST /campaign/{id}/run, /stop, /hold (docs/spec.md §7). */
export default async function campaignRoutes(base: FastifyInstance, opts: { runner: CampaignRunner }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const { runner } = opts;
  const find = async (req: FastifyRequest, id: string) =>
    orNotFound(await campaignInScope(app.db, rowsOf(req, ofCompany('campaigns')), id), 'Campaign');
  const withProgress = async (row: Row) => {
    const live = { ...row };
    const progress = await runner.progress(live);
    const { created_by: _by, ...out } = live;
    return { ...out, progress };
  };
  const answer = async (id: string) => ({
    campaign: await withProgress(await campaignById(app.db, id)),
  });

  app.get(
    '/campaign/list',
    {
      config: { access: CAMPAIGN_ACCESS.read },
      schema: { tags, querystring: CampaignListQuery, response: { 200: ListPage(Campaign) } },
    },
    async (req) => {
      const page = await listCampaigns(app.db, rowsOf(req, ofCompany('campaigns')), req.query);
      return { ...page, items: await Promise.all(page.items.map(withProgress)) };
    },
  );

  app.get(
    '/campaign/dashboard',
    { config: { access: CAMPAIGN_ACCESS.read }, schema: { tags, response: { 200: CampaignDashboard } } },
    async (req) => {
      const counted = await campaignStatusCounts(app.db, rowsOf(req, ofCompany('campaigns')));
      const counts = Object.fromEntries(
        CAMPAIGN_STATUSES.map((s) => [s, Number(counted.find((c) => c.status === s)?.n ?? 0)]),
      );
      const active = await activeCampaigns(app.db, rowsOf(req, ofCompany('campaigns')));
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
        const campaign_uuid = await insertCampaign(trx, {
          ...columns,
          company_uuid,
          campaign_name: columns.campaign_name as string,
          created_by: req.user.uuid,
        });
        await replaceRecipients(trx, campaign_uuid, recipients);
        return campaign_uuid;
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
        const moved = await updateCampaignIn(trx, before.campaign_uuid, before.status, {
          ...columns,
          updated_on: new Date(),
        });
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
      await deleteCampaign(app.db, before.campaign_uuid);
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
