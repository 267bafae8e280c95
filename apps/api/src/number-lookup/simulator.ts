// The built-in HLR/MNP simulator: answers like a real lookup provider, from the number alone, so the same number
// always gets the same answer. It knows the demo countries' ranges (Germany and the UK by their original mobile
// blocks, as catalog/seed.ts's prefixes; US and Canadian numbers spread over their carriers), marks some numbers
// ported to another network, and fails like a provider: it takes time, it times out, it answers errors and numbers
// it does not know, for the magic numbers below or at a configured rate. docs/number-lookup.md lists all of it.
import type { LookupLineType } from '@smsc/shared-contract';
import { sleep, type NetworkAnswer, type NumberLookupProvider, type ProviderAnswer } from './provider';

interface Network {
  mcc: string;
  mnc: string;
  name: string;
}
const net = (mcc: string, mnc: string, name: string): Network => ({ mcc, mnc, name });

const TELEKOM = net('262', '01', 'Telekom');
const VODAFONE_DE = net('262', '02', 'Vodafone');
const O2_DE = net('262', '03', 'O2');
const O2_UK = net('234', '10', 'O2 (UK)');
const VODAFONE_UK = net('234', '15', 'Vodafone UK');
const THREE = net('234', '20', '3');
const EE = net('234', '30', 'EE');
const ATT = net('310', '410', 'AT&T');
const TMOBILE_US = net('310', '260', 'T-Mobile');
const VERIZON = net('311', '480', 'Verizon');
const ROGERS = net('302', '720', 'Rogers Wireless');
const BELL = net('302', '610', 'Bell Mobility');
const TELUS = net('302', '220', 'Telus Mobility');

/** Each country's mobile networks: a ported number moves to the next one in its list. */
const COUNTRY_NETWORKS: Record<string, Network[]> = {
  DE: [TELEKOM, VODAFONE_DE, O2_DE],
  GB: [O2_UK, VODAFONE_UK, THREE, EE],
  US: [ATT, TMOBILE_US, VERIZON],
  CA: [ROGERS, BELL, TELUS],
};

type Range = { prefix: string; country: string; line: LookupLineType; network?: Network; operator?: string };
const mobile = (country: string, network: Network, prefixes: string[]): Range[] =>
  prefixes.map((prefix) => ({ prefix, country, line: 'mobile', network }));
const fixed = (country: string, line: 'landline' | 'voip', operator: string, prefixes: string[]): Range[] =>
  prefixes.map((prefix) => ({ prefix, country, line, operator }));

/** Ranges by prefix (E.164 digits); the longest match decides. */
const RANGES: Range[] = [
  ...mobile('DE', TELEKOM, ['49151', '49160', '49170', '49171', '49175']),
  ...mobile('DE', VODAFONE_DE, ['49152', '49162', '49172', '49173', '49174']),
  ...mobile('DE', O2_DE, ['49155', '49157', '49159', '49163', '49176', '49177', '49178', '49179']),
  ...fixed('DE', 'landline', 'Telekom (fixed line)', ['4930', '4940', '4969', '4989']),
  ...fixed('DE', 'voip', 'sipgate (VoIP)', ['4932']),
  ...mobile('GB', O2_UK, ['44740', '44751', '44771', '44782']),
  ...mobile('GB', VODAFONE_UK, ['44741', '44747', '44770', '44781']),
  ...mobile('GB', THREE, ['44742', '44748', '44773']),
  ...mobile('GB', EE, ['44743', '44749', '44772', '44780']),
  ...fixed('GB', 'landline', 'BT (fixed line)', ['4420', '44121', '44131', '44161']),
  ...fixed('GB', 'voip', 'Gamma (VoIP)', ['4456']),
].sort((a, b) => b.prefix.length - a.prefix.length);

/** Canadian area codes (the rest of +1 is the US here). */
const CANADA = new Set(
  '204 226 236 249 250 289 306 343 365 403 416 418 431 437 438 450 506 514 519 548 579 581 587 604 613 639 647 705 709 778 780 782 807 819 825 867 873 902 905'.split(
    ' ',
  ),
);
/** Toll-free and premium +1 codes: no subscriber line a lookup can name. */
const NANP_NO_LINE = new Set(['800', '833', '844', '855', '866', '877', '888', '900']);

