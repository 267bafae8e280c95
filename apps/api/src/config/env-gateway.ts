// The way to the network: the gateway (simulator or SMPP) and Kannel.
import { Type } from '@sinclair/typebox';
import { bool, int, num, oneOf, str, url } from './env-kinds';
import { SMPP_QUOTA_ENV } from './env-smpp-quotas';
import { NUMBER_LOOKUP_ENV } from './env-number-lookup';

export const GATEWAY_ENV = {
  GATEWAY_SECRET: Type.Optional(
    str({
      group: 'Gateway',
      shown: 'random per process',
      description:
        "shared secret of the gateway's inbound calls (`GET /gateway/dlr`, `GET /gateway/mo`); set it when Kannel calls in, the same on every node",
    }),
  ),
  SMSC_SIM_LATENCY_MS: int(0, {
    default: 1000,
    group: 'Gateway',
    description: 'built-in SMSC simulator: time from submit to the delivery report',
  }),
  GUARDS_ENABLED: bool({
    default: true,
    group: 'Gateway',
    description:
      'spend and fraud guards on the send pipeline (spend limits, destinations, pumping, margin floor; docs/guards.md); false only to measure their cost',
  }),
  COMPLIANCE_ENFORCEMENT: bool({
    default: false,
    group: 'Gateway',
    description:
      'refuse sends from unregistered senders where the destination requires a registration (US 10DLC, toll-free verification, sender IDs; docs/compliance.md) until the system admin sets it on the Compliance settings; off so existing traffic keeps flowing until its filings are approved',
  }),
  COMPLIANCE_SIM_REVIEW_SECONDS: num(0, 86400, {
    default: 20,
    group: 'Gateway',
    description: 'built-in registry simulator: how long a filing stays in review before its decision',
  }),
  COMPLIANCE_RENEWAL_CHECK_SECONDS: num(1, 1e7, {
    default: 3600,
    group: 'Gateway',
    description: 'how often registrations are checked for renewal reminders (30 days ahead) and expiry',
  }),
  SMSC_SIM_FAILURE_RATE: num(0, 1, {
    default: 0.05,
    group: 'Gateway',
    description: 'built-in SMSC simulator: share of messages reported undelivered (0..1)',
  }),
  ...NUMBER_LOOKUP_ENV,

  SMPP_PORT: int(0, {
    default: 2775,
    maximum: 65535,
    group: 'Gateway',
    description:
      'port of the customer SMPP 3.4 listener (companies bind with their SMPP accounts); 0 picks a free port',
  }),
  SMPP_HOST: str({ default: '0.0.0.0', group: 'Gateway', description: 'address the SMPP listener binds to' }),
  SMPPS_PORT: Type.Optional(
    int(0, {
      maximum: 65535,
      group: 'Gateway',
      example: '3550',
      description: 'port of the SMPP listener over TLS; needs `SMPP_TLS_CERT` and `SMPP_TLS_KEY`',
    }),
  ),
  SMPP_TLS_CERT: Type.Optional(
    str({
      group: 'Gateway',
      example: '/etc/smsc/smpp.crt',
      description: 'PEM certificate (chain) file of the TLS listener',
    }),
  ),
  SMPP_TLS_KEY: Type.Optional(
    str({ group: 'Gateway', example: '/etc/smsc/smpp.key', description: 'PEM private key file of the TLS listener' }),
  ),
  // where customers connect, shown on their SMPP account screen (a load balancer or NAT may stand in front)
  SMPP_PUBLIC_HOST: Type.Optional(
    str({
      group: 'Gateway',
      shown: 'the host of `PUBLIC_URL`',
      example: 'smpp.example.com',
      description: 'host name customers connect their SMPP clients to (shown on the SMPP account screen)',
    }),
  ),
  SMPP_PUBLIC_PORT: Type.Optional(
    int(1, {
      maximum: 65535,
      group: 'Gateway',
      shown: '`SMPP_PORT`',
      description: 'SMPP port customers connect to, when a proxy or NAT exposes the listener on another port',
    }),
  ),
  SMPPS_PUBLIC_PORT: Type.Optional(
    int(1, {
      maximum: 65535,
      group: 'Gateway',
      shown: '`SMPPS_PORT` (none without it)',
      description:
        'SMPP-over-TLS port customers connect to, when a proxy exposes it on another port (or terminates TLS)',
    }),
  ),
  SMPP_PENDING_HOURS: int(1, {
    default: 72,
    group: 'Gateway',
    description: 'hours a receipt or incoming message waits for an SMPP customer to bind before it expires undelivered',
  }),
  SMPP_ROLE: oneOf(['all', 'http', 'smpp'], {
    default: 'all',
    group: 'Gateway',
    description:
      'what this process serves: `all` (HTTP and the SMPP listener), `http` (no SMPP listener), `smpp` (the SMPP listener, with only `/health`, `/ready` and `/metrics` over HTTP): run the customer SMPP port in processes of its own (docs/deployment.md)',
  }),
  SMPP_MAX_CONNECTIONS: int(1, {
    default: 5000,
    group: 'Gateway',
    description:
      'open SMPP connections (bound or not) this process keeps; past it a new connection is closed at once. Keep it well under the file limit (`ulimit -n`), which HTTP shares',
  }),
  SMPP_MAX_CONNECTIONS_PER_ADDRESS: int(1, {
    default: 200,
    group: 'Gateway',
    description: 'open SMPP connections from one remote address; past it a new connection from there is closed at once',
  }),
  SMPP_BIND_TIMEOUT_SECONDS: num(0.05, 3600, {
    default: 10,
    group: 'Gateway',
    description: 'a connection that has not bound this long after it opened is closed (the session-init timer)',
  }),
  SMPP_INACTIVITY_SECONDS: num(0.05, 86400, {
    default: 180,
    group: 'Gateway',
    description:
      'a bound session that sends no PDU (not even `enquire_link`) this long is closed (the inactivity timer); clients send `enquire_link` every 30–60 s',
  }),
  SMPP_WRITE_BUFFER_BYTES: int(4096, {
    default: 1048576,
    group: 'Gateway',
    description:
      'answers a client has not read yet, per connection: past this its PDUs are read no further until it reads; past 8× the connection is closed',
  }),
  SMPP_BIND_HASH_CONCURRENCY: int(1, {
    default: 2,
    maximum: 64,
    group: 'Gateway',
    description:
      'bind password checks run at once (scrypt, on the thread pool HTTP sign-ins share); up to 32× as many wait, further binds are refused at once (ESME_RBINDFAIL)',
  }),
  ...SMPP_QUOTA_ENV,
  SMPP_BIND_LOCK_AFTER: int(1, {
    default: 10,
    maximum: 1000,
    group: 'Gateway',
    description:
      'failed binds of one system_id within `SMPP_BIND_LOCK_MINUTES` that lock the account (refused unhashed) for `SMPP_BIND_LOCK_MINUTES`; docs/security.md',
  }),
  SMPP_BIND_LOCK_MINUTES: int(1, {
    default: 15,
    maximum: 1440,
    group: 'Gateway',
    description:
      "the window failed binds are counted in, and how long a lock lasts (an account's manager may unlock it)",
  }),

  KANNEL_SENDSMS_URL: Type.Optional(
    url({
      group: 'Kannel',
      example: 'http://127.0.0.1:14113/cgi-bin/sendsms',
      description: "smsbox's sendsms URL: when set, Kannel is the gateway instead of the simulator",
    }),
  ),
  KANNEL_SENDSMS_USER: str({
    default: 'smsc-console',
    group: 'Kannel',
    description: 'the `sendsms-user` the API sends with',
  }),
  KANNEL_SENDSMS_PASSWORD: Type.Optional(
    str({ group: 'Kannel', shown: '– (required with Kannel)', description: 'its password' }),
  ),
  KANNEL_ADMIN_URL: url({
    default: 'http://127.0.0.1:14000',
    group: 'Kannel',
    description: "bearerbox's admin interface (restart, add/stop/start-smsc)",
  }),
  KANNEL_ADMIN_PASSWORD: Type.Optional(
    str({ group: 'Kannel', shown: '– (required with Kannel)', description: 'its password' }),
  ),
  KANNEL_STATUS_PASSWORD: Type.Optional(
    str({ group: 'Kannel', shown: 'the admin password', description: '`status.xml` (link health)' }),
  ),
  KANNEL_SMSBOX_PORT: Type.Optional(
    int(1, { maximum: 65535, group: 'Kannel', shown: 'admin port + 1', description: "bearerbox's box port" }),
  ),
  KANNEL_CONF: Type.Optional(
    str({
      group: 'Kannel',
      shown: '`<repo>/tmp/kannel/kannel.conf`',
      description: 'the kannel.conf POST /gateway restart writes',
    }),
  ),
  KANNEL_DATA_DIR: Type.Optional(
    str({ group: 'Kannel', shown: "KANNEL_CONF's directory", description: 'the file store, DLR spool and logs' }),
  ),
  KANNEL_CALLBACK_URL: Type.Optional(
    url({
      group: 'Kannel',
      shown: '`http://127.0.0.1:$PORT/api_smsc/v1`',
      description: 'the API as Kannel reaches it (dlr-url, sms-service get-url)',
    }),
  ),
  KANNEL_MAX_MESSAGES: int(1, {
    default: 10,
    group: 'Kannel',
    description: 'parts per message (longer texts fail `too_long` instead of being cut by Kannel)',
  }),
  KANNEL_WINDOW: int(1, {
    default: 500,
    group: 'Kannel',
    description: 'SMPP `max-pending-submits` of a connection whose own window is empty',
  }),
  KANNEL_LOG_LEVEL: int(0, {
    default: 2,
    maximum: 4,
    group: 'Kannel',
    description: "both boxes' `log-level` (0 debug, 1 info: a line per receipt in smsbox.log, 2 warnings, 4 panics)",
  }),
  KANNEL_ACCESS_LOG: bool({
    default: false,
    group: 'Kannel',
    description: "write the boxes' access logs (a line per message and per receipt; the message log holds the same)",
  }),
};
