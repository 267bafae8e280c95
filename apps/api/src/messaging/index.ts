// Messaging: the SMS pipeline, the gateway (the built-in SMSC simulator by default), incoming
// messages and opt-outs, the SMS lists and logs, suppression lists.
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@smsc/shared-contract';
import type { GatewayAdapter } from '../lib/sms-gateway';
import { SmscSimulator } from './gateway/simulator';
import { MessagingService } from './service';
import smsRoutes from './sms-routes';
import type { MessagingOptions } from './options';
import type { GatewayConnection, GatewayControl } from '../catalog';
import suppressionRoutes from './suppression-routes';
import optOutRoutes from './opt-outs/routes';
import { createKannel, kannelSettingsFromEnv } from '../kannel';
import { REPO_ROOT } from '../config';
import gatewayRoutes from './gateway-routes';
import { dlrReceiver, secretCheck, simulatorCall } from './gateway-dlr';
import { apiOf } from '../lib/api-context';
import { messagingRepository, type MessagingRepository } from './repository';
import { createDirect, GatewayRouter, routedControl, type DirectSmppGateway } from '../direct-smpp';

export { MessagingService } from './service';
export { BlockedError, type MessagingHooks, type SendInput, type CompanyFacts } from './pipeline-types';
export type { BatchItem, Judged, StoredMessage } from './batch';
export { AlreadyStored, BULK_LEASE_SECONDS } from './batch';
export { applyReports } from './settlement';
export type { Pipeline } from './pipeline';
export { chargeResellers } from './wholesale';
export { leaseOrphans, smsRows, type MessageRow } from './rows';
export type { GatewayAdapter, OutboundMessage } from '../lib/sms-gateway';
export { SmscSimulator, type SimulatedVendor } from './gateway/simulator';
export { MAGIC_NUMBERS, MAGIC_PREFIX, type MagicNumber } from './sandbox';
export { consentHeld, messagesHeld, optOutsHeld } from './personal-data';
export type { MessagingOptions } from './options';
export { countSegments } from './engine/segments';
export { DEFAULT_STOP_REPLY, optKeyword } from './engine/keywords';
export { policyOf, type OptOutPolicy } from './opt-outs/store';
export type { OptOutNotice } from './inbound';
export type { SendGuards, GuardView, Destination, ObservedSend, ChargedAccount, AccountSpend } from './guard-port';
export { SMS_OWNERS, findSms, smsPage } from './queries';
export { seesMoney, sendCaller } from './sender-queries';
export {
  messagingRepository,
  sentMessages,
  type MessagingRepository,
  type TrafficOf,
  type TrafficRow,
} from './repository';
export type { SenderRegistrations, RegistrationView, RegistrationState } from './registration-port';
export type { NumberLookups, LookupOutcome } from './lookup-port';
export type { RetentionSlice } from './retention-queries';

declare module 'fastify' {
  interface FastifyInstance {
    /** the SMS gateway adapter (the built-in simulator unless another is configured); reload() re-reads its settings */
    gateway: GatewayAdapter;
    /** the SMS pipeline (send, delivery reports, incoming messages) and its hooks */
    messaging: MessagingService;
    /** messaging's repository: what other domains read of its tables */
    messagingRepository: MessagingRepository;
    /** the direct SMPP client: carries the SMSC connections whose gateway is "direct" (the pipeline routes) */
    directGateway: DirectSmppGateway;
  }
}

/** The messaging objects of an app, from the root instance tests and benchmarks hold or from inside the API. */
export function messagingOf(app: FastifyInstance): {
  gateway: GatewayAdapter;
  messaging: MessagingService;
  control: GatewayControl;
} {
  const api = apiOf(app);
  return { gateway: api.gateway, messaging: api.messaging, control: api.gatewayControl as GatewayControl };
}

const SCHEDULED_ROLE = 'scheduled-sms';

