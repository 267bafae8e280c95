// A server process for the restart test (bulk/restart.spec.ts): runs the API on DATA_DIR (PGlite) or
// DATABASE_URL + DB_SCHEMA, logs every gateway handover to HANDOVER_LOG (appended synchronously, so
// the log survives a SIGKILL), and talks to the test over stdout:
//   CREATE=<n>  funds Acme and creates a bulk of n numbers, printing "BULK <id>"
//   then prints "PROGRESS <json>" every 100 ms until the bulk has finished and nothing is queued,
//   then (with REPORT=1) prints "RESULT <json>" with the checks' figures and exits cleanly.
//   CARRIER_PORT=<port>: the bulk's route goes out on the direct SMPP gateway to a carrier simulator there (the
//   test's), through a connection the CREATE run makes; the handover log then logs what reaches that gateway.
import { appendFileSync } from 'node:fs';
import { sql } from 'kysely';
import { build } from '../../app';
import { post } from '../../billing';
import { messagingOf } from '../../messaging';
import { bulkOf } from '..';
import { apiOf } from '../../lib/api-context';
import { catalogRepository } from '../../catalog';

const env = process.env;
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const app = await build({
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
    dbSchema: env.DB_SCHEMA || undefined,
    demoPassword: 'restart-pass',
    demoTraffic: false,
    demoBilling: false,
    webRoot: '/nonexistent',
    messaging: { gatewaySecret: 'restart', simLatencyMs: 300, simFailureRate: 0.1, simRandom: Math.random },
  });
  const direct = apiOf(app).directGateway;
  const gateway = env.CARRIER_PORT ? direct : messagingOf(app).gateway;
  const submit = gateway.submit.bind(gateway);
  gateway.submit = async (m) => {
    appendFileSync(env.HANDOVER_LOG as string, `${m.sms_uuid}\n`);
    return submit(m);
  };
  const acme = (
    await app.db
      .selectFrom('companies')
      .select('company_uuid')
      .where('company_name', '=', 'Acme')
      .executeTakeFirstOrThrow()
  ).company_uuid;
  let id = env.BULK_ID;
  if (env.CREATE && env.CARRIER_PORT) {
    const { vendor_uuid } = await app.db
      .selectFrom('vendor_products')
      .select('vendor_uuid')
      .where('vendor_product_name', '=', 'Route Co Standard')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('smsc_connections')
      .values({
        smsc_id: 'carrier-r',
        api_adapter_id: 'smpp',
        gateway: 'direct',
        binds: 2,
        host: '127.0.0.1',
        port: Number(env.CARRIER_PORT),
        system_id: 'console',
        password: app.secrets.smscPassword.seal('secret42'),
        vendor_uuid,
      })
      .execute();
    await messagingOf(app).control.restart(await catalogRepository.directLinks(app.db));
  }
  if (env.CARRIER_PORT) {
    // a restarted server binds the connection on its start
    while (!direct.link('carrier-r')?.binds.some((b) => b.state === 'bound'))
      await new Promise((r) => setTimeout(r, 50));
  }
  if (env.CREATE) {
    await app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid: acme },
        amount: 1_000_000_000n,
        kind: 'adjustment',
        cause_type: 'test',
        cause_id: 'restart',
      }),
    );
    const recipients = Array.from({ length: Number(env.CREATE) }, (_, i) => ({
      number: `+1415${String(3000000 + i)}`,
    }));
    id = (
      await bulkOf(app).create({
        company_uuid: acme,
        user_uuid: null,
        ani: '+12125552301',
        text: 'Restart test',
        recipients,
      })
    ).bulk_uuid;
  }
  say(`BULK ${id}`);
  for (;;) {
    const p = await bulkOf(app).progress(id as string);
    say(`PROGRESS ${JSON.stringify(p)}`);
    if (p.status === 'finished' && p.left === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (env.REPORT) {
    // Reports still on their way from the simulator are applied before counting: on a quiet machine the
    // job hands over faster than reports settle, so wait until the messages awaiting one stop moving
    // (those the killed process handed over never get one from this process's simulator).
    const awaiting = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from sms
      where company_uuid = ${acme} and text = 'Restart test' and status = 'sent'`.execute(app.db)
      ).rows[0].n;
    let last = -1;
    let still = 0;
    for (const until = Date.now() + 180_000; still < 3 && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 1000));
      const n = await awaiting();
      still = n === last ? still + 1 : 0;
      last = n;
    }
    const row = (
      await sql<Record<string, number>>`select
        (select count(*)::int from bulk_recipients where bulk_uuid = ${id}) as recipients,
        (select count(distinct bulk_seq)::int from sms where bulk_uuid = ${id}) as messages,
        (select count(*)::int from sms where company_uuid = ${acme} and text = 'Restart test') as stored,
        (select count(*)::int from sms where company_uuid = ${acme} and text = 'Restart test' and status = 'delivered') as delivered,
        (select count(*)::int from sms where company_uuid = ${acme} and text = 'Restart test' and status = 'queued') as queued,
        (select count(*)::int from sms where company_uuid = ${acme} and text = 'Restart test' and status = 'sent') as awaiting_report,
        (select count(*)::int from ledger_entries e join sms s on e.cause_id = s.sms_uuid::text where s.text = 'Restart test' and e.kind = 'sms_charge') as charges,
        (select count(distinct e.cause_id)::int from ledger_entries e join sms s on e.cause_id = s.sms_uuid::text where s.text = 'Restart test' and e.kind = 'sms_charge') as charged_messages,
        (select coalesce(-sum(e.amount), 0)::text from ledger_entries e join sms s on e.cause_id = s.sms_uuid::text where s.text = 'Restart test' and e.kind = 'sms_charge') as charged,
        (select coalesce(sum(price), 0)::text from sms where company_uuid = ${acme} and text = 'Restart test' and status = 'delivered') as delivered_price,
        (select count(*)::int from ledger_reservations l join sms s on s.reservation_uuid = l.reservation_uuid where s.text = 'Restart test') as holds`.execute(
        app.db,
      )
    ).rows[0];
    // the direct gateway's messages in doubt: those the carrier turned out to have, and those sent again
    say(
      `RESULT ${JSON.stringify({ ...row, in_doubt_found: direct.doubts.found, in_doubt_resent: direct.doubts.resent })}`,
    );
  }
  await app.close();
  process.exit(0);
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
