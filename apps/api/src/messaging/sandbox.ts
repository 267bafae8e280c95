// The sandbox (issue 47 item 5, docs/sandbox.md): what a message sent with a test API key becomes. Its checks are the
// real ones (sender, number, suppression, filters, guards, price), but it is never charged and never handed to a
// carrier: a magic destination number chooses its outcome, and that outcome comes back as a carrier's would (a
// delivery report or a refusal through the same moves, an incoming STOP through the same inbound path), so its
// events, status callbacks and company webhooks are the real ones. Every sandbox rule lives in this file.
import { BLOCK_REASON_WORDS, type BlockReason } from '@smsc/shared-contract';
import { block, type Decision } from './engine/pipeline';

/** The reserved range of magic numbers: +1 500 555 01xx (500 is a non-geographic US code; 555-01xx is fictional). */
export const MAGIC_PREFIX = '+1500555';

export type SandboxOutcome =
  | { kind: 'delivered' }
  /** the gateway refuses it on submit: failed, never sent */
  | { kind: 'failed' }
  /** the carrier's receipt says undeliverable (stat UNDELIV) */
  | { kind: 'undelivered' }
  /** the carrier's receipt says the message expired undelivered (stat EXPIRED) */
  | { kind: 'expired' }
  /** delivered, then the handset texts STOP back to the sending number (suppressed like a real opt-out) */
  | { kind: 'stop' }
  /** refused by the pipeline with this reason, stored blocked */
  | { kind: 'blocked'; reason: BlockReason };

export interface MagicNumber {
  number: string;
  outcome: SandboxOutcome;
  /** the message's final status */
  status: 'delivered' | 'failed' | 'undelivered' | 'blocked';
  /** what the number does, for the docs' table */
  what: string;
}

const blocked = (n: string, reason: BlockReason): MagicNumber => ({
  number: `${MAGIC_PREFIX}${n}`,
  outcome: { kind: 'blocked', reason },
  status: 'blocked',
  what: `blocked: ${reason} (${BLOCK_REASON_WORDS[reason]}); 4xx answer`,
});

/** Every magic number and what it does (the docs' table is made from this list: plugins/openapi/code-samples.ts). */
export const MAGIC_NUMBERS: readonly MagicNumber[] = [
  { number: `${MAGIC_PREFIX}0100`, outcome: { kind: 'delivered' }, status: 'delivered', what: 'delivered' },
  {
    number: `${MAGIC_PREFIX}0101`,
    outcome: { kind: 'failed' },
    status: 'failed',
    what: 'failed: the gateway refuses it on submit',
  },
  {
    number: `${MAGIC_PREFIX}0102`,
    outcome: { kind: 'undelivered' },
    status: 'undelivered',
    what: 'undelivered: the receipt says UNDELIV (undeliverable)',
  },
  {
    number: `${MAGIC_PREFIX}0103`,
    outcome: { kind: 'expired' },
    status: 'undelivered',
    what: 'undelivered: the receipt says EXPIRED',
  },
  {
    number: `${MAGIC_PREFIX}0104`,
    outcome: { kind: 'stop' },
    status: 'delivered',
    what: 'delivered, then the number texts STOP back: it joins the suppression list and the opt-out confirmation is sent (in the sandbox too)',
  },
  blocked('0110', 'suppressed'),
  blocked('0111', 'filtered'),
  blocked('0112', 'destination_not_allowed'),
  blocked('0113', 'pumping_suspected'),
  blocked('0114', 'spend_limit'),
  blocked('0115', 'below_margin'),
  blocked('0116', 'no_price'),
  blocked('0117', 'no_route'),
  blocked('0118', 'no_money'),
  blocked('0119', 'sender_unregistered'),
];

const BY_NUMBER = new Map(MAGIC_NUMBERS.map((m) => [m.number, m.outcome]));
const DELIVERED: SandboxOutcome = { kind: 'delivered' };

/**
 * The outcome a test key's message to `destination` (E.164 with the plus) gets: a magic number's, delivered for any
 * other. `system`: the platform's own reply (the STOP confirmation), which is always delivered (a STOP number would
 * otherwise answer its own confirmation with another STOP).
 */
