import type { Kysely, Transaction } from 'kysely';
import type { MailTemplateKind } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { Mail } from '../lib/mailer';
import { effectiveBrand } from '../branding';
import { accountsRepository } from '../accounts';
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

/** Saves the reseller's own wording of a mail (a second save replaces it). */
export async function saveWording(db: Db, reseller_uuid: string, kind: MailTemplateKind, w: Wording): Promise<void> {
  await db
    .insertInto('mail_templates')
    .values({ reseller_uuid, kind, subject: w.subject, body: w.body })
    .onConflict((oc) =>
      oc.columns(['reseller_uuid', 'kind']).doUpdateSet({ subject: w.subject, body: w.body, updated_on: new Date() }),
    )
    .execute();
}

/** Drops the reseller's own wording (the system's is sent again); answers what it was, if it had one. */
export async function dropWording(db: Db, reseller_uuid: string, kind: MailTemplateKind) {
  return db
    .deleteFrom('mail_templates')
    .where('reseller_uuid', '=', reseller_uuid)
    .where('kind', '=', kind)
    .returning(['subject', 'body'])
    .executeTakeFirst();
}

/** The reseller a mail speaks for: a reseller's own account, or the reseller of a company (none for a direct company). */
export async function resellerOf(
  db: Db,
  who: { reseller_uuid?: string | null; company_uuid?: string | null },
): Promise<{ uuid: string | null; name: string }> {
  let uuid = who.reseller_uuid ?? null;
  if (!uuid && who.company_uuid) uuid = await accountsRepository.resellerOfCompany(db, who.company_uuid);
  if (!uuid) return { uuid: null, name: SYSTEM_NAME };
  const name = (await accountsRepository.resellerNames(db, [uuid])).get(uuid);
  return name !== undefined ? { uuid, name } : { uuid: null, name: SYSTEM_NAME };
}

/** A display name as RFC 5322 allows it unquoted only for plain words: quoted, with its quotes escaped. */
const displayName = (name: string) => `"${name.replace(/["\\\r\n]/g, '')}"`;

/**
 * A mail to `to` in the words of the reseller behind `who` (its own template, else the system's),
 * with `values` and the reseller's name filled in, sent under the reseller's brand: its sender and its footer
 * (support contact, legal text). Without a brand address the server's default address sends, in the brand's name.
 */
export async function composeMail(
  db: Db,
  kind: MailTemplateKind,
  to: string,
  who: { reseller_uuid?: string | null; company_uuid?: string | null },
  values: Record<string, string>,
): Promise<Mail> {
  const reseller = await resellerOf(db, who);
  const brand = await effectiveBrand(db, reseller.uuid);
  const wording = await wordingFor(db, reseller.uuid, kind);
  // a reseller that set a brand speaks in the brand's name; otherwise as before (its company name, or the system's)
  const name = brand.is_default ? reseller.name : brand.name;
  const out = render(wording, { ...values, reseller_name: name });
  const support = [brand.support_email, brand.support_phone].filter(Boolean).join(' · ');
  const footer = [support && `Support: ${support}`, brand.legal_footer].filter(Boolean).join('\n');
  const text = footer ? `${out.body}\n\n--\n${footer}` : out.body;
  if (brand.is_default && !brand.mail_from_address) return { to, subject: out.subject, text };
  // a bare display name: the mailer adds the server's own address (lib/mailer.ts senderOf)
  const sender = displayName(brand.mail_from_name ?? brand.name);
  return {
    to,
    subject: out.subject,
    text,
    from: brand.mail_from_address ? `${sender} <${brand.mail_from_address}>` : sender,
  };
}
