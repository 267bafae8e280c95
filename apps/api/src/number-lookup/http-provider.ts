// A lookup provider over HTTP (NUMBER_LOOKUP_PROVIDER=http): the shape docs/number-lookup.md describes, ready for a
// provider that speaks it or for a small relay in front of one that does not (most HLR APIs answer one number a
// request: the relay fans out). One POST per batch of up to 100 numbers, JSON both ways, a bearer key.
import type { LookupLineType } from '@smsc/shared-contract';
import { LOOKUP_LINE_TYPES } from '@smsc/shared-contract';
import type { NumberLookupProvider, ProviderAnswer } from './provider';

export interface HttpProviderOptions {
  url: string;
  apiKey?: string;
  /** the fetch to call (tests); the global one otherwise */
  fetch?: typeof fetch;
}

/** One result as the provider sends it: `network` names the network, `message` says why an error. */
interface WireResult {
  number?: unknown;
  status?: unknown;
  mcc?: unknown;
  mnc?: unknown;
  network?: unknown;
  ported?: unknown;
  line_type?: unknown;
  message?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
const lineType = (v: unknown): LookupLineType =>
  (LOOKUP_LINE_TYPES as readonly unknown[]).includes(v) ? (v as LookupLineType) : 'unknown';

/** A provider's result read defensively: anything it does not say plainly is an error for that number. */
export function readResult(r: WireResult | undefined): ProviderAnswer {
  if (!r) return { status: 'error', message: 'the provider gave no result for the number' };
  if (r.status === 'unknown') return { status: 'unknown' };
  if (r.status !== 'found') return { status: 'error', message: text(r.message) ?? 'the provider answered an error' };
  const mcc = text(r.mcc);
  const mnc = text(r.mnc);
  if ((mcc && !/^\d{3}$/.test(mcc)) || (mnc && !/^\d{2,3}$/.test(mnc)))
    return { status: 'error', message: 'the provider answered a malformed MCC/MNC' };
  return {
    status: 'found',
    mcc,
    mnc,
    network_name: text(r.network),
    ported: r.ported === true,
    line_type: lineType(r.line_type),
  };
}

export class HttpLookupProvider implements NumberLookupProvider {
  readonly name = 'http';
  readonly maxBatch = 100;

  constructor(private readonly o: HttpProviderOptions) {}

  async lookup(numbers: readonly string[], signal: AbortSignal): Promise<ProviderAnswer[]> {
    const res = await (this.o.fetch ?? fetch)(this.o.url, {
      method: 'POST',
      signal,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(this.o.apiKey ? { authorization: `Bearer ${this.o.apiKey}` } : {}),
      },
      body: JSON.stringify({ numbers }),
    });
    if (!res.ok) throw new Error(`the lookup provider answered HTTP ${res.status}`);
    const body = (await res.json()) as { results?: WireResult[] };
    const byNumber = new Map((Array.isArray(body.results) ? body.results : []).map((r) => [r.number, r]));
    return numbers.map((n) => readResult(byNumber.get(n)));
  }
}
