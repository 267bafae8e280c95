// What the guards announce on app.guards.events: the low-balance crossing (the company webhooks send it on), a
// held destination, and every committed charge (auto-recharge listens).
import type { PumpingSignal } from '@smsc/shared-contract';

/** What the guard events carry (subscribe with app.guards.events.on('balance.low', ...)). */
export interface BalanceLowEvent {
  company_uuid: string;
  balance: string;
  threshold: string;
  currency: string;
  at: Date;
}
export interface PumpingHeldEvent {
  company_uuid: string;
  prefix: string;
  signal: PumpingSignal;
  hold_uuid: string;
  at: Date;
}
export interface GuardEvents {
  'balance.low': [BalanceLowEvent];
  'pumping.held': [PumpingHeldEvent];
  /** a company's charge was committed (auto-recharge listens); emitted with the guards on or off */
  charged: [string];
}
