// The catalog's statements on SMSC connections for their routes (other domains read them through the repository).
// A connection leaves here without its password: `has_password` says whether one is stored.
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { SmscConnectionListQuery } from '@smsc/shared-contract';
import type { Database } from '../../db/schema';
import { listPage, ordering, wildcard } from '../../lib/list';
import { GATEWAY_CONNECTION_COLUMNS } from '../repository';

type Db = Kysely<Database>;

/** Every column but the password: the one select all answers go through, so none can carry it. */
const PUBLIC = [
  'c.smsc_connection_uuid',
  'c.smsc_id',
  'c.vendor_uuid',
  'v.vendor_name',
  'c.api_adapter_id',
  'c.host',
  'c.port',
  'c.system_id',
  'c.system_type',
  'c.url',
  'c.throughput',
  'c.status',
  'c.created_on',
  'c.window_size',
  'c.transceiver_mode',
  'c.gateway',
  'c.binds',
] as const;

const shown = (db: Db) =>
  db
    .selectFrom('smsc_connections as c')
    .leftJoin('vendors as v', 'v.vendor_uuid', 'c.vendor_uuid')
    .select([...PUBLIC, sql<boolean>`c.password is not null`.as('has_password')]);

/** The connection as the API shows it (no password), or undefined. */
export const shownConnection = (db: Db, id: string) =>
  shown(db).where('c.smsc_connection_uuid', '=', id).executeTakeFirst();

export function listConnections(db: Db, q: SmscConnectionListQuery) {
  let list = db.selectFrom('smsc_connections as c');
  if (q.smsc_id) list = list.where('c.smsc_id', 'ilike', wildcard(q.smsc_id));
  if (q.vendor_uuid) list = list.where('c.vendor_uuid', '=', q.vendor_uuid);
  if (q.api_adapter_id) list = list.where('c.api_adapter_id', '=', q.api_adapter_id);
  if (q.status) list = list.where('c.status', '=', q.status);
  const { col, dir } = ordering(q, ['smsc_id', 'api_adapter_id', 'host', 'status', 'created_on'] as const, 'smsc_id');
  const ids = list.select('c.smsc_connection_uuid');
  return listPage(
    q,
    shown(db).where('c.smsc_connection_uuid', 'in', ids).orderBy(`c.${col}`, dir).orderBy('c.smsc_connection_uuid'),
    list,
  );
}

export async function vendorExists(db: Db, vendor_uuid: string): Promise<boolean> {
  const v = await db
    .selectFrom('vendors')
    .select('vendor_uuid')
    .where('vendor_uuid', '=', vendor_uuid)
    .executeTakeFirst();
  return !!v;
}

/** Whether another connection (not `except`) has this smsc-id, in any case. */
export async function smscIdTaken(db: Db, smscId: string, except?: string): Promise<boolean> {
  let q = db
    .selectFrom('smsc_connections')
    .select('smsc_connection_uuid')
    .where(sql<boolean>`lower(smsc_id) = lower(${smscId})`);
  if (except) q = q.where('smsc_connection_uuid', '!=', except);
  return !!(await q.executeTakeFirst());
}

/** The stored row, sealed password included (for the audit and the patch's checks), or undefined. */
export const connectionRow = (db: Db, id: string) =>
  db.selectFrom('smsc_connections').selectAll().where('smsc_connection_uuid', '=', id).executeTakeFirst();

export const insertConnection = (db: Db, values: Insertable<Database['smsc_connections']>) =>
  db.insertInto('smsc_connections').values(values).returningAll().executeTakeFirstOrThrow();

export const updateConnection = (db: Db, id: string, set: Updateable<Database['smsc_connections']>) =>
  db
    .updateTable('smsc_connections')
    .set(set)
    .where('smsc_connection_uuid', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** The deleted row, or undefined when there was none. */
export const deleteConnection = (db: Db, id: string) =>
  db.deleteFrom('smsc_connections').where('smsc_connection_uuid', '=', id).returningAll().executeTakeFirst();

/** The active connections as the gateway adapter takes them (passwords sealed), by smsc-id. */
export const activeConnections = (db: Db) =>
  db
    .selectFrom('smsc_connections')
    .select(GATEWAY_CONNECTION_COLUMNS)
    .where('status', '=', 'active')
    .orderBy('smsc_id')
    .execute();
