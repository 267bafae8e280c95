// `npm run start:kannel`: the whole real stack on 127.0.0.1: Kannel (bearerbox + smsbox, installed
// with apt-get when missing) with the project's kannel.conf under tmp/kannel, the SMPP carrier
// simulator, and the API serving the console with Kannel as its gateway. Ctrl-C stops everything.
import { execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { kannelSettingsFromEnv, renderKannelConfig, writeConfigFile } from '../../apps/api/src/kannel';
import { readEnv } from '../../apps/api/src/config';
import { SmppCarrier } from '../../apps/api/src/kannel/smpp-carrier';
import { ensureKannel, startBoxes, waitFor } from '../../apps/api/src/kannel/stack';

const root = path.resolve(__dirname, '../..');
const env: NodeJS.ProcessEnv = { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' };
const port = Number((env.PORT ||= '3000'));
// 13000-13013 are the Debian service's defaults, 4310-4799 the e2e servers'
const KP = Number(env.KANNEL_BASE_PORT || 14100);
env.KANNEL_ADMIN_URL ||= `http://127.0.0.1:${KP}`;
env.KANNEL_SMSBOX_PORT ||= String(KP + 1);
env.KANNEL_SENDSMS_URL ||= `http://127.0.0.1:${KP + 13}/cgi-bin/sendsms`;
env.KANNEL_CONF ||= path.join(root, 'tmp/kannel/kannel.conf');
// kept across runs (tmp/kannel/secrets.json would be nicer; the defaults are for a local demo only)
env.KANNEL_ADMIN_PASSWORD ||= 'kannel-admin-local';
env.KANNEL_SENDSMS_PASSWORD ||= 'kannel-send-local';
env.GATEWAY_SECRET ||= 'kannel-gateway-local';
env.KANNEL_CALLBACK_URL ||= `http://127.0.0.1:${port}/api_smsc/v1`;
const carrierPort = Number(env.CARRIER_SMPP_PORT || KP + 75);
const carrierControl = Number(env.CARRIER_CONTROL_PORT || KP + 76);
const carrierLogin = { systemId: 'console', password: env.CARRIER_PASSWORD || 'carrier1' };
env.DEMO_PASSWORD ||= randomBytes(6).toString('hex');

async function main() {
  if (!env.SKIP_BUILD)
    execSync('npx nx run-many -t build --parallel=2 --output-style=static', { stdio: 'inherit', env, cwd: root });
  env.DATA_DIR ??= path.join(root, 'data/pglite');
  env.WEB_ROOT ??= path.join(root, 'dist/apps');
  if (!existsSync(path.join(env.WEB_ROOT, 'shell/index.html'))) throw new Error(`No console build in ${env.WEB_ROOT}`);

  ensureKannel((s) => console.log(`kannel: ${s}`));
  const settings = kannelSettingsFromEnv(readEnv(env), root);
  if (!settings) throw new Error('unreachable: KANNEL_SENDSMS_URL is set above');
  const carrier = new SmppCarrier({
    port: carrierPort,
    ...carrierLogin,
    receiptDelayMs: Number(env.CARRIER_RECEIPT_MS || 500),
    failureRate: Number(env.CARRIER_FAILURE_RATE || 0.05),
  });
  await carrier.start(carrierControl);
  // the file from the last run keeps its links; a first run starts with none (the API applies them)
  if (!existsSync(settings.confPath))
    writeConfigFile(
      settings.confPath,
      renderKannelConfig([], { ...settings.layout, gatewaySecret: env.GATEWAY_SECRET ?? '' }).text,
      settings.layout,
    );
  const boxes = await startBoxes({
    dir: settings.layout.dataDir,
    conf: settings.confPath,
    adminPort: settings.layout.adminPort,
    smsboxPort: settings.layout.smsboxPort,
    sendsmsPort: settings.layout.sendsmsPort,
    log: (s) => console.log(`kannel: ${s}`),
  });
  const api = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
    stdio: 'inherit',
    env,
    cwd: root,
  });
  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    api.kill('SIGTERM');
    await new Promise((r) => (api.exitCode !== null ? r(null) : api.once('exit', r)));
    await boxes.stop();
    await carrier.close();
    process.exit(code);
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => void stop());
  api.on('exit', (code) => void stop(code ?? 0));

  const base = `http://127.0.0.1:${port}/api_smsc/v1`;
  // signed-out calls answer 401 once the API is up
  await waitFor('the API', async () => (await fetch(`${base}/smsc_connection/list`)).status === 401, 180_000, 500);
  const linked = await linkCarrier(base).catch(
    (e: Error) =>
      `not linked automatically (${e.message}): add an SMPP connection to 127.0.0.1:${carrierPort}, system id "console", and restart the gateway`,
  );
  console.log(`
  SMSC Console with Kannel is ready: http://localhost:${port}/   (API docs: http://localhost:${port}/api_smsc/v1/docs)
  demo logins: admin@example.com etc., password ${env.DEMO_PASSWORD} (a fresh database only)
  Kannel admin:  ${settings.adminUrl}/status?password=${settings.layout.adminPassword}   config: ${settings.confPath}
  Kannel sendsms: ${settings.sendsmsUrl}
  SMPP carrier:   127.0.0.1:${carrierPort} (system id "${carrierLogin.systemId}"); ${linked}
  MO from a handset: curl -XPOST 127.0.0.1:${carrierControl}/mo -d '{"from":"14155550111","to":"12125552301","text":"STOP"}'
  carrier stats:  curl 127.0.0.1:${carrierControl}/stats
`);
}

/** Points the demo's route vendor at the carrier simulator (once) and applies it to Kannel. */
async function linkCarrier(base: string): Promise<string> {
  const login = await fetch(`${base}/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: env.DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`admin login ${login.status}`);
  const h = { authorization: `Bearer ${(await login.json()).token}`, 'content-type': 'application/json' };
  const existing = await (await fetch(`${base}/smsc_connection/list?smsc_id=carrier-sim`, { headers: h })).json();
  if (!existing.total) {
    const vendors = await (await fetch(`${base}/vendor/list?vendor_name=*Route Co*`, { headers: h })).json();
    const body = {
      smsc_id: 'carrier-sim',
      api_adapter_id: 'smpp',
      host: '127.0.0.1',
      port: carrierPort,
      system_id: carrierLogin.systemId,
      password: carrierLogin.password,
      vendor_uuid: vendors.items?.[0]?.vendor_uuid ?? null,
    };
    const made = await fetch(`${base}/smsc_connection`, { method: 'POST', headers: h, body: JSON.stringify(body) });
    if (!made.ok) throw new Error(`creating the connection: ${made.status} ${await made.text()}`);
  }
  const applied = await fetch(`${base}/gateway`, {
    method: 'POST',
    headers: h,
    body: JSON.stringify({ command: 'restart' }),
  });
  return `connection "carrier-sim": ${(await applied.json()).message}`;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
