// Privacy requests about one phone number (docs/privacy.md): an export of what every domain holds about it, an
// erasure of the same in one transaction, and the blocks that keep an erased number's opt-out (or the requester's
// wish) without keeping the number. Neither the requests nor the blocks hold the number: a keyed hash and its last
// three digits.
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { Static } from '@sinclair/typebox';
import type {
  PrivacyEraseBody,
  PrivacyExport,
  PrivacyExportBody,
  PrivacyRequest,
  PrivacyRequestListQuery,
} from '@smsc/shared-contract';
import { listPage } from '../lib/list';
import type { Database } from '../db/schema';
import { FieldError, HttpError } from '../lib/http-error';
import type { PersonalDataHolder, PersonRef } from '../lib/personal-data';
import type { CallerScope } from '../lib/tenancy';
import { findNumberOwner } from '../numbers';
import { HOLDERS } from './holders';
import { accountsRepository } from '../accounts';

export interface Requester {
  uuid: string;
  email: string;
}

/** The scope a request acts in, and the owners its record and blocks carry. */
export interface RequestScope {
  scope: CallerScope;
  company_uuid: string | null;
  reseller_uuid: string | null;
}

const NUMBER = /^\+?[1-9]\d{5,14}$/;

/** The number as rows store it (E.164 with the plus), from what a person typed ("+34 600-12-34-56"). */
export function parsePhone(typed: string): string {
  const compact = typed.replace(/[\s().-]/g, '').replace(/^00/, '+');
  if (!NUMBER.test(compact))
    throw new FieldError({ number: 'Enter the number in international form, such as +34600123456' });
  return compact.startsWith('+') ? compact : `+${compact}`;
}

