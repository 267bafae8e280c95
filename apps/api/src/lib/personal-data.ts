// What a domain holds about one phone number, for privacy requests (apps/api/src/privacy, docs/privacy.md).
// Each domain that keeps phone numbers or message bodies exports one holder from its index.ts; the privacy
// domain asks every holder in one transaction. A holder names only its own tables (the table-ownership rule).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { CallerScope } from './tenancy';

export interface PersonRef {
  /** E.164 with the plus */
  e164: string;
  /** what replaces the number where a row is kept: stable per number and key, holds none of its digits */
  token: string;
}

export interface PersonalDataHolder {
  /** the section of the export and the key of the erase counts ("messages", "recipients") */
  name: string;
  /** the rows about the number that the scope reaches, as the export shows them */
  find(db: Kysely<Database>, scope: CallerScope, person: PersonRef): Promise<Record<string, unknown>[]>;
  /** removes or redacts them; answers how many rows changed */
  erase(trx: Transaction<Database>, scope: CallerScope, person: PersonRef): Promise<number>;
}

/** The number as it may be written inside free text and JSON: with the plus, and as bare digits. */
export function spellings(e164: string): string[] {
  return [e164, e164.replace(/^\+/, '')];
}

/** A string with every spelling of the number replaced by the token (the plus form first). */
export function redactNumber(text: string, person: PersonRef): string {
  return spellings(person.e164).reduce((t, s) => t.split(s).join(person.token), text);
}

/** A JSON value with the number redacted in every string, and, when `bodies` is set, those keys' strings blanked. */
export function redactJson(value: unknown, person: PersonRef, bodies: ReadonlySet<string> = new Set()): unknown {
  if (typeof value === 'string') return redactNumber(value, person);
  if (Array.isArray(value)) return value.map((v) => redactJson(v, person, bodies));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        bodies.has(k) && typeof v === 'string' ? ERASED_TEXT : redactJson(v, person, bodies),
      ]),
    );
  return value;
}

/** What an erased message body reads. */
export const ERASED_TEXT = '[erased]';
/** A body blanked by the retention pass after its company's days (docs/retention.md): kept, without its words. */
export const REDACTED_TEXT = '[redacted]';

/** Does a JSON value (or text) mention the number anywhere. */
export const mentions = (text: string, person: PersonRef): boolean =>
  spellings(person.e164).some((s) => text.includes(s));
