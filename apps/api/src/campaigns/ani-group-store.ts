// Campaigns' statements on ANI groups for the ANI group routes and the CSV import. `scope` is the caller's visible
// groups (rowsOf with ofCompany('ani_groups')). Each takes the executor first, so a call joins the caller's
// transaction.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { AniGroupListQuery, PageQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';
import { didRows } from '../numbers';
import { companyRows } from '../accounts';

type Db = Kysely<Database>;

export const aniGroupsQuery = (db: Db) =>
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

export function listAniGroups(db: Db, scope: Expression<SqlBool>, q: AniGroupListQuery) {
  let b = aniGroupsQuery(db).where(scope);
  if (q.name) b = b.where('ani_groups.name', 'ilike', wildcard(q.name));
  if (q.company_uuid) b = b.where('ani_groups.company_uuid', '=', q.company_uuid);
  const { col, dir } = ordering(q, ['created_on', 'name'] as const, 'created_on', 'desc');
  return listPage(q, b.orderBy(`ani_groups.${col}`, dir).orderBy('ani_groups.ani_group_uuid'), b.clearSelect());
}

/** The group as the API shows it, or undefined when there is none of this id in scope. */
export const aniGroupInScope = (db: Db, scope: Expression<SqlBool>, ani_group_uuid: string) =>
  aniGroupsQuery(db).where('ani_groups.ani_group_uuid', '=', ani_group_uuid).where(scope).executeTakeFirst();

/** The group as the API shows it, once the caller is known to see it (after a write). */
export const aniGroupById = (db: Db, ani_group_uuid: string) =>
  aniGroupsQuery(db).where('ani_groups.ani_group_uuid', '=', ani_group_uuid).executeTakeFirstOrThrow();

/** A page of the group's numbers in their turn order. */
export function groupNumberPage(db: Db, ani_group_uuid: string, q: PageQuery) {
  const b = db
    .selectFrom('ani_group_numbers')
    .innerJoin(didRows(db).as('dids'), 'dids.did_uuid', 'ani_group_numbers.did_uuid')
    .where('ani_group_numbers.ani_group_uuid', '=', ani_group_uuid);
  return listPage(
    q,
    b.select(['dids.did_uuid', 'dids.did', 'dids.area_code', 'dids.state']).orderBy('ani_group_numbers.position'),
    b,
  );
}

/** The names of the company's groups (the import refuses a name taken). */
export const aniGroupNames = (db: Db, company_uuid: string) =>
  db.selectFrom('ani_groups').select('name').where('company_uuid', '=', company_uuid).execute();

/** A new group with its numbers; answers its id. Run it on a transaction: the group and its numbers go together. */
export async function insertAniGroup(
  trx: Db,
  company_uuid: string,
  name: string,
  dids: { did_uuid: string }[],
): Promise<string> {
  const row = await trx
    .insertInto('ani_groups')
    .values({ company_uuid, name })
    .returning('ani_group_uuid')
    .executeTakeFirstOrThrow();
  await setGroupNumbers(trx, row.ani_group_uuid, dids);
  return row.ani_group_uuid;
}

export async function renameAniGroup(db: Db, ani_group_uuid: string, name: string): Promise<void> {
  await db.updateTable('ani_groups').set({ name }).where('ani_group_uuid', '=', ani_group_uuid).execute();
}

/** Replaces a group's numbers (their order is the order senders take turns in). */
export async function setGroupNumbers(db: Db, ani_group_uuid: string, dids: { did_uuid: string }[]): Promise<void> {
  await db.deleteFrom('ani_group_numbers').where('ani_group_uuid', '=', ani_group_uuid).execute();
  if (dids.length)
    await db
      .insertInto('ani_group_numbers')
      .values(dids.map((d, position) => ({ ani_group_uuid, did_uuid: d.did_uuid, position })))
      .execute();
}

/** A running or held campaign that sends from the group, if any. */
export const campaignSendingFrom = (db: Db, ani_group_uuid: string) =>
  db
    .selectFrom('campaigns')
    .select('campaign_name')
    .where('ani_group_uuid', '=', ani_group_uuid)
    .where('status', 'in', ['running', 'held'])
    .executeTakeFirst();

export async function deleteAniGroup(db: Db, ani_group_uuid: string): Promise<void> {
  await db.deleteFrom('ani_groups').where('ani_group_uuid', '=', ani_group_uuid).execute();
}
