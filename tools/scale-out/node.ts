// One API node of the scale-out test (tools/scale-out/run.ts): the real server on DATABASE_URL with
// Kannel as its gateway, where "Kannel" is the test's carrier simulator (an HTTP sendsms endpoint that
// calls the dlr-url back). Prints "READY" once it listens. Node 1 (SEED=1) seeds the demo data and, on
// "BULK <n>" on stdin funds Acme and creates a bulk of n numbers ("BULK <id>" back); "SCHEDULE <count>
// <spread ms>" schedules single messages spread over that time ("SCHEDULED" back).
import { createInterface } from 'node:readline';
import { build } from '../../apps/api/src/app';
import { post } from '../../apps/api/src/billing';
import { messagingOf } from '../../apps/api/src/messaging';
import { bulkOf } from '../../apps/api/src/bulk';

const env = process.env;
const port = Number(env.PORT);
const carrier = env.CARRIER_URL as string;
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const secret = 'scale-out';
  const app = await build({
    databaseUrl: env.DATABASE_URL,
    seed: env.SEED === '1',
    demoPassword: 'scale-out-pass',
    // one signing key for all nodes, as a deployment has (JWT_SECRET): a session made on one is good on the others
    jwtSecret: 'scale-out-shared-jwt-secret-0123456789abcdef',
    demoTraffic: false,
    demoBilling: false,
    webRoot: '/nonexistent',
    passwordHashCost: 'fast',
    messaging: {
      gatewaySecret: secret,
      kannel: {
        sendsmsUrl: `${carrier}/cgi-bin/sendsms`,
        adminUrl: carrier,
        confPath: `${env.WORK_DIR}/kannel-${port}.conf`,
        layout: {
          adminPort: Number(new URL(carrier).port),
          adminPassword: 'adm',
          statusPassword: 'st',
          smsboxPort: 1,
          sendsmsPort: Number(new URL(carrier).port),
          sendsmsUser: 'console',
          sendsmsPassword: 'send',
          callbackBase: `http://127.0.0.1:${port}/api_smsc/v1`,
          dataDir: env.WORK_DIR as string,
          maxMessages: 10,
          window: 500,
          logLevel: 1,
        },
      },
    },
  });
  await app.listen({ port, host: '127.0.0.1' });
  say('READY');
  // the test's end (or death) closes stdin: no node outlives it
  createInterface({ input: process.stdin })
    .on('close', () => process.exit(0))
    .on('line', (line) => {
      const [cmd, a, b] = line.split(' ');
      const run = cmd === 'BULK' ? bulk(Number(a)) : cmd === 'SCHEDULE' ? schedule(Number(a), Number(b)) : null;
      run?.catch((e) => say(`ERROR ${(e as Error).stack}`));
    });

  const acme = async () =>
    (
      await app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Acme')
        .executeTakeFirstOrThrow()
    ).company_uuid;

  async function bulk(total: number) {
    const company_uuid = await acme();
    await app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid },
        amount: 1_000_000_000n,
        kind: 'adjustment',
        cause_type: 'test',
        cause_id: 'scale-out',
      }),
    );
    const recipients = Array.from({ length: total }, (_, i) => ({ number: `+1415${String(3000000 + i)}` }));
    const { bulk_uuid } = await bulkOf(app).create({
      company_uuid,
      user_uuid: null,
      ani: '+12125552301',
      text: 'Scale-out bulk',
      recipients,
    });
    say(`BULK ${bulk_uuid}`);
  }

  // the scheduled messages: spread evenly over spreadMs from 2 s on
  async function schedule(count: number, spreadMs: number) {
    const company_uuid = await acme();
    const start = Date.now() + 2000;
    for (let i = 0; i < count; i++)
      await messagingOf(app).messaging.pipeline.send({
        company_uuid,
        user_uuid: null,
        ani: '+12125552301',
        dnis: `+1415${String(5000000 + i)}`,
        text: 'Scale-out scheduled',
        send_at: new Date(start + Math.round((i * spreadMs) / count)),
      });
    say('SCHEDULED');
  }
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
