// The registry's rules as pure functions: what each kind of filing must say, which moves a state allows, how
// long an approval lasts, and whether a sender is covered for a destination. No database, no Fastify.
import type { FilingCreate, FilingDetails, FilingKind, FilingStatus } from '@smsc/shared-contract';
import { FILING_KIND_WORDS } from '@smsc/shared-contract';
import { senderIdCountry } from './countries';

/** The owner may change a filing only before it is sent for review, or after a rejection or an expiry. */
export const EDITABLE: readonly FilingStatus[] = ['draft', 'rejected', 'expired'];
/** The same states may be (re)submitted. */
export const SUBMITTABLE = EDITABLE;

const required: Record<FilingKind, (keyof FilingDetails)[]> = {
  brand_10dlc: ['legal_name', 'tax_id', 'website', 'vertical', 'contact_email'],
  campaign_10dlc: ['use_case', 'description', 'sample_messages', 'opt_in_flow', 'monthly_volume'],
  toll_free: ['legal_name', 'website', 'use_case', 'sample_messages', 'opt_in_flow', 'monthly_volume'],
  sender_id: ['legal_name', 'use_case', 'sample_messages'],
};

type FilingFields = Pick<FilingCreate, 'kind' | 'name' | 'details'> & {
  brand_uuid?: string | null;
  country?: string | null;
  sender_id?: string | null;
};

const empty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && !v.length);

/**
 * What is missing or wrong before a filing may be submitted, as field errors ({} when complete). A draft may be
 * saved incomplete; submitting asks for everything its kind (and a sender ID's country) requires.
 */
export function missingFields(f: FilingFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of required[f.kind]) if (empty(f.details[key])) out[`details.${key}`] = 'Required';
  const samples = f.details.sample_messages ?? [];
  if (samples.some((s) => !s.trim())) out['details.sample_messages'] = 'Remove the empty sample';
  if (f.kind === 'campaign_10dlc' && !f.brand_uuid) out.brand_uuid = 'Choose the brand this campaign belongs to';
  if (f.kind === 'sender_id') {
    const country = senderIdCountry(f.country);
    if (!country) out.country = 'Choose a country';
    if (!f.sender_id) out.sender_id = 'Required: 3 to 11 letters or digits';
    else if (!/[A-Za-z]/.test(f.sender_id)) out.sender_id = 'A sender ID has at least one letter';
    for (const field of country?.fields ?? [])
      if (empty(f.details.country_fields?.[field.key])) out[`details.country_fields.${field.key}`] = 'Required';
    for (const doc of country?.documents ?? [])
      if (empty(f.details.documents?.[doc])) out[`details.documents.${doc}`] = 'Give a reference for this document';
  }
  return out;
}

/** An approval's length: 10DLC registrations a year, a sender ID as its country says, toll-free for good. */
export function expiryOf(kind: FilingKind, country: string | null, decided: Date): Date | null {
  const months =
    kind === 'brand_10dlc' || kind === 'campaign_10dlc'
      ? 12
      : kind === 'sender_id'
        ? (senderIdCountry(country)?.renewal_months ?? null)
        : null;
  if (months === null) return null;
  const d = new Date(decided);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** Who reviews a filing: the registry, except sender IDs of countries whose registrations the platform approves. */
export const reviewerOf = (kind: FilingKind, country: string | null | undefined): 'registry' | 'platform' =>
  kind === 'sender_id' ? (senderIdCountry(country)?.reviewer ?? 'registry') : 'registry';

export const kindWords = (kind: FilingKind) => FILING_KIND_WORDS[kind];

// ---- sending: is a sender covered for a destination? ----

/** NANP toll-free area codes (800, 833, 844, 855, 866, 877, 888). */
const TOLL_FREE = /^\+1(800|833|844|855|866|877|888)\d{7}$/;
const NANP = /^\+1[2-9]\d{2}[2-9]\d{6}$/;

/** What a company has approved, as the send check reads it (compliance/registrations.ts builds it). */
export interface Approved {
  /** numbers (E.164) on an approved 10DLC campaign */
  tenDlc: Set<string>;
  /** numbers (E.164) on an approved toll-free verification */
  tollFree: Set<string>;
  /** `SENDERID|ISO2` of approved sender IDs (upper case) */
  senderIds: Set<string>;
}

export interface CoverState {
  state: 'registered' | 'unregistered' | 'not_required';
  message: string | null;
}

/**
 * Whether `ani` may send to a destination in `iso2` under the company's approved filings. A US or Canadian
 * long code to a US number needs an approved 10DLC campaign; a toll-free number to the US or Canada a
 * verification; an alphanumeric sender a registration where the country requires one.
 */
export function coverOf(approved: Approved, ani: string, iso2: string | null): CoverState {
  const none: CoverState = { state: 'not_required', message: null };
  if (TOLL_FREE.test(ani)) {
    if (iso2 !== 'US' && iso2 !== 'CA') return none;
    return approved.tollFree.has(ani)
      ? { state: 'registered', message: `${ani} is on an approved toll-free verification` }
      : {
          state: 'unregistered',
          message: `${ani} is a toll-free number without an approved verification: file a toll-free verification under Compliance and attach the number once it is approved`,
        };
  }
  if (NANP.test(ani)) {
    if (iso2 !== 'US') return none;
    return approved.tenDlc.has(ani)
      ? { state: 'registered', message: `${ani} is on an approved 10DLC campaign` }
      : {
          state: 'unregistered',
          message: `${ani} is not on an approved 10DLC campaign: US carriers block unregistered long-code traffic. File a 10DLC brand and campaign under Compliance, then attach this number to the approved campaign`,
        };
  }
  if (/[A-Za-z]/.test(ani)) {
    const country = senderIdCountry(iso2);
    if (!country?.required) return none;
    const key = `${ani.trim().toUpperCase()}|${country.iso2}`;
    return approved.senderIds.has(key)
      ? { state: 'registered', message: `The sender ID ${ani} is registered for ${country.name}` }
      : {
          state: 'unregistered',
          message: `${country.name} requires alphanumeric sender IDs to be registered: file a sender ID registration for "${ani}" in ${country.name} under Compliance (about ${country.lead_time_days} days)`,
        };
  }
  return none;
}
