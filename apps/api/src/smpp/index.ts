// SMPP: the customer SMPP 3.4 listener (companies bind with their SMPP accounts and submit through the same
// pipeline as POST /sms; receipts and incoming messages come back on their binds) and the account routes.
// docs/smpp.md describes it for customers: binds, data codings, concatenation, status codes, receipts.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { apiOf } from '../lib/api-context';
import smppRoutes from './routes';
import smppQuotaRoutes from './quota-routes';
import smppConnectionRoutes from './connection-routes';
import { SmppListener } from './server';
import { setBindLockout } from './lockout';

export { SmppListener } from './server';
export type { SmppLimits, SessionStats } from './session';
import { smppAccountsNamed, smppSystemIdOf } from './accounts';

export { SMPP_ACCOUNT_OWNERS, smppAccountsNamed, smppSystemIdOf } from './accounts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the customer SMPP listener: its ports, live binds and deliveries */
    smpp: SmppListener;
  }
}

/** The SMPP listener of an app, from the root instance tests and benchmarks hold or from inside the API. */
export const smppOf = (app: FastifyInstance): SmppListener => apiOf(app).smpp;

export default fp(
  async function smpp(app: FastifyInstance) {
    const env = app.config.env;
    const o = app.config.smpp ?? {};
    const tlsPort = o.tlsPort === false ? undefined : (o.tlsPort ?? env.SMPPS_PORT);
    if (tlsPort !== undefined && !(env.SMPP_TLS_CERT && env.SMPP_TLS_KEY))
      throw new Error('SMPPS_PORT needs SMPP_TLS_CERT and SMPP_TLS_KEY');
    // SMPP_ROLE=http: this process serves HTTP only, the SMPP port is another process's
    const serves = env.SMPP_ROLE !== 'http';
    // before the listener: its sessions find the settings by the database handle (lockout.ts)
    const lockout = setBindLockout(app.db, {
      after: env.SMPP_BIND_LOCK_AFTER,
      minutes: env.SMPP_BIND_LOCK_MINUTES,
    });
    const listener = new SmppListener(app.db, app.messaging, app.log, {
      host: env.SMPP_HOST,
      port: !serves ? false : o.port === undefined ? env.SMPP_PORT : o.port,
      tls:
        serves && tlsPort !== undefined
          ? { port: tlsPort, cert: env.SMPP_TLS_CERT as string, key: env.SMPP_TLS_KEY as string }
          : null,
      pendingHours: env.SMPP_PENDING_HOURS,
      hashCost: app.config.passwordHashCost,
      limits: {
        maxConnections: env.SMPP_MAX_CONNECTIONS,
        maxConnectionsPerAddress: env.SMPP_MAX_CONNECTIONS_PER_ADDRESS,
        bindTimeoutMs: env.SMPP_BIND_TIMEOUT_SECONDS * 1000,
        inactivityMs: env.SMPP_INACTIVITY_SECONDS * 1000,
        writeBufferBytes: env.SMPP_WRITE_BUFFER_BYTES,
        bindHashConcurrency: env.SMPP_BIND_HASH_CONCURRENCY,
        ...o.limits,
      },
      quotas: {
        tpsCeiling: env.SMPP_TPS_CEILING,
        multipartPerAccount: env.SMPP_MULTIPART_OPEN_PER_ACCOUNT,
        multipartTotal: env.SMPP_MULTIPART_OPEN_TOTAL,
      },
    });
    app.decorate('smpp', listener);
    if (serves)
      app.ops.sources.smpp = () => ({
        connections: listener.connections,
        binds: listener.binds.all().length,
        refusedConnections: listener.refusedConnections,
        faults: listener.stats.faults,
        bindTimeouts: listener.stats.timeouts.bind,
        inactivityTimeouts: listener.stats.timeouts.inactivity,
        slowReaders: listener.stats.slowReaders,
        bindsThrottled: listener.stats.bindsThrottled,
      });
    // the SMS log names the SMPP account a message came in on
    app.messaging.useSmppNames({ systemIdOf: smppSystemIdOf, accountsNamed: smppAccountsNamed });
    // incoming messages to a number of a company with an SMPP account wait for its receiver binds
    app.messaging.onReceived((m) => {
      if (!m.company_uuid) return;
      const company_uuid = m.company_uuid;
      void app.db
        .selectFrom('smpp_accounts')
        .select('smpp_account_uuid')
        .where('company_uuid', '=', company_uuid)
        .where('is_active', '=', true)
        .limit(1)
        .executeTakeFirst()
        .then((has) => (has ? listener.deliveries.incoming(m.sms_uuid, company_uuid) : undefined))
        .catch((e) => app.log.error({ err: (e as Error).message }, 'SMPP incoming message not queued'));
    });
    app.addHook('onReady', async () => {
      try {
        await listener.start();
        app.log.info({ port: listener.port, tls_port: listener.tlsPort }, 'SMPP listener started');
      } catch (e) {
        // a port another process holds (a second server on this machine) must not take the console down
        app.log.error({ err: (e as Error).message }, 'SMPP listener not started');
      }
    });
    app.addHook('preClose', async () => listener.close());
    await app.register(smppRoutes, { binds: listener.binds, lockout });
    await app.register(smppQuotaRoutes);
    await app.register(smppConnectionRoutes, {
      bound: () => ({ port: serves ? listener.port || null : null, tlsPort: serves ? listener.tlsPort : null }),
    });
  },
  { name: 'smpp', dependencies: ['messaging'] },
);
