import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
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
import type { Database } from '../db/schema';
import type { TypeBoxProvider } from '../lib/type-provider';
import { HttpError } from '../lib/http-error';
import { ordering, wildcard, listPage } from '../lib/list';
import { orNotFound } from '../lib/tenant';
import { CAMPAIGN_ACCESS, companySenders, isUniqueViolation } from './queries';
import { ofCompany, rowsOf, targetCompany } from '../lib/tenancy';
import { companyRows } from '../accounts';

const tags = ['ani groups'];

export const aniGroupsQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('ani_groups')
    .leftJoin(companyRows.as('companies'), 'companies.company_uuid', 'ani_groups.company_uuid')
    .select([
      'ani_groups.ani_group_uuid',
      'ani_groups.name',
      'ani_groups.company_uuid',
      'companies.company_name',
      'ani_groups.created_on',
      sql<number>`(select count(*)::int from ani_group_numbers n where n.ani_group_uuid = ani_groups.ani_group_uuid)`.as(
        'number_count',
      ),
    ]);

export const nameTaken = (name: string) => new HttpError(409, `The company already has an ANI group named "${name}"`);

/** Replaces a group's numbers (their order is the order senders take turns in). */
export async function setGroupNumbers(
  db: Kysely<Database>,
  ani_group_uuid: string,
  dids: { did_uuid: string }[],
): Promise<void> {
  await db.deleteFrom('ani_group_numbers').where('ani_group_uuid', '=', ani_group_uuid).execute();
  if (dids.length)
    await db
      .insertInto('ani_group_numbers')
      .values(dids.map((d, position) => ({ ani_group_uuid, did_uuid: d.did_uuid, position })))
      .execute();
}

/** GET /ani_group/list, /ani_group/{id}, /ani_group/{id}/list; POST, PATCH, DELETE (docs/spec.md §7). */
export default async function aniGroupRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const find = async (req: FastifyRequest, id: string) =>
    orNotFound(
      await aniGroupsQuery(app.db)
        .where('ani_groups.ani_group_uuid', '=', id)
        .where(rowsOf(req, ofCompany('ani_groups')))
        .executeTakeFirst(),
      'ANI group',
    );
  const read = (id: string) =>
    aniGroupsQuery(app.db).where('ani_groups.ani_group_uuid', '=', id).executeTakeFirstOrThrow();

  app.get(
    '/ani_group/list',
    {
      config: { access: CAMPAIGN_ACCESS.read },
      schema: { tags, querystring: AniGroupListQuery, response: { 200: ListPage(AniGroup) } },
    },
    async (req) => {
      const q = req.query;
      let b = aniGroupsQuery(app.db).where(rowsOf(req, ofCompany('ani_groups')));
      if (q.name) b = b.where('ani_groups.name', 'ilike', wildcard(q.name));
      if (q.company_uuid) b = b.where('ani_groups.company_uuid', '=', q.company_uuid);
      const { col, dir } = ordering(q, ['created_on', 'name'] as const, 'created_on', 'desc');
      return listPage(q, b.orderBy(`ani_groups.${col}`, dir).orderBy('ani_groups.ani_group_uuid'), b.clearSelect());
    },
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
      const b = app.db
        .selectFrom('ani_group_numbers')
        .innerJoin(app.numbers.didRows(app.db).as('dids'), 'dids.did_uuid', 'ani_group_numbers.did_uuid')
        .where('ani_group_numbers.ani_group_uuid', '=', group.ani_group_uuid);
      return listPage(
        req.query,
        b.select(['dids.did_uuid', 'dids.did', 'dids.area_code', 'dids.state']).orderBy('ani_group_numbers.position'),
        b,
      );
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
        id = await app.db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('ani_groups')
            .values({ company_uuid, name })
            .returning('ani_group_uuid')
            .executeTakeFirstOrThrow();
          await setGroupNumbers(trx, row.ani_group_uuid, dids);
          return row.ani_group_uuid;
        });
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
          if (name)
            await trx
              .updateTable('ani_groups')
              .set({ name })
              .where('ani_group_uuid', '=', before.ani_group_uuid)
              .execute();
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
      const busy = await app.db
        .selectFrom('campaigns')
        .select('campaign_name')
        .where('ani_group_uuid', '=', before.ani_group_uuid)
        .where('status', 'in', ['running', 'held'])
        .executeTakeFirst();
      if (busy)
        throw new HttpError(409, `Campaign "${busy.campaign_name}" is sending from this ANI group; stop it first`);
      await app.db.deleteFrom('ani_groups').where('ani_group_uuid', '=', before.ani_group_uuid).execute();
      return { message: 'ANI group deleted' };
    },
  );
}