export default fp(
  async function messaging(app: FastifyInstance) {
    const o: MessagingOptions = app.config.messaging ?? {};
    const env = app.config.env;
    const secret = o.gatewaySecret ?? env.GATEWAY_SECRET ?? randomBytes(24).toString('hex');
    const simulator = new SmscSimulator({
      latencyMs: o.simLatencyMs ?? env.SMSC_SIM_LATENCY_MS,
      failureRate: Math.min(1, Math.max(0, o.simFailureRate ?? env.SMSC_SIM_FAILURE_RATE)),
      autoDeliver: o.simAutoDeliver ?? true,
      base: API_PREFIX,
      secret,
      random: o.simRandom,
      call: simulatorCall(
        `${API_PREFIX}/gateway/dlr`,
        secretCheck(secret),
        (q) => receiveDlr(q),
        async (url) => {
          const res = await app.inject({ method: 'GET', url });
          return { statusCode: res.statusCode, body: res.body };
        },
      ),
      onError: (err, url) =>
        app.log.warn({ err: (err as Error).message, url: url.split('?')[0] }, 'gateway callback failed'),
    });
    const kannelSettings = o.kannel !== undefined ? o.kannel : kannelSettingsFromEnv(env, REPO_ROOT);
    const kannel = kannelSettings
      ? createKannel(kannelSettings, secret, app.db, app.log, (stored) => app.secrets.smscPassword.open(stored))
      : null;
    const gateway: GatewayAdapter = kannel?.gateway ?? simulator;
    // app.gateway stays Kannel or the simulator (tests drain the simulator through it); the pipeline holds the
    // router, which sends a direct connection's traffic over our own SMPP client
    app.decorate('gateway', gateway);
    const receiveDlr = dlrReceiver(app);
    const direct = createDirect(app.db, app.log, o.direct, {
      report: receiveDlr,
      receive: (mo) => app.messaging.inbound.receive(mo),
      openPassword: (stored) => app.secrets.smscPassword.open(stored),
    });
    app.decorate('directGateway', direct.gateway);
    const router = new GatewayRouter(gateway, direct.gateway);
    // POST /gateway {command: "restart"} (catalog/smsc) hands the active SMSC connections here. The
    // simulator carries every message whatever they say, so a restart reloads it; Kannel writes them
    // into kannel.conf and applies the change (kannel/control.ts).
    const baseControl: GatewayControl = kannel?.control ?? {
      async restart(connections: GatewayConnection[]) {
        await simulator.reload();
        return {
          message: `The built-in SMSC simulator reloaded; it carries every message (${connections.length} active SMSC connection(s) on record)`,
        };
      },
      status: async () => simulator.health(),
    };
    const control = routedControl(baseControl, direct.gateway, direct.productLinks);
    app.decorate('gatewayControl', control);
    const service = new MessagingService(app.db, app.catalog, router, app.log);
    // test keys' messages never reach a carrier: the built-in simulator reports them, whatever carries live traffic
    service.useSandboxCarrier(simulator);
    app.decorate('messaging', service);
    app.decorate('messagingRepository', messagingRepository);
    // scheduled single messages: sent by the node that leads this role (any node, taken over within a poll)
    service.sendsScheduled = () => app.leadership.holds(SCHEDULED_ROLE);
    app.leadership.lead(SCHEDULED_ROLE, {
      tick: () => service.scheduler.pollSchedule(),
      lost: () => service.scheduler.disarmScheduler(),
    });
    // Before the database closes: no timer left running, no report half-written.
    app.addHook('preClose', async () => {
      await service.close();
      kannel?.links.stop();
      await router.close();
    });
    app.addHook('onReady', async () => {
      if (kannel) {
        // route by the links Kannel runs now; POST /gateway restart applies edited connections
        await kannel.links.loadActive(kannel.control.configuredLinks);
        kannel.links.every(60_000, () => kannel.control.configuredLinks);
      }
      // the direct connections as they stand (a restart applies later edits)
      await direct.load();
      await service.scheduler.runDue();
    });
    await app.register(smsRoutes);
    await app.register(suppressionRoutes);
    await app.register(optOutRoutes);
    await app.register(gatewayRoutes, { secret });
  },
  { name: 'messaging', dependencies: ['catalog', 'billing', 'cluster'] },
);
