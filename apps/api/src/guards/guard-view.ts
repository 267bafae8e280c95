// What the send pipeline is given of a company's guards (messaging's GuardView), made from one read of
// them (queries.ts guardFigures); the guards' service caches it for a couple of seconds.
import { PUMPING_SIGNAL_WORDS, type PumpingSignal } from '@smsc/shared-contract';
import type { GuardView } from '../messaging';
import { allowedCountries, destinationProblem } from './engine/destinations';
import { marginFloor, type GuardFigures } from './queries';

/** The company's view, or null when no guard applies to it (its sends then skip every guard). */
export function guardViewOf(r: GuardFigures, limited: boolean): GuardView | null {
  const allowed = allowedCountries(r.countries, r.reseller_countries);
  const holds = r.holds ?? [];
  const signals = (r.hold_signals ?? []) as PumpingSignal[];
  // the higher floor wins: a product's and its reseller's
  const floor = marginFloor(r);
  const minMarginMicros = floor === null ? null : Number(floor);
  if (!allowed && !holds.length && minMarginMicros === null && !limited) return null;
  return {
    minMarginMicros,
    limited,
    check(dest) {
      const i = holds.findIndex((p) => dest.e164.startsWith(p));
      if (i >= 0)
        return {
          reason: 'pumping_suspected',
          message: `Traffic to ${holds[i]}… is held as suspected SMS pumping (${PUMPING_SIGNAL_WORDS[signals[i]] ?? 'held'}) until it is released`,
        };
      const problem = destinationProblem(allowed, dest.e164, dest.iso2);
      return problem ? { reason: 'destination_not_allowed', message: problem } : null;
    },
  };
}
