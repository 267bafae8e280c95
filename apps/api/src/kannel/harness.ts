// A whole real gateway on 127.0.0.1 for the round-trip test, the fault check and the benchmark:
// Kannel (bearerbox + smsbox) with the project's configuration and the SMPP carrier simulator, on
// ports picked free. The API is the caller's (it needs `settings` and `secret`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEnv } from '../config';
import { renderKannelConfig } from './config';
import { writeConfigFile } from './control';
import type { KannelSettings } from '.';
import { SmppCarrier, type CarrierOptions } from './smpp-carrier';
import { ensureKannel, freePort, startBoxes, type KannelBoxes } from './stack';

export interface KannelHarness {
  settings: KannelSettings;
  secret: string;
  apiPort: number;
  carrier: SmppCarrier;
  boxes: KannelBoxes;
  close(): Promise<void>;
}

export async function startKannelHarness(
  o: { apiPort?: number; dir?: string; carrier?: Partial<CarrierOptions>; log?: (s: string) => void } = {},
): Promise<KannelHarness> {
  ensureKannel(o.log);
  const [adminPort, smsboxPort, sendsmsPort] = [await freePort(), await freePort(), await freePort()];
  const apiPort = o.apiPort ?? (await freePort());
  const dir = o.dir ?? mkdtempSync(path.join(tmpdir(), 'kannel-'));
  const secret = `gw-${Math.random().toString(36).slice(2)}`;
  const env = loadEnv();
  const settings: KannelSettings = {
    sendsmsUrl: `http://127.0.0.1:${sendsmsPort}/cgi-bin/sendsms`,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    confPath: path.join(dir, 'kannel.conf'),
    layout: {
      adminPort,
      adminPassword: `adm-${secret}`,
      statusPassword: `st-${secret}`,
      smsboxPort,
      sendsmsPort,
      sendsmsUser: 'console',
      sendsmsPassword: `send-${secret}`,
      callbackBase: `http://127.0.0.1:${apiPort}/api_smsc/v1`,
      dataDir: dir,
      maxMessages: 10,
      window: 500,
      // the installation's defaults (warnings only, no access logs) unless a run asks for more to read, checked
      // like every other variable
      logLevel: env.KANNEL_LOG_LEVEL,
      accessLog: env.KANNEL_ACCESS_LOG,
    },
  };
  const carrier = new SmppCarrier({
    port: 0,
    systemId: 'console',
    password: 'secret42',
    receiptDelayMs: 50,
    ...o.carrier,
  });
  await carrier.start();
  // no links yet: the API's POST /gateway restart adds them from the SMSC connections
  writeConfigFile(
    settings.confPath,
    renderKannelConfig([], { ...settings.layout, gatewaySecret: secret }).text,
    settings.layout,
  );
  let boxes: KannelBoxes;
  try {
    boxes = await startBoxes({ dir, conf: settings.confPath, adminPort, smsboxPort, sendsmsPort, log: o.log });
  } catch (e) {
    await carrier.close();
    throw e;
  }
  return {
    settings,
    secret,
    apiPort,
    carrier,
    boxes,
    async close() {
      await boxes.stop();
      await carrier.close();
      if (!o.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
