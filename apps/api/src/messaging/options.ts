import type { KannelSettings } from '../kannel';
import type { DirectSettings } from '../direct-smpp';

/** Messaging settings (BuildOptions.messaging); unset fields come from the environment (README: configuration). */
export interface MessagingOptions {
  /** GATEWAY_SECRET: what the gateway sends with delivery reports and incoming messages (random per process when unset) */
  gatewaySecret?: string;
  /** SMSC_SIM_LATENCY_MS: submit to delivery report, default 1000 */
  simLatencyMs?: number;
  /** SMSC_SIM_FAILURE_RATE: share of messages reported undelivered, 0..1, default 0.05 */
  simFailureRate?: number;
  /** false: the simulator reports only when drained (tests) */
  simAutoDeliver?: boolean;
  simRandom?: () => number;
  /** Kannel instead of the simulator (KANNEL_* variables otherwise; null forces the simulator) */
  kannel?: KannelSettings | null;
  /** the direct SMPP client's timings (tests and benchmarks); unset: DIRECT_DEFAULTS */
  direct?: Partial<DirectSettings>;
}
