// The getting-started checklist of a new company (issue 45): each step's state from what the company has, in
// one place, so the console only shows it. A step that money or sending depends on is blocked, with a reason
// code, while the company has no plan: nothing it paid for could be used.
import type { Checklist, ChecklistStep, ChecklistStepId } from '@smsc/shared-contract';

/** What the checklist is computed from (each read from the domain that owns it). */
export interface CompanyProgress {
  /** the company was confirmed (its sign-up e-mail link was opened) */
  confirmed: boolean;
  /** the company has a plan: a product that prices its messages */
  hasPlan: boolean;
  /** money was put on the account once, or it has money or credit to spend now (a postpaid company's limit) */
  funded: boolean;
  hasNumber: boolean;
  hasSent: boolean;
  hasKey: boolean;
}

export function checklistOf(p: CompanyProgress): Checklist {
  const step = (id: ChecklistStepId, done: boolean, needsPlan: boolean): ChecklistStep =>
    done
      ? { id, state: 'done', reason: null }
      : needsPlan && !p.hasPlan
        ? { id, state: 'blocked', reason: 'no_plan' }
        : { id, state: 'todo', reason: null };
  const steps = [
    step('verify_email', p.confirmed, false),
    step('top_up', p.funded, true),
    step('sender', p.hasNumber, true),
    step('first_message', p.hasSent, true),
    step('api_key', p.hasKey, false),
  ];
  return { complete: steps.every((s) => s.state === 'done'), has_plan: p.hasPlan, steps };
}