export class PrivacyService {
  /** once any block exists (they are never lifted), every send asks; before, none need to */
  private anyBlock: boolean | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly hash: (e164: string) => string,
    private readonly holders: readonly PersonalDataHolder[] = HOLDERS,
  ) {}

  person(e164: string): PersonRef {
    return { e164, token: `erased-${this.hash(e164).slice(0, 16)}` };
  }

  async export(at: RequestScope, body: PrivacyExportBody, by: Requester): Promise<PrivacyExport> {
    const person = this.person(parsePhone(body.number));
    const sections: Record<string, Record<string, unknown>[]> = {};
    for (const h of this.holders) sections[h.name] = await h.find(this.db, at.scope, person);
    const counts = Object.fromEntries(Object.entries(sections).map(([k, rows]) => [k, rows.length]));
    const request = await this.record(this.db, at, person, 'export', body.reason, false, counts, by);
    return { number: person.e164, generated_on: new Date().toISOString(), request, sections };
  }

  async erase(at: RequestScope, body: PrivacyEraseBody, by: Requester): Promise<PrivacyRequest> {
    const person = this.person(parsePhone(body.number));
    const owner = await findNumberOwner(this.db, person.e164);
    if (owner)
      throw new HttpError(
        409,
        'This is a sending number on the platform, not a person’s: release it from its company before erasing it',
      );
    const request = await this.db.transaction().execute(async (trx) => {
      // read before the holders remove them: each company that had an opt-out keeps it as a block
      const optedOut = await this.holders.find((h) => h.name === 'opt_outs')?.find(trx, at.scope, person);
      const counts: Record<string, number> = {};
      for (const h of this.holders) counts[h.name] = await h.erase(trx, at.scope, person);
      const rec = await this.record(trx, at, person, 'erase', body.reason, body.block_future, counts, by);
      const number_hash = this.hash(person.e164);
      // a reseller-wide STOP keeps blocking the reseller's whole tree; a sender's or a company's, the company
      const blocks: { company_uuid: string | null; reseller_uuid: string | null }[] = (optedOut ?? []).map((o) =>
        o.scope === 'reseller' && o.reseller_uuid
          ? { company_uuid: null, reseller_uuid: o.reseller_uuid as string }
          : { company_uuid: o.company_uuid as string, reseller_uuid: null },
      );
      if (body.block_future) blocks.push({ company_uuid: at.company_uuid, reseller_uuid: at.reseller_uuid });
      if (blocks.length)
        await trx
          .insertInto('privacy_blocks')
          .values(
            blocks.map((b) => ({
              number_hash,
              // a company's block names the company only; a reseller's (no company) its reseller
              company_uuid: b.company_uuid,
              reseller_uuid: b.company_uuid ? null : b.reseller_uuid,
              privacy_request_uuid: rec.privacy_request_uuid,
            })),
          )
          .execute();
      return rec;
    });
    if (request.counts.opt_outs || body.block_future) this.anyBlock = true;
    return request;
  }

  /** Of these numbers, the ones an erasure blocked for the company (its own block, its reseller's, the platform's). */
  async blocked(
    company: { company_uuid: string; reseller_uuid: string | null },
    e164s: string[],
  ): Promise<Set<string>> {
    if (!e164s.length) return new Set();
    if (!this.anyBlock) {
      this.anyBlock = !!(await this.db.selectFrom('privacy_blocks').select('number_hash').limit(1).executeTakeFirst());
      if (!this.anyBlock) {
        // asked again next time: another node may have erased since
        this.anyBlock = undefined;
        return new Set();
      }
    }
    const byHash = new Map(e164s.map((n) => [this.hash(n), n]));
    const rows = await this.db
      .selectFrom('privacy_blocks')
      .select('number_hash')
      .where('number_hash', 'in', [...byHash.keys()])
      .where((eb) =>
        eb.or([
          eb('company_uuid', '=', company.company_uuid),
          ...(company.reseller_uuid ? [eb('reseller_uuid', '=', company.reseller_uuid)] : []),
          eb.and([eb('company_uuid', 'is', null), eb('reseller_uuid', 'is', null)]),
        ]),
      )
      .execute();
    return new Set(rows.map((r) => byHash.get(r.number_hash) as string));
  }

  private async record(
    db: Kysely<Database>,
    at: RequestScope,
    person: PersonRef,
    kind: 'export' | 'erase',
    reason: string,
    block_future: boolean,
    counts: Record<string, number>,
    by: Requester,
  ): Promise<PrivacyRequest> {
    const row = await db
      .insertInto('privacy_requests')
      .values({
        kind,
        number_hash: this.hash(person.e164),
        number_hint: `•••${person.e164.slice(-3)}`,
        company_uuid: at.company_uuid,
        reseller_uuid: at.reseller_uuid,
        reason,
        block_future,
        counts: JSON.stringify(counts),
        requested_by: by.uuid,
        requested_by_email: by.email,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return (await this.present(db, [row]))[0];
  }

  /** A page of the requests a tenancy condition lets the caller see, newest first unless asked otherwise. */
  async list(db: Kysely<Database>, visible: Expression<SqlBool>, q: Static<typeof PrivacyRequestListQuery>) {
    let b = db.selectFrom('privacy_requests').where(visible);
    if (q.kind) b = b.where('kind', '=', q.kind);
    if (q.company_uuid) b = b.where('company_uuid', '=', q.company_uuid);
    const page = await listPage(
      q,
      b
        .selectAll()
        .orderBy('created_on', q.order_dir ?? 'desc')
        .orderBy('privacy_request_uuid'),
      b,
    );
    return { ...page, items: await this.present(db, page.items) };
  }

  async present(
    db: Kysely<Database>,
    rows: {
      privacy_request_uuid: string;
      kind: 'export' | 'erase';
      number_hint: string;
      company_uuid: string | null;
      reason: string;
      block_future: boolean;
      counts: Record<string, number>;
      requested_by_email: string | null;
      created_on: Date;
    }[],
  ): Promise<PrivacyRequest[]> {
    const names = await accountsRepository.companyNames(
      db,
      rows.map((r) => r.company_uuid).filter((c): c is string => !!c),
    );
    return rows.map((r) => ({
      privacy_request_uuid: r.privacy_request_uuid,
      kind: r.kind,
      number_hint: r.number_hint,
      company_uuid: r.company_uuid,
      company_name: r.company_uuid ? (names.get(r.company_uuid) ?? null) : null,
      reason: r.reason,
      block_future: r.block_future,
      counts: typeof r.counts === 'string' ? JSON.parse(r.counts) : r.counts,
      requested_by_email: r.requested_by_email,
      created_on: new Date(r.created_on).toISOString(),
    }));
  }
}