/** The simulator's failures, by the last six digits of any number (docs/number-lookup.md). */
export const LOOKUP_MAGIC = {
  /** the provider does not know the number */
  unknown: '000404',
  /** the provider never answers: the request it is in fails by timeout */
  timeout: '000408',
  /** the provider answers an error for this number (the others of its request are answered) */
  error: '000500',
  /** the provider is down: the whole request it is in fails */
  down: '000503',
} as const;

/** A number of a mobile range (or any US/Canadian one) whose last two digits are these has been ported away. */
export const PORTED_SUFFIX = '77';

export interface LookupSimulatorOptions {
  /** how long a request takes (ms) */
  latencyMs: number;
  /** share of numbers answered with a provider error (0..1) */
  failureRate: number;
  random?: () => number;
}

/** A stable small hash of the digits (which carrier a US number is on). */
function spread(digits: string, n: number): number {
  let h = 0;
  for (let i = 0; i < digits.length; i++) h = (h * 31 + digits.charCodeAt(i)) % 1_000_003;
  return h % n;
}

/** The simulator's answer for one number (E.164 with or without the plus), without its latency and failure rate. */
export function simulatedAnswer(e164: string): ProviderAnswer {
  const digits = e164.replace(/^\+/, '');
  const tail = digits.slice(-6);
  if (tail === LOOKUP_MAGIC.unknown) return { status: 'unknown' };
  if (tail === LOOKUP_MAGIC.error) return { status: 'error', message: 'simulated provider error (magic number)' };
  const onNetwork = (country: string, home: Network): NetworkAnswer => {
    const ported = digits.endsWith(PORTED_SUFFIX);
    const list = COUNTRY_NETWORKS[country];
    const now = ported ? list[(list.indexOf(home) + 1) % list.length] : home;
    return { mcc: now.mcc, mnc: now.mnc, network_name: now.name, ported, line_type: 'mobile' };
  };
  if (digits.startsWith('1') && digits.length === 11) {
    const area = digits.slice(1, 4);
    if (NANP_NO_LINE.has(area)) return { status: 'unknown' };
    const country = CANADA.has(area) ? 'CA' : 'US';
    const list = COUNTRY_NETWORKS[country];
    return { status: 'found', ...onNetwork(country, list[spread(digits, list.length)]) };
  }
  const range = RANGES.find((r) => digits.startsWith(r.prefix));
  if (!range) return { status: 'unknown' };
  if (range.network) return { status: 'found', ...onNetwork(range.country, range.network) };
  return {
    status: 'found',
    mcc: null,
    mnc: null,
    network_name: range.operator ?? null,
    ported: false,
    line_type: range.line,
  };
}

export class LookupSimulator implements NumberLookupProvider {
  readonly name = 'simulator';
  readonly maxBatch = 1000;
  /** requests received (tests count them: a cache hit makes none) */
  requests = 0;
  /** numbers asked over all requests */
  asked = 0;

  constructor(private readonly o: LookupSimulatorOptions) {}

  async lookup(numbers: readonly string[], signal: AbortSignal): Promise<ProviderAnswer[]> {
    this.requests++;
    this.asked += numbers.length;
    const tails = numbers.map((n) => n.slice(-6));
    // a number that never answers holds its whole request until the caller gives up
    if (tails.includes(LOOKUP_MAGIC.timeout)) await sleep(2_147_483_647, signal);
    if (this.o.latencyMs > 0) await sleep(this.o.latencyMs, signal);
    if (tails.includes(LOOKUP_MAGIC.down)) throw new Error('simulated provider outage (magic number): 503');
    const random = this.o.random ?? Math.random;
    return numbers.map((n) =>
      this.o.failureRate > 0 && random() < this.o.failureRate
        ? { status: 'error', message: 'simulated provider error (failure rate)' }
        : simulatedAnswer(n),
    );
  }
}
