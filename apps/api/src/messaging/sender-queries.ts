// What the send routes read about their caller: may it see money, which company it sends for, and what
// fills a message's {placeholders}.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import { COMPANY_OWNERS, rowsOf } from '../lib/tenancy';
import type { MessagingService } from './service';

/** Money on a company user's answers only when its company admin allows it (companies.users_see_money). */
export async function seesMoney(db: Kysely<Database>, req: FastifyRequest): Promise<boolean> {
  if (req.user.user_type !== 'user' || !req.user.company_uuid) return true;
  const c = await db
    .selectFrom('companies')
    .select('users_see_money')
    .where('company_uuid', '=', req.user.company_uuid)
    .executeTakeFirst();
  return !!c?.users_see_money;
}

/** The company a send or quote is for: company roles their own; the admin and resellers name one of theirs. */
export async function companyFor(db: Kysely<Database>, req: FastifyRequest, named?: string): Promise<string> {
  const u = req.user;
  if (u.user_type === 'company_admin' || u.user_type === 'user') {
    if (named && named !== u.company_uuid) throw new HttpError(403, 'company_uuid: you send for your own company only');
    return u.company_uuid as string;
  }
  if (!named) throw new HttpError(400, 'company_uuid: choose the company to send for');
  const company = await db
    .selectFrom('companies')
    .select('company_uuid')
    .where('company_uuid', '=', named)
    .where(rowsOf(req, COMPANY_OWNERS))
    .executeTakeFirst();
  if (!company) throw notFound('Company');
  return named;
}

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
