import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}
export interface Mail {
  to: string;
  /** the sender ("Name <address>"): a brand's; absent, the server's default */
  from?: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** true when SMTP_URL is set: the outbox dispatcher then sends its pending rows over SMTP */
  readonly smtp: boolean;
}

/** A mail's sender: its own "Name <address>", a bare name with the default's address, or the default. */
export function senderOf(from: string | undefined, fallback: string): string {
  if (!from) return fallback;
  if (from.includes('<')) return from;
  const address = /<([^>]+)>/.exec(fallback)?.[1] ?? fallback;
  return `${from} <${address}>`;
}

/**
 * SMTP when configured; otherwise the mail is kept (`keep`: the mail domain's outbox table) and logged, so a demo
 * can still confirm.
 */
export function createMailer(
  keep: (mail: Mail) => Promise<void>,
  log: FastifyBaseLogger,
  smtpUrl?: string,
  from = 'SMSC Console <no-reply@smsc.local>',
): Mailer {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    smtp: !!transport,
    async send(mail) {
      if (transport) {
        await transport.sendMail({
          from: senderOf(mail.from, from),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: mail.attachments,
        });
        return;
      }
      await keep(mail);
      log.info(
        { to: mail.to, subject: mail.subject, attachments: mail.attachments?.map((a) => a.filename) },
        `mail (no SMTP_URL, kept in outbox): ${mail.text}`,
      );
    },
  };
}
