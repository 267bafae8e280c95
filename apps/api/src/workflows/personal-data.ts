// One phone number in SMS and reminder workflows' number lists, for privacy requests (lib/personal-data.ts):
// taken off the lists (a workflow left with no number sends to no one).
import { sql } from 'kysely';
import type { PersonalDataHolder } from '../lib/personal-data';
import { ofCompany, visibleRows } from '../lib/tenancy';

const has = (e164: string) => sql<boolean>`${e164} = any(numbers)`;

export const workflowsHeld: PersonalDataHolder = {
  name: 'workflows',
  async find(db, scope, { e164 }) {
    const [sms, reminders] = await Promise.all([
      db
        .selectFrom('sms_workflows')
        .select(['sms_workflow_uuid', 'company_uuid', 'name', 'numbers'])
        .where(visibleRows(scope, ofCompany('sms_workflows')))
        .where(has(e164))
        .execute(),
      db
        .selectFrom('reminder_workflows')
        .select(['reminder_workflow_uuid', 'company_uuid', 'name', 'numbers', 'remind_at'])
        .where(visibleRows(scope, ofCompany('reminder_workflows')))
        .where(has(e164))
        .execute(),
    ]);
    return [...sms.map((w) => ({ kind: 'sms', ...w })), ...reminders.map((w) => ({ kind: 'reminder', ...w }))];
  },
  async erase(trx, scope, { e164 }) {
    const off = sql<string[]>`array_remove(numbers, ${e164})`;
    const [a, b] = await Promise.all([
      trx
        .updateTable('sms_workflows')
        .set({ numbers: off })
        .where(visibleRows(scope, ofCompany('sms_workflows')))
        .where(has(e164))
        .executeTakeFirst(),
      trx
        .updateTable('reminder_workflows')
        .set({ numbers: off })
        .where(visibleRows(scope, ofCompany('reminder_workflows')))
        .where(has(e164))
        .executeTakeFirst(),
    ]);
    return Number(a.numUpdatedRows) + Number(b.numUpdatedRows);
  },
};
