// Issue 45 item 9: who submitted a template hears the reviewer's decision. A mail through the outbox (sent after
// commit by the dispatcher), in the words of the company's reseller (mail template "template_review") or the
// system's; the console's live template events refresh the template list and the SMS center's picker meanwhile.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { composeMail, queueMail } from '../mail';
import type { UserRepository } from '../accounts';

export interface ReviewedTemplate {
  company_uuid: string;
  template_name: string;
  created_by: string | null;
}

/** The people to tell: the company admin who submitted it, else (gone, or written by a user now removed) every active admin of the company. */
async function submitters(users: UserRepository, t: ReviewedTemplate) {
  const admins = await users.companyAdmins(t.company_uuid);
  const own = admins.filter((a) => a.uuid === t.created_by);
  return own.length ? own : admins;
}

export async function queueTemplateReviewMail(
  db: Kysely<Database>,
  users: UserRepository,
  t: ReviewedTemplate,
  status: 'approved' | 'rejected',
  reason: string | null,
  publicUrl: string,
): Promise<number> {
  const people = await submitters(users, t);
  const next_step =
    status === 'approved'
      ? 'It can now be picked in the SMS center and sent.'
      : `${reason ? `Reason: ${reason}. ` : ''}Change the template and save it to send it for approval again.`;
  const rows = [];
  for (const p of people) {
    const mail = await composeMail(
      db,
      'template_review',
      p.email,
      { company_uuid: t.company_uuid },
      {
        full_name: p.full_name,
        template_name: t.template_name,
        outcome: status,
        next_step,
        link: `${publicUrl.replace(/\/$/, '')}/company-admin/templates`,
      },
    );
    rows.push({ to: p.email, subject: mail.subject, text: mail.text, from: mail.from ?? null });
  }
  await queueMail(db, rows);
  return rows.length;
}
