// The two companies of a fuzz run. Acme must keep being served: an account its probes bind with, its admin on
// GET /home. Globex is the attacker's: an account the hostile clients bind with to reach the bound commands.
export const PROBE_ACCOUNT = { system_id: 'acmeprobe', password: 'probe-p1' };
export const ATTACKER_ACCOUNT = { system_id: 'gxfuzz', password: 'fuzz-p1' };
/** the account the bind storms guess at (a per-account lockout of it must not stop the other attacks binding) */
export const STORMED_ACCOUNT = { system_id: 'gxstorm', password: 'storm-p1' };
/** Acme's own number (seeded) and a destination the simulator delivers to */
export const PROBE_ANI = '12125552301';
export const PROBE_DNIS = '14155550111';

/**
 * The server forms a company's system_ids (the prefix asked for, "-" and 4 random characters): the run takes the
 * ones its target was given before any case starts.
 */
export function useSystemIds(ids: { probe: string; attacker: string; stormed: string }) {
  PROBE_ACCOUNT.system_id = ids.probe;
  ATTACKER_ACCOUNT.system_id = ids.attacker;
  STORMED_ACCOUNT.system_id = ids.stormed;
}
