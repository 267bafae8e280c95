// Sends the outbox's pending mail after the transaction that wrote it has committed (the transactional
// outbox): a low-balance alert or an invoice mail is a row written with the posting or the invoice, so
// it exists exactly when they do, and this dispatcher delivers it through the app's mailer (SMTP) with
// retries. Rows are claimed with `for update skip locked` and a lease, so several API processes on one
// PostgreSQL never send a row twice, and a process that dies mid-send leaves it to be retried.
// Without SMTP the rows are marked 'kept': the outbox table is then the mailbox (demo and tests).
// pg-boss is not used for this: on PostgreSQL it has its own pool, so a job sent inside the posting's
// transaction could run (or survive) apart from it; the outbox row itself is the durable job.
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/schema';
import type { MailAttachment } from '../lib/mailer';
import { afterFailure, CLAIM_LEASE_SECONDS } from './outbox-delivery';
import { apiOf } from '../lib/api-context';

/** Builds a row's attachment at send time (e.g. an invoice's PDF), from the row's attachment_ref. */
export type AttachmentResolver = (db: Kysely<Database>, ref: string) => Promise<MailAttachment>;
const resolvers = new Map<string, AttachmentResolver>();
export function registerAttachmentKind(kind: string, resolve: AttachmentResolver) {
  resolvers.set(kind, resolve);
}

export interface DispatchResult {
  sent: number;
  kept: number;
  retried: number;
  failed: number;
}

interface ClaimedRow {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  attachment_kind: string | null;
  attachment_ref: string | null;
  attempts: number;
  sender: string | null;
}

/** One pass: claims up to `limit` due rows and sends each. Exported for tests and tools. */
export async function dispatchOutbox(app: FastifyInstance, limit = 20): Promise<DispatchResult> {
  const out: DispatchResult = { sent: 0, kept: 0, retried: 0, failed: 0 };
  const claimed = (
    await sql<ClaimedRow>`update outbox set attempts = attempts + 1, next_attempt_on = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
    where id in (select id from outbox where status = 'pending' and next_attempt_on <= now() order by next_attempt_on, id limit ${limit} for update skip locked)
    returning id, recipient, subject, body, attachment_kind, attachment_ref, attempts, sender`.execute(app.db)
  ).rows;
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    if (!app.mailer.smtp) {
      await app.db.updateTable('outbox').set({ status: 'kept' }).where('id', '=', row.id).execute();
      app.log.info({ to: row.recipient, subject: row.subject }, `mail (no SMTP_URL, kept in outbox): ${row.body}`);
      out.kept++;
      continue;
    }
    try {
      const attachments: MailAttachment[] = [];
      if (row.attachment_kind) {
        const resolve = resolvers.get(row.attachment_kind);
        if (!resolve) throw new Error(`no attachment resolver for ${row.attachment_kind}`);
        attachments.push(await resolve(app.db, row.attachment_ref ?? ''));
      }
      await app.mailer.send({
        to: row.recipient,
        from: row.sender ?? undefined,
        subject: row.subject,
        text: row.body,
        attachments,
      });
      await app.db
        .updateTable('outbox')
        .set({ status: 'sent', sent_on: new Date(), last_error: null })
        .where('id', '=', row.id)
        .execute();
      out.sent++;
    } catch (e) {
      const next = afterFailure(row.attempts);
      const last_error = String((e as Error).message ?? e).slice(0, 500);
      if (next.status === 'failed') {
        await app.db.updateTable('outbox').set({ status: 'failed', last_error }).where('id', '=', row.id).execute();
        app.log.error(
          { to: row.recipient, subject: row.subject, attempts: row.attempts, err: last_error },
          'mail could not be sent; giving up',
        );
        out.failed++;
      } else {
        await app.db
          .updateTable('outbox')
          .set({ last_error, next_attempt_on: sql<Date>`now() + make_interval(secs => ${next.retryInSeconds})` })
          .where('id', '=', row.id)
          .execute();
        app.log.warn(
          { to: row.recipient, attempts: row.attempts, retryInSeconds: next.retryInSeconds, err: last_error },
          'mail send failed; will retry',
        );
        out.retried++;
      }
    }
  }
  return out;
}

export interface OutboxDispatcher {
  /** runs a pass now (after a commit that wrote mail), or right after the pass in progress */
  kick(): void;
  /** resolves once no pass is running (tests) */
  idle(): Promise<void>;
}

/** The dispatcher of an app, from the root instance tests hold or from inside the API. */
export const outboxOf = (app: FastifyInstance): OutboxDispatcher => apiOf(app).outbox;

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxDispatcher;
  }
}

/** OUTBOX_POLL_MS (default 1000): how often due rows (new, or retries whose wait is over) are looked for. */
export default fp(
  async function outboxDispatcher(app: FastifyInstance) {
    const pollMs = app.config.env.OUTBOX_POLL_MS;
    let running: Promise<void> | null = null;
    let again = false;
    let closing = false;
    const BATCH = 20;
    const pass = async () => {
      do {
        again = false;
        // a full batch means more may be due already: keep going until a batch comes back short
        for (;;) {
          const r = await dispatchOutbox(app, BATCH);
          if (closing || r.sent + r.kept + r.retried + r.failed < BATCH) break;
        }
      } while (again && !closing);
    };
    const run = () => {
      if (closing) return;
      if (running) {
        again = true;
        return;
      }
      running = pass()
        .catch((e) => app.log.error({ err: (e as Error).message }, 'outbox dispatch failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = pollMs > 0 ? setInterval(run, pollMs) : null;
    timer?.unref();
    const dispatcher: OutboxDispatcher = {
      kick: run,
      idle: async () => {
        while (running) await running;
      },
    };
    app.decorate('outbox', dispatcher);
    app.addHook('preClose', async () => {
      closing = true;
      if (timer) clearInterval(timer);
      while (running) await running;
    });
  },
  { name: 'outbox-dispatcher' },
);
