// The services around a message: mail and webhooks, background jobs, payments.
import { Type } from '@sinclair/typebox';
import { bool, int, num, oneOf, str, url } from './env-kinds';

export const SERVICES_ENV = {
  SMTP_URL: Type.Optional(
    url({
      group: 'Mail',
      example: 'smtp://user:pass@smtp.example.com:587',
      description: 'mail transport; without it mails go to the `outbox` table and the log',
    }),
  ),
  OUTBOX_POLL_MS: int(0, {
    default: 1000,
    group: 'Mail',
    description:
      'how often the outbox dispatcher sends mail written inside transactions (low-balance alerts, invoice mails) after commit; retries 2, 4, 8… s (≤ 10 min), 8 attempts; `0` turns the timer off',
  }),
  WEBHOOK_ALLOW_PRIVATE: bool({
    default: false,
    group: 'Mail',
    description: 'DID and company webhooks may call private and loopback addresses (tests, closed networks)',
  }),
  COMPANY_WEBHOOK_POLL_MS: int(0, {
    default: 500,
    group: 'Mail',
    description:
      'how often company webhook events (message status, incoming messages, balance alerts) and status callbacks are delivered; retries 5 s, 20 s, 80 s… (×4), 8 attempts; `0` turns the timer off',
  }),
  COMPANY_WEBHOOK_PIPELINE_DEPTH: int(1, {
    default: 16,
    group: 'Mail',
    description:
      'company webhook requests written on one connection before their answers, for endpoints that answer fast (one request per connection first, and again for a while after a failure or a slowdown); `1` turns pipelining off',
  }),
  COMPANY_WEBHOOK_RETENTION_DAYS: int(0, {
    default: 30,
    group: 'Mail',
    description:
      'company webhook events that were delivered or gave up are kept this long for the delivery log, then deleted with their attempts (each node sweeps hourly); `0` keeps them for ever',
  }),

  JOB_RETRY_LIMIT: int(0, {
    default: 5,
    maximum: 50,
    group: 'Jobs',
    description:
      'retries of a failed background job (bulk slices, campaign runs, reminders …) before it goes to its queue’s dead letters, listed on the system admin’s Operations screen to retry or discard',
  }),
  JOB_RETRY_DELAY_SECONDS: int(1, {
    default: 2,
    maximum: 3600,
    group: 'Jobs',
    description:
      'first retry delay of a failed job; each further retry waits about twice as long, with jitter (2 s: ~1–2, 2–4, 4–8, 8–16, 16–32 s)',
  }),
  RECEIPT_EXPIRY_MINUTES: num(0.001, 1e7, {
    default: 2880,
    group: 'Jobs',
    description:
      'a message `sent` this long without a delivery receipt turns `undelivered` ("Expired: no delivery receipt within …") and its hold is released',
  }),
  RECEIPT_EXPIRY_CHECK_SECONDS: num(0.001, 1e7, {
    default: 300,
    group: 'Jobs',
    description: 'how often the lost-receipt job looks for such messages',
  }),
  ROUTE_QUALITY_FLOOR_PERCENT: num(1, 100, {
    default: 97,
    group: 'Jobs',
    description:
      'route quality: the delivered share (of judged messages) a route to a country keeps over the window, unless the system admin set its own floor (Products → Route quality); under it the route is demoted to its fallbacks',
  }),
  ROUTE_QUALITY_MIN_JUDGED: int(1, {
    default: 20,
    maximum: 1_000_000,
    group: 'Jobs',
    description: 'route quality: fewer judged messages than this in the window decide nothing',
  }),
  ROUTE_QUALITY_WINDOW_SECONDS: int(10, {
    default: 300,
    maximum: 86_400,
    group: 'Jobs',
    description: 'route quality: the sliding window a route is judged over (its messages sent in the last … seconds)',
  }),
  ROUTE_QUALITY_RECEIPT_WAIT_SECONDS: int(1, {
    default: 120,
    maximum: 86_400,
    group: 'Jobs',
    description: 'route quality: a message without a final receipt this long after it was sent counts as not delivered',
  }),
  ROUTE_QUALITY_PROBATION_SECONDS: int(1, {
    default: 900,
    maximum: 604_800,
    group: 'Jobs',
    description: 'route quality: a demoted route is promoted back once its window has shown no shortfall for this long',
  }),
  ROUTE_QUALITY_CHECK_SECONDS: num(0.1, 3600, {
    default: 30,
    group: 'Jobs',
    description: 'route quality: how often the evaluation job runs (one node at a time, on the job queue)',
  }),
  RETENTION_CHECK_SECONDS: num(1, 86400, {
    default: 3600,
    group: 'Jobs',
    description: 'message retention: how often the pass that redacts and removes old messages runs (docs/retention.md)',
  }),
  RETENTION_BATCH_SIZE: int(10, {
    default: 2000,
    maximum: 100_000,
    group: 'Jobs',
    description:
      'message retention: messages a pass redacts or removes in one short transaction (sends never wait long)',
  }),
  RETENTION_ARCHIVE_DIR: Type.Optional(
    str({
      group: 'Jobs',
      shown: '`<repo>/data/retention-archive`',
      description: 'message retention: the folder of the archive files (gzip CSV) written before messages are removed',
    }),
  ),
  CLUSTER_POLL_MS: int(50, {
    default: 250,
    group: 'Jobs',
    description:
      "several API nodes on one PostgreSQL: how often a node tries to take a periodic task over (scheduled messages, report folds) and runs those it leads; a dead node's tasks move within about this time",
  }),
  REPORT_FOLD_MS: int(1, {
    default: 5000,
    group: 'Jobs',
    description: 'how often message events are folded into the report rollups',
  }),

  STRIPE_SECRET_KEY: Type.Optional(
    str({
      group: 'Payments',
      description: 'card checkout through Stripe Checkout; without it a built-in test checkout page (offline)',
    }),
  ),
  STRIPE_WEBHOOK_SECRET: Type.Optional(
    str({
      group: 'Payments',
      description: 'verifies `POST /payments/stripe/webhook` (tolerance 300 s); without it the webhook answers 404',
    }),
  ),
  PAYPAL_CLIENT_ID: Type.Optional(
    str({ group: 'Payments', description: 'the PayPal payment button (with PAYPAL_CLIENT_SECRET); without: 409' }),
  ),
  PAYPAL_CLIENT_SECRET: Type.Optional(str({ group: 'Payments', description: 'secret of PAYPAL_CLIENT_ID' })),
  PAYPAL_ENVIRONMENT: oneOf(['sandbox', 'production'] as const, {
    default: 'sandbox',
    group: 'Payments',
    description: '`production` for live PayPal',
  }),
  PAYPAL_API_BASE: Type.Optional(
    url({
      group: 'Payments',
      description: "send the SDK's calls to another base URL (a local fake of PayPal's API in tests)",
    }),
  ),
};
