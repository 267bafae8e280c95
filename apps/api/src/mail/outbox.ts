// The transactional outbox: every mail the server writes is a row here, written in the caller's transaction so
// the mail exists exactly when what it tells of does; outbox-dispatcher.ts sends the pending rows after commit.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Mail } from '../lib/mailer';

type Db = Kysely<Database> | Transaction<Database>;

export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  /** the brand's sender ("Name" <address>); the server's own when left out */
  from?: string | null;
  /** a part the dispatcher renders when it sends (registerAttachmentKind) */
  attachment?: { kind: string; ref: string };
}

/** Mail written to the outbox in the caller's transaction (sent after commit by the dispatcher). */
export async function queueMail(db: Db, mails: QueuedMail[]): Promise<void> {
  if (!mails.length) return;
  await db
    .insertInto('outbox')
    .values(
      mails.map((m) => ({
        recipient: m.to,
        subject: m.subject,
        body: m.text,
        status: 'pending' as const,
        attachment_kind: m.attachment?.kind ?? null,
        attachment_ref: m.attachment?.ref ?? null,
        sender: m.from ?? null,
      })),
    )
    .execute();
}

/** A mail the mailer could not send for want of SMTP, kept in the outbox so a demo can still read it. */
export async function keepMail(db: Db, mail: Mail): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ recipient: mail.to, subject: mail.subject, body: mail.text, sender: mail.from ?? null })
    .execute();
}

/** The outbox's figures for the Operations page and /metrics: rows waiting, rows given up, the oldest waiting. */
export async function outboxFigures(db: Db): Promise<{ pending: number; failed: number; oldest: Date | null }> {
  const r = await sql<{ pending: number; failed: number; oldest: Date | null }>`
    select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'failed')::int as failed,
      min(created_on) filter (where status = 'pending') as oldest from outbox`.execute(db);
  return r.rows[0];
}
