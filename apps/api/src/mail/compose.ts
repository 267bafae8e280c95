import type { Kysely, Transaction } from 'kysely';
import type { MailTemplateKind } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { Mail } from '../lib/mailer';
import { DEFAULTS, SYSTEM_NAME, render, type Wording } from './templates';

type Db = Kysely<Database> | Transaction<Database>;

/** The reseller's own wording of a mail, or the system's. */
export async function wordingFor(
  db: Db,
  resellerUuid: string | null,
  kind: MailTemplateKind,
): Promise<Wording & { is_default: boolean; updated_on: Date | null }> {
  const own = resellerUuid
    ? await db
        .selectFrom('mail_templates')
        .select(['subject', 'body', 'updated_on'])
        .where('reseller_uuid', '=', resellerUuid)
        .where('kind', '=', kind)
        .executeTakeFirst()
    : undefined;
  return own ? { ...own, is_default: false } : { ...DEFAULTS[kind], is_default: true, updated_on: null };
}

/** The reseller a mail speaks for: a reseller's own account, or the reseller of a company (none for a direct company). */
export async function resellerOf(
  db: Db,
  who: { reseller_uuid?: string | null; company_uuid?: string | null },
): Promise<{ uuid: string | null; name: string }> {
  let uuid = who.reseller_uuid ?? null;
  if (!uuid && who.company_uuid) {
    uuid =
      (
        await db
          .selectFrom('companies')
          .select('reseller_uuid')
          .where('company_uuid', '=', who.company_uuid)
          .executeTakeFirst()
      )?.reseller_uuid ?? null;
  }
  if (!uuid) return { uuid: null, name: SYSTEM_NAME };
  const r = await db
    .selectFrom('resellers')
    .select('reseller_name')
    .where('reseller_uuid', '=', uuid)
    .executeTakeFirst();
  return r ? { uuid, name: r.reseller_name } : { uuid: null, name: SYSTEM_NAME };
}

/**
 * A mail to `to` in the words of the reseller behind `who` (its own template, else the system's),
 * with `values` and the reseller's name filled in.
 */
export async function composeMail(
  db: Db,
  kind: MailTemplateKind,
  to: string,
  who: { reseller_uuid?: string | null; company_uuid?: string | null },
  values: Record<string, string>,
): Promise<Mail> {
  const reseller = await resellerOf(db, who);
  const wording = await wordingFor(db, reseller.uuid, kind);
  const out = render(wording, { ...values, reseller_name: reseller.name });
  return { to, subject: out.subject, text: out.body };
}
