// Refusals in SMPP's words: the pipeline's block reasons (the same as POST /sms answers in HTTP) mapped to the
// command_status a submit_sm_resp carries. docs/smpp.md holds the same table for customers.
import * as smpp from 'smpp';
import type { BlockReason } from '@smsc/shared-contract';

const E = smpp.errors;

export const BLOCK_STATUS: Record<BlockReason, number> = {
  bad_sender: E.ESME_RINVSRCADR, // 0x0A: the source address is not one of the company's sending numbers
  bad_number: E.ESME_RINVDSTADR, // 0x0B: the destination is not a phone number
  bad_template: E.ESME_RSUBMITFAIL, // 0x45 (SMPP submits name no template; kept for completeness)
  suppressed: E.ESME_RSUBMITFAIL, // 0x45: the destination opted out
  filtered: E.ESME_RSUBMITFAIL, // 0x45: a stop-text filter matched
  no_price: E.ESME_RINVDSTADR, // 0x0B: no price to that destination in the company's product
  no_route: E.ESME_RINVDSTADR, // 0x0B: no route to that destination
  no_money: E.ESME_RX_P_APPN, // 0x65: permanent application error: the balance does not cover the message
  // the spend and fraud guards (docs/guards.md)
  destination_not_allowed: E.ESME_RINVDSTADR, // 0x0B: the country is not one the company may send to
  below_margin: E.ESME_RINVDSTADR, // 0x0B: no route to that destination above the margin floor
  spend_limit: E.ESME_RX_T_APPN, // 0x64: temporary: the daily or monthly spend limit is reached until it resets
  pumping_suspected: E.ESME_RX_T_APPN, // 0x64: temporary: traffic to that number range is held until released
  // sender registrations (docs/compliance.md)
  sender_unregistered: E.ESME_RINVSRCADR, // 0x0A: the source address has no approved registration for that destination
};

export const statusOfBlock = (reason: BlockReason): number => BLOCK_STATUS[reason] ?? E.ESME_RSUBMITFAIL;

/** The name of a status for logs (0x58 → ESME_RTHROTTLED). */
export function statusName(status: number): string {
  for (const [name, value] of Object.entries(E)) if (value === status) return name;
  return `0x${status.toString(16)}`;
}
