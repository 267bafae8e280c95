// The send decision: the facts a message is judged on, looked up for a whole batch in two queries, and the
// engine's verdict on them (no writes). The single send looks up its own facts (facts.ts) and is judged here too.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { parseDnis, quote, type CompiledCatalog } from '../catalog';
import { numbersRepository, parseNanp } from '../numbers';
import { decide, type SendFacts } from './engine/pipeline';
import { countSegments } from './engine/segments';
import { matchFilter } from './engine/keywords';
import type { Destination, GuardView } from './guard-port';
import { registrationRefusal, type RegistrationView } from './registration-port';
import { NO_ERASURES, type ErasedNumbers } from './erasure-port';
import type { CompanyFacts } from './pipeline-types';
import type { BatchItem, Judged } from './batch';
import { mapInSlices } from '../lib/event-loop-turns';
import { suppressionOf } from './opt-outs/check';
import { applyLookup, lookupProduct, NO_LOOKUPS, type AppliedLookup, type NumberLookups } from './lookup-port';

/**
 * The engine's decision for one message from facts already looked up. Every send path comes here: a single
 * POST /sms (facts.ts), bulk jobs, SMPP submits and grouped single sends (judgeBatch), so the sender,
 * suppression, stop-text, template, guard, price and margin-floor rules are applied in one place.
 */
export function judge(
  company: CompanyFacts,
  catalog: CompiledCatalog,
  filters: string[],
  facts: { sender: boolean; suppressed: boolean; template?: SendFacts['template'] },
  m: { ani: string; dnis: string; text: string },
  parsed: Destination | null = parseDestination(m.dnis),
  view: GuardView | null = null,
  registrations: RegistrationView | null = null,
  /** the number lookup of a product that has it on: its network routes the message (lookup-port.ts) */
  lookup: AppliedLookup | null = null,
) {
  const destination = parsed?.e164 ?? null;
  const seg = countSegments(m.text);
  const q =
    destination && company.product_uuid
      ? quote(catalog, {
          productUuid: company.product_uuid,
          dnis: destination,
          minMarginMicros: view?.minMarginMicros ?? undefined,
          networkUuid: lookup?.networkUuid,
        })
      : null;
  const decision = decide(
    {
      senderAllowed: facts.sender,
      destination,
      template: facts.template,
      suppressed: facts.suppressed,
      filterHit: matchFilter(m.text, filters),
      unregistered: registrationRefusal(registrations, m.ani, parsed),
      guard: parsed && view ? view.check(parsed) : null,
      segments: seg.segments,
      encoding: seg.encoding,
      quote: q,
    },
    m.dnis,
    m.ani,
  );
  return { decision, destination, seg, lookup };
}

/** The destination in E.164 with its country, or null when it is not a valid number. */
export function parseDestination(dnis: string): Destination | null {
  const parsed = parseDnis(dnis);
  return parsed ? { e164: `+${parsed.digits}`, iso2: parsed.iso2 } : null;
}

/**
 * Looks up the facts of a whole batch in two queries (senders, opt-outs) and judges every message (no writes). Parsing and judging
 * cost ~30-100 µs a message: with `sliceMs` the loops yield the event loop that often (a large estimate over HTTP).
 * A product with number lookup on has the batch's numbers looked up (one call for them all), those a sender, opt-out
 * or test key already refuses left out; `lookups` NO_LOOKUPS (an estimate) looks nothing up.
 */
export async function judgeBatch(
  db: Kysely<Database>,
  company: CompanyFacts,
  catalog: CompiledCatalog,
  filters: string[],
  items: BatchItem[],
  view: GuardView | null = null,
  sliceMs?: number,
  registrations: RegistrationView | null = null,
  erasures: ErasedNumbers = NO_ERASURES,
  lookups: NumberLookups = NO_LOOKUPS,
): Promise<Judged[]> {
  const map = <R>(fn: (item: BatchItem, i: number) => R): Promise<R[]> | R[] =>
    sliceMs ? mapInSlices(items, fn, sliceMs) : items.map(fn);
  const anis = await map((i) => parseNanp(i.ani)?.e164 ?? i.ani.trim());
  const parsed = await map((i) => parseDestination(i.dnis));
  const dests = parsed.map((p) => p?.e164 ?? null);
  const wanted = [...new Set(dests.filter((d): d is string => !!d))];
  const [senders, suppressed, erased] = await Promise.all([
    numbersRepository.sendersAmong(db, company.company_uuid, [...new Set(anis)]),
    // every opt-out that blocks this company's senders, whatever its scope (opt-outs/check.ts)
    suppressionOf(db, company, wanted),
    erasures.blocked(company, wanted),
  ]);
  const senderSet = new Set(senders.map((s) => s.did));
  const blocked = (i: number) => {
    const d = dests[i];
    return !d || !senderSet.has(anis[i]) || suppressed(anis[i], d) || erased.has(d) || !!items[i].sandbox;
  };
  const product = lookupProduct(catalog, company);
  const outcomes = product
    ? await lookups.lookup([...new Set(dests.filter((d, i): d is string => !!d && !blocked(i)))])
    : new Map();
  // the provider's answer is paid once: by the first message of the batch to its number
  const paid = new Set<string>();
  const lookupOf = (i: number): AppliedLookup | null => {
    const d = dests[i];
    const outcome = product && d && !blocked(i) ? outcomes.get(d) : undefined;
    if (!product || !d || !outcome) return null;
    const first = !paid.has(d);
    paid.add(d);
    return applyLookup(catalog, product, outcome, first, lookups.costMicros, parsed[i]?.iso2 ?? null);
  };
  return map((item, i) => {
    const ani = anis[i];
    const { decision, destination, seg, lookup } = judge(
      company,
      catalog,
      filters,
      {
        sender: senderSet.has(ani),
        suppressed: !!dests[i] && (suppressed(ani, dests[i] as string) || erased.has(dests[i] as string)),
      },
      { ...item, ani },
      parsed[i],
      view,
      registrations,
      lookupOf(i),
    );
    return {
      item,
      ani,
      destination,
      text: item.text,
      segments: seg.segments,
      encoding: seg.encoding,
      decision,
      limited: view?.limited,
      lookup,
    };
  });
}
