// What the send routes read about their caller: who it sends as, may it see money, which company it sends for,
// and what fills a message's {placeholders}.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { FieldError } from '../lib/http-error';
import { targetCompany } from '../lib/tenancy';
import { accountsRepository } from '../accounts';
import type { MessagingService } from './service';
import type { SendInput } from './pipeline-types';

/**
 * Who a send is made as, the same for every sending call (POST /sms, the Twilio-compatible Messages.json): the
 * signed-in user or the API key's creator, the key (the log's "Sent by"), and whether it is a test key's send
 * (sandboxed: never charged nor carried, its outcome chosen by its number, sandbox.ts). With an idempotency key,
 * a retried request (the same key and the same `request`, per user) answers the first message.
 */
export function sendCaller(
  req: FastifyRequest,
  idempotency?: { key: string | undefined; request: unknown[] },
): Pick<SendInput, 'user_uuid' | 'api_key_uuid' | 'sandbox' | 'idempotency'> {
  const key = idempotency?.key;
  return {
    user_uuid: req.user.uuid,
    api_key_uuid: req.user.api_key_uuid ?? null,
    sandbox: !!req.user.sandbox,
    idempotency: key
      ? {
          user_uuid: req.user.uuid,
          key,
          hash: createHash('sha256').update(JSON.stringify(idempotency.request)).digest('hex'),
        }
      : undefined,
  };
}

/** Money on a company user's answers only when its company admin allows it (companies.users_see_money). */
export async function seesMoney(db: Kysely<Database>, req: FastifyRequest): Promise<boolean> {
  if (req.user.user_type !== 'user' || !req.user.company_uuid) return true;
  const c = await accountsRepository.companyOf(db, req.user.company_uuid);
  return !!c?.users_see_money;
}

/** The company a send or quote is for: company roles their own; the admin and resellers name one of theirs. */
export const companyFor = (db: Kysely<Database>, req: FastifyRequest, named?: string): Promise<string> =>
  targetCompany(db, req, named, {
    missing: 'company_uuid: choose the company to send for',
    other: 'company_uuid: you send for your own company only',
  });

/** What fills a message's {placeholders}: the number, the recipient's name, then the values typed (which win). */
export async function placeholderValues(
  db: Kysely<Database>,
  content: Pick<MessagingService, 'recipientOf'>,
  company_uuid: string,
  b: { dnis: string; recipient_uuid?: string; values?: Record<string, string> },
): Promise<Record<string, string>> {
  const recipient = b.recipient_uuid ? await content.recipientOf(db, company_uuid, b.recipient_uuid) : undefined;
  return {
    number: b.dnis.trim(),
    ...(recipient ? { name: recipient.recipient_name, recipient_name: recipient.recipient_name } : {}),
    ...b.values,
  };
}

/**
 * The numbers of a POST /sms, named `ani`/`dnis` (the console's names) or `from`/`to` (most SMS APIs'): 400 when
 * one is missing, or when both names of one number disagree.
 */
export function sendNumbers(b: { ani?: string; dnis?: string; from?: string; to?: string }): {
  ani: string;
  dnis: string;
} {
  const errors: Record<string, string> = {};
  const pick = (field: 'ani' | 'dnis', alias: 'from' | 'to', what: string) => {
    const a = b[field];
    const c = b[alias];
    if (a !== undefined && c !== undefined && a.trim() !== c.trim())
      errors[alias] = `${what}: ${alias} and ${field} name the same number; send one of them`;
    const v = a ?? c;
    if (v === undefined) errors[field] = `${what}: required (as ${field}, or ${alias})`;
    return v ?? '';
  };
  const ani = pick('ani', 'from', 'Sender number');
  const dnis = pick('dnis', 'to', 'Recipient number');
  if (Object.keys(errors).length) throw new FieldError(errors);
  return { ani, dnis };
}
