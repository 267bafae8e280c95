// A server process for the STOP-across-a-restart test (bulk/stop-restart.spec.ts): runs the API on DATA_DIR
// (PGlite) or DATABASE_URL + DB_SCHEMA, logs the destination of every gateway handover to HANDOVER_LOG (appended synchronously, so the log
// survives a SIGKILL), and talks to the test over stdout:
//   CREATE=<n>  funds Acme and creates a bulk of n numbers (the last one is TARGET), printing "BULK <id>"; once
//               some of it went out, the gateway reports TARGET's STOP (GET /gateway/mo, as Kannel would), and
//               when that call is answered prints "STOPPED <messages to TARGET so far>" (the test kills it then)
//   BULK_ID=<id> resumes: waits until the bulk has finished and nothing is queued, prints "RESULT <json>", exits.
import { appendFileSync } from 'node:fs';
import { sql } from 'kysely';
import { build } from '../../app';
import { post } from '../../billing';
import { messagingOf } from '../../messaging';
import { bulkOf } from '..';
import { API_PREFIX } from '@smsc/shared-contract';

const env = process.env;
const say = (line: string) => process.stdout.write(`${line}\n`);
const SECRET = 'stop-restart';

async function main() {
  const app = await build({
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
    dbSchema: env.DB_SCHEMA || undefined,
    demoPassword: 'restart-pass',
    demoTraffic: false,
    demoBilling: false,
    webRoot: '/nonexistent',
    messaging: { gatewaySecret: SECRET, simLatencyMs: 200, simFailureRate: 0 },
  });
  const gateway = messagingOf(app).gateway;
  const submit = gateway.submit.bind(gateway);
  gateway.submit = async (m) => {
    // the bulk's messages (the STOP's own confirmation goes to the target too, and rightly)
    if (m.text === 'Flash sale') appendFileSync(env.HANDOVER_LOG as string, `${m.dnis}\n`);
    return submit(m);
  };
  const target = env.TARGET as string;
  const { company_uuid: acme } = await app.db
    .selectFrom('companies')
    .select('company_uuid')
    .where('company_name', '=', 'Acme')
    .executeTakeFirstOrThrow();
  const toTarget = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from sms where dnis = ${target} and is_received = false
        and text = 'Flash sale'`.execute(app.db)
    ).rows[0].n;
  let id = env.BULK_ID as string;
  if (env.CREATE) {
    await app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid: acme },
        amount: 1_000_000_000n,
        kind: 'adjustment',
        cause_type: 'test',
        cause_id: 'stop-restart',
      }),
    );
    const n = Number(env.CREATE);
    const recipients = Array.from({ length: n - 1 }, (_, i) => ({ number: `+1415${String(3000000 + i)}` }));
    recipients.push({ number: target });
    id = (
      await bulkOf(app).create({
        company_uuid: acme,
        user_uuid: null,
        ani: '+12125552301',
        text: 'Flash sale',
        recipients,
      })
    ).bulk_uuid;
    say(`BULK ${id}`);
    for (;;) {
      const p = await bulkOf(app).progress(id);
      if (p.sent >= 400) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const mo = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/gateway/mo`,
      query: { secret: SECRET, from: target, to: '+12125552301', text: 'STOP', id: 'stop-1' },
    });
    if (mo.statusCode !== 200) throw new Error(`the STOP was refused: ${mo.statusCode} ${mo.body}`);
    say(`STOPPED ${await toTarget()}`);
    // the test kills this process now; until then the bulk goes on
    await new Promise((r) => setTimeout(r, 60_000));
    return;
  }
  for (;;) {
    const p = await bulkOf(app).progress(id);
    if (p.status === 'finished' && p.left === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const row = (
    await sql<Record<string, number>>`select
      (select count(*)::int from sms where bulk_uuid = ${id}) as stored,
      (select count(*)::int from sms where bulk_uuid = ${id} and dnis = ${target} and status <> 'blocked') as to_target,
      (select count(*)::int from sms where bulk_uuid = ${id} and dnis = ${target} and block_reason = 'suppressed') as target_blocked,
      (select count(*)::int from suppressed_numbers where number = ${target}) as suppressed,
      (select count(*)::int from consent_events where number = ${target} and action = 'opt_out') as consent`.execute(
      app.db,
    )
  ).rows[0];
  say(`RESULT ${JSON.stringify(row)}`);
  await app.close();
  process.exit(0);
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
