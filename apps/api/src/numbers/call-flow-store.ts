// Numbers' statements on a number's call flow (call_workflows), for numbers/call-flow.ts. Each takes the
// executor first, so a call joins the caller's transaction.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;
/** what a save sets (call-flow.ts's CallFlowFields) */
type Fields = Pick<
  Insertable<Database['call_workflows']>,
  'action' | 'forward_to' | 'email' | 'message' | 'ring_seconds'
>;

/** The number's call flow as the editor shows it, or null before it has one (or once the number is gone). */
export async function callFlowOf(db: Db, did_uuid: string) {
  const row = await db
    .selectFrom('call_workflows as w')
    .innerJoin('dids as d', 'd.did_uuid', 'w.did_uuid')
    .select([
      'w.did_uuid',
      'd.did',
      'w.action',
      'w.forward_to',
      'w.email',
      'w.message',
      'w.ring_seconds',
      'w.updated_on',
    ])
    .where('w.did_uuid', '=', did_uuid)
    .executeTakeFirst();
  return row ?? null;
}

/** Sets the number's call flow (its row made on the first save). */
export async function saveCallFlow(db: Db, did_uuid: string, fields: Fields, user_uuid: string) {
  await db
    .insertInto('call_workflows')
    .values({ did_uuid, ...fields, updated_by: user_uuid })
    .onConflict((oc) => oc.column('did_uuid').doUpdateSet({ ...fields, updated_by: user_uuid, updated_on: new Date() }))
    .execute();
}
