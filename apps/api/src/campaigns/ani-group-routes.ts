import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AniGroup,
  AniGroupCreateBody,
  AniGroupListQuery,
  AniGroupNumber,
  AniGroupPatchBody,
  AniGroupPayload,
  IdParam,
  ListPage,
  MessageBody,
  PageQuery,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { HttpError } from '../lib/http-error';
import { orNotFound } from '../lib/tenant';
import { CAMPAIGN_ACCESS, companySenders, isUniqueViolation } from './queries';
import { ofCompany, rowsOf, targetCompany } from '../lib/tenancy';
import {
  aniGroupById,
  aniGroupInScope,
  campaignSendingFrom,
  deleteAniGroup,
  groupNumberPage,
  insertAniGroup,
  listAniGroups,
  renameAniGroup,
  setGroupNumbers,
} from './ani-group-store';

const tags = ['ani groups'];

export const nameTaken = (name: string) => new HttpError(409, `The company already has an ANI group named "${name}"`);

/** GET /ani_group/list, /ani_group/{id}, /ani_group/{id}/list; POST, PATCH, DELETE (docs/spec.md §7). */
export default async function aniGroupRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const find = async (req: FastifyRequest, id: string) =>
    orNotFound(await aniGroupInScope(app.db, rowsOf(req, ofCompany('ani_groups')), id), 'ANI group');
  const read = (id: string) => aniGroupById(app.db, id);

  app.get(
    '/ani_group/list',
    {
      config: { access: CAMPAIGN_ACCESS.read },
      schema: { tags, querystring: AniGroupListQuery, response: { 200: ListPage(AniGroup) } },
    },
    async (req) => listAniGroups(app.db, rowsOf(req, ofCompany('ani_groups')), req.query),
  );

  app.get(
    '/ani_group/:id',
    { config: { access: CAMPAIGN_ACCESS.read }, schema: { tags, params: IdParam, response: { 200: AniGroupPayload } } },
    async (req) => ({ ani_group: await find(req, req.params.id) }),
  );

  app.get(
    '/ani_group/:id/list',
    {
      config: { access: CAMPAIGN_ACCESS.read },
      schema: { tags, params: IdParam, querystring: PageQuery, response: { 200: ListPage(AniGroupNumber) } },
    },
    async (req) => {
      const group = await find(req, req.params.id);
      return groupNumberPage(app.db, group.ani_group_uuid, req.query);
    },
  );

  app.post(
    '/ani_group',
    {
      config: { access: CAMPAIGN_ACCESS.write },
      schema: { tags, body: AniGroupCreateBody, response: { 201: AniGroupPayload } },
    },
    async (req, reply) => {
      const company_uuid = await targetCompany(app.db, req, req.body.company_uuid);
      const name = req.body.name.trim();
      const dids = await companySenders(app.db, company_uuid, req.body.numbers);
      let id: string;
      try {
        id = await app.db.transaction().execute((trx) => insertAniGroup(trx, company_uuid, name, dids));
      } catch (e) {
        if (isUniqueViolation(e)) throw nameTaken(name);
        throw e;
      }
      return reply.code(201).send({ ani_group: await read(id) });
    },
  );

  app.patch(
    '/ani_group/:id',
    {
      config: { access: CAMPAIGN_ACCESS.write },
      schema: { tags, params: IdParam, body: AniGroupPatchBody, response: { 200: AniGroupPayload } },
    },
    async (req) => {
      const before = await find(req, req.params.id);
      const dids = req.body.numbers ? await companySenders(app.db, before.company_uuid, req.body.numbers) : null;
      const name = req.body.name?.trim();
      try {
        await app.db.transaction().execute(async (trx) => {
          if (name) await renameAniGroup(trx, before.ani_group_uuid, name);
          if (dids) await setGroupNumbers(trx, before.ani_group_uuid, dids);
        });
      } catch (e) {
        if (isUniqueViolation(e) && name) throw nameTaken(name);
        throw e;
      }
      return { ani_group: await read(before.ani_group_uuid) };
    },
  );

  app.delete(
    '/ani_group/:id',
    { config: { access: CAMPAIGN_ACCESS.write }, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const before = await find(req, req.params.id);
      // A running or held campaign takes its senders from the group while its messages go out.
      const busy = await campaignSendingFrom(app.db, before.ani_group_uuid);
      if (busy)
        throw new HttpError(409, `Campaign "${busy.campaign_name}" is sending from this ANI group; stop it first`);
      await deleteAniGroup(app.db, before.ani_group_uuid);
      return { message: 'ANI group deleted' };
    },
  );
}