export function sandboxOutcome(destination: string | null, system = false): SandboxOutcome {
  if (system || !destination) return DELIVERED;
  return BY_NUMBER.get(destination) ?? DELIVERED;
}

/**
 * A test key's decision: a refusal of the real checks stands (what live would refuse, the sandbox refuses), a magic
 * blocking number refuses with its reason, and an accepted message costs nothing (no hold, no ledger entry, no
 * wholesale charge, nothing against the spend limits, which all follow the price).
 */
export function sandboxDecision(decision: Decision, outcome: SandboxOutcome, destination: string | null): Decision {
  if (!decision.ok) return decision;
  if (outcome.kind === 'blocked')
    return block(
      outcome.reason,
      `Sandbox test number ${destination}: ${BLOCK_REASON_WORDS[outcome.reason]} (what a live send refused for this reason answers)`,
    );
  return { ...decision, unitPrice: 0n, price: 0n, unitCost: 0n, cost: 0n };
}

/** What the sandbox's carrier answers for an accepted message: a refusal on submit, or a receipt. */
export type SandboxReport =
  { refuse: string } | { receipt: { delivered: boolean; error: string; stat: string }; thenStop: boolean };

/** The carrier's side of an outcome, in Kannel's receipt words (an SMSC error code and stat, as a real receipt has). */
export function sandboxReport(outcome: SandboxOutcome): SandboxReport {
  switch (outcome.kind) {
    case 'failed':
      return { refuse: 'sandbox test number: the gateway refuses it (no carrier is reached)' };
    case 'undelivered':
      return { receipt: { delivered: false, error: '001', stat: 'UNDELIV' }, thenStop: false };
    case 'expired':
      return { receipt: { delivered: false, error: '003', stat: 'EXPIRED' }, thenStop: false };
    case 'stop':
      return { receipt: { delivered: true, error: '000', stat: 'DELIVRD' }, thenStop: true };
    default:
      return { receipt: { delivered: true, error: '000', stat: 'DELIVRD' }, thenStop: false };
  }
}

/** The sandbox's carrier: the built-in simulator reports the receipt it is given (messaging/index.ts plugs it in). */
export interface SandboxCarrier {
  submitReport(
    msg: { sms_uuid: string },
    receipt: { delivered: boolean; error: string; stat: string },
    after?: () => Promise<unknown>,
  ): Promise<{ smsc_id: string }>;
}

/** What the hand-over uses of the pipeline (MessagingService passes its own moves and inbound path). */
export interface SandboxPipeline {
  carrier: SandboxCarrier | null;
  /** moves the message failed with these words (and releases nothing: a sandbox message holds nothing) */
  move(sms_uuid: string, message: string): Promise<unknown>;
  markSent(sms_uuid: string, smsc_id: string): Promise<void>;
  /** the handset's STOP to the sending number, through the inbound path, marked sandbox */
  receiveStop(from: string, to: string): Promise<unknown>;
}

/**
 * Hands a test key's queued message to the sandbox's carrier instead of the gateway: a refusal moves it failed (as a
 * gateway refusal does), otherwise it is marked sent and its receipt comes back through the dlr-url, and a STOP
 * number then texts STOP to the sending number. `system`: the STOP confirmation, always delivered.
 */
export async function sandboxHandOver(
  p: SandboxPipeline,
  sms_uuid: string,
  m: { ani: string; dnis: string },
  system?: boolean,
): Promise<void> {
  const report = sandboxReport(sandboxOutcome(m.dnis, system));
  if ('refuse' in report) {
    await p.move(sms_uuid, `The gateway refused the message: ${report.refuse}`);
    return;
  }
  if (!p.carrier) throw new Error('No sandbox carrier is plugged in (messaging/index.ts)');
  const after = report.thenStop ? () => p.receiveStop(m.dnis, m.ani) : undefined;
  let smsc_id: string;
  try {
    ({ smsc_id } = await p.carrier.submitReport({ sms_uuid }, report.receipt, after));
  } catch (e) {
    // the simulator stopped (the app closing): failed, as a gateway's refusal leaves a message
    await p.move(sms_uuid, `The gateway refused the message: ${(e as Error).message}`);
    return;
  }
  await p.markSent(sms_uuid, smsc_id);
}
