// The campaign state machine: draft → running ⇄ held → stopped; running → finished (by the system).
import { CAMPAIGN_MOVES, type CampaignAction, type CampaignStatus } from '@smsc/shared-contract';

export type CampaignMove = CampaignAction | 'finish';
export type MoveResult = { ok: true; to: CampaignStatus } | { ok: false; message: string };

const MOVES = CAMPAIGN_MOVES;

const VERB: Record<CampaignMove, string> = { run: 'run', hold: 'hold', stop: 'stop', finish: 'finish' };

/** Where an action takes a campaign from its state, or why it cannot (answered as 409). */
export function campaignMove(from: CampaignStatus, action: CampaignMove): MoveResult {
  const to = MOVES[action][from];
  if (to) return { ok: true, to };
  const allowed = (Object.keys(MOVES[action]) as CampaignStatus[]).join(' or ');
  return { ok: false, message: `A ${from} campaign cannot ${VERB[action]}; only a ${allowed} one can` };
}

/** The actions a state allows (the screens enable only these buttons). */
export function allowedActions(from: CampaignStatus): CampaignAction[] {
  return (['run', 'hold', 'stop'] as const).filter((a) => campaignMove(from, a).ok);
}

/** Only a draft is edited whole; afterwards the job already carries its text, sender and recipients. */
export function editableFields(status: CampaignStatus): 'all' | 'name' {
  return status === 'draft' ? 'all' : 'name';
}
