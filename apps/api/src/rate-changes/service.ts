// The lifecycle of a rate change set: created pending from an import (its diff stored), read with its
// margin impact, approved (written to the deck with its dates, notices to the customers it reaches) or
// rejected. The rules are the plain functions beside it (deck-diff, deck-impact, notice-rules).
import type { Kysely } from 'kysely';
import type { DeckKind, ImpactGroup } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import {
  digitsOf,
  fromMicros,
  type CatalogCache,
  type CatalogRepository,
  type DeckOwner,
  type ResolvedRate,
} from '../catalog';
import type { MessagingRepository } from '../messaging';
import { HttpError, notFound } from '../lib/http-error';
import { visibleRows, type CallerScope } from '../lib/tenancy';
import { billingContacts } from '../billing';
import { composeMail, queueMail } from '../mail';
import { byCountry, countChanges, diffDeck, type DiffRow } from './deck-diff';
import { bookAfter, bookOf, impactAnswer, marginImpact, type TrafficMessage } from './deck-impact';
import { increasesFrom, needsNotice, rowDate } from './notice-rules';
import * as q from './queries';
import { accountsRepository } from '../accounts';

const DAY_MS = 86_400_000;
/** rows a details answer carries (the counts are the whole set's) */
export const ROWS_LIMIT = 500;
export const NOTICE_ATTACHMENT = 'price_notice_csv';

type SetRow = NonNullable<Awaited<ReturnType<typeof q.changeSetOf>>>;

export class RateChangeService {
  /** the service's clock: tests set it to see an increase refused before its date and applied after */
  now: () => Date = () => new Date();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalog: CatalogRepository,
    private readonly cache: CatalogCache,
    private readonly messages: MessagingRepository,
    private readonly publicUrl: string,
  ) {}

  /** The deck a caller names, or 404 (another tenant's id reveals nothing). */
  async deck(scope: CallerScope, owner: DeckOwner) {
    const d = await this.catalog.visibleDeck(this.db, scope, owner);
    if (!d) throw notFound(owner.rate_table_uuid ? 'Rate table' : 'Vendor product');
    return d;
  }

  /** A pending change set from an import: the file against the rates in effect on the date asked. */
  async create(scope: CallerScope, user: string, owner: DeckOwner, kind: DeckKind, asked: Date, lines: ResolvedRate[]) {
    const deck = await this.deck(scope, owner);
    const current = await this.catalog.deckRates(this.db, owner, asked);
    // a line dated as the set keeps no date of its own: the approver's date is its date
    const dated = lines.map((l) => ({ ...l, effective_from: l.effective_from > asked ? l.effective_from : null }));
    const rows = diffDeck(current, dated, kind);
    const id = await this.db.transaction().execute((trx) =>
      q.insertChangeSet(
        trx,
        {
          owner,
          owner_name: deck.name,
          reseller_uuid: deck.reseller_uuid,
          kind,
          effective_from: asked,
          counts: countChanges(rows),
          by_country: byCountry(rows),
          created_by: user,
        },
        rows,
      ),
    );
    return this.answer(await this.mustSee({ all: true }, id));
  }

  private async mustSee(scope: CallerScope, id: string): Promise<SetRow> {
    const set = await q.changeSetOf(this.db, visibleRows(scope, q.SET_OWNERS), id);
    if (!set) throw notFound('Rate change');
    return set;
  }

  private async answer(set: SetRow) {
    const names = await accountsRepository.userNames(
      this.db,
      [set.created_by, set.decided_by].filter((x): x is string => !!x),
    );
    const { created_by, decided_by, by_country: _c, reseller_uuid: _r, ...rest } = set;
    return {
      ...rest,
      created_by_name: created_by ? (names.get(created_by) ?? null) : null,
      decided_by_name: decided_by ? (names.get(decided_by) ?? null) : null,
    };
  }

  list = async (scope: CallerScope, query: Parameters<typeof q.listChangeSets>[2]) => {
    const page = await q.listChangeSets(this.db, visibleRows(scope, q.SET_OWNERS), query);
    return { ...page, items: await Promise.all(page.items.map((s) => this.answer(s))) };
  };

  async details(scope: CallerScope, id: string) {
    const set = await this.mustSee(scope, id);
    const rows = await q.changeRows(this.db, id, null);
    return {
      change_set: await this.answer(set),
      by_country: set.by_country as ReturnType<typeof byCountry>,
      rows: rows.slice(0, ROWS_LIMIT),
      rows_limit: ROWS_LIMIT,
      impact: await this.impact(set, rows),
    };
  }

  private ownerOf = (set: SetRow): DeckOwner =>
    set.rate_table_uuid
      ? { rate_table_uuid: set.rate_table_uuid }
      : { vendor_product_uuid: set.vendor_product_uuid ?? '' };

  /** The set's margin impact on the last 30 days of traffic the deck priced, per product and reseller. */
  async impact(set: SetRow, rows: Awaited<ReturnType<typeof q.changeRows>>) {
    const since = new Date(this.now().getTime() - 30 * DAY_MS);
    const owner = this.ownerOf(set);
    // an approved set is in the deck already: its "before" is the deck just before its date
    const basis = set.status === 'approved' ? new Date(set.effective_from.getTime() - 1) : set.effective_from;
    const before = bookOf(await this.catalog.deckRates(this.db, owner, basis));
    const after = bookAfter(before, rows as DiffRow[]);
    const deck = await this.catalog.visibleDeck(this.db, { all: true }, owner);
    const compiled = await this.cache.current();
    const networkOf = (digits: string) => compiled.networkPrefixes.longest(digits) ?? null;
    let traffic: TrafficMessage[];
    let networkFirst = true;
    if (owner.vendor_product_uuid) {
      const found = await this.messages.trafficSince(this.db, since, {
        vendor_product_uuid: owner.vendor_product_uuid,
      });
      const products = await accountsRepository.productsOfCompanies(this.db, [
        ...new Set(found.flatMap((m) => m.company_uuid ?? [])),
      ]);
      traffic = found.map((m) =>
        this.message(m, 'cost', m.company_uuid ? (products.get(m.company_uuid) ?? null) : null, networkOf),
      );
    } else {
      networkFirst = deck?.table_type === 'mobile_network';
      const products = await this.catalog.productsPricedBy(this.db, owner.rate_table_uuid ?? '');
      const customers = await accountsRepository.customersOn(
        this.db,
        products.map((p) => p.product_uuid),
      );
      const companies = new Map(customers.filter((c) => c.company_uuid).map((c) => [c.company_uuid as string, c]));
      const resellers = new Map(customers.filter((c) => !c.company_uuid).map((c) => [c.reseller_uuid as string, c]));
      const found = await this.messages.trafficSince(this.db, since, {
        company_uuids: [...companies.keys()],
        reseller_uuids: [...resellers.keys()],
      });
      traffic = found.map((m) => {
        const company = m.company_uuid ? companies.get(m.company_uuid) : undefined;
        if (company) return this.message(m, 'price', company.product_uuid, networkOf);
        return this.message(m, 'wholesale', resellers.get(m.reseller_uuid ?? '')?.product_uuid ?? null, networkOf);
      });
    }
    const sums = marginImpact(traffic, before, after, networkFirst);
    const [productNames, resellerName] = await Promise.all([
      this.catalog.productNames(this.db, [...new Set(sums.flatMap((g) => g.product_uuid ?? []))]),
      accountsRepository.resellerNames(this.db, [...new Set(sums.flatMap((g) => g.reseller_uuid ?? []))]),
    ]);
    const groups: ImpactGroup[] = sums.map((g) => ({
      product_uuid: g.product_uuid,
      product_name: g.product_uuid ? (productNames.get(g.product_uuid) ?? null) : null,
      reseller_uuid: g.reseller_uuid,
      reseller_name: g.reseller_uuid ? (resellerName.get(g.reseller_uuid) ?? null) : null,
      messages: g.messages,
      parts: g.parts,
      unpriced: g.unpriced,
      ...impactAnswer(g),
    }));
    const total = sums.reduce((s, g) => s + g.margin_change, 0);
    return { since: since.toISOString(), groups, margin_change: fromMicros(total) };
  }

  private message(
    m: Awaited<ReturnType<MessagingRepository['trafficSince']>>[number],
    side: TrafficMessage['side'],
    product_uuid: string | null,
    networkOf: (digits: string) => string | null,
  ): TrafficMessage {
    const digits = digitsOf(m.dnis);
    return {
      digits,
      network: networkOf(digits),
      segments: m.segments,
      product_uuid,
      reseller_uuid: m.reseller_uuid,
      side,
      price: Number(m.price ?? 0),
      cost: Number(m.cost ?? 0),
      wholesale: Number(m.wholesale_cost ?? 0),
    };
  }

  /**
   * Approves a pending set from a date (never before now). Decreases and new codes take that date; an
   * increase or a closure of a sell price waits for the longest notice period of the customers the rate
   * table reaches. Every customer it reaches gets a notice, in the console and by mail with the rows as CSV.
   */
  async approve(scope: CallerScope, user: string, id: string, askedDay?: string) {
    const set = await this.mustSee(scope, id);
    const now = this.now();
    const askedAt = askedDay ? new Date(`${askedDay}T00:00:00Z`) : set.effective_from;
    const asked = askedAt > now ? askedAt : now;
    const owner = this.ownerOf(set);
    const rows = await q.changeRows(this.db, id, null);
    const customers = owner.rate_table_uuid
      ? await accountsRepository.customersOn(
          this.db,
          (await this.catalog.productsPricedBy(this.db, owner.rate_table_uuid)).map((p) => p.product_uuid),
        )
      : [];
    const increases = rows.some((r) => needsNotice(r.change))
      ? increasesFrom(
          now,
          asked,
          customers.map((c) => c.notice_days),
        )
      : asked;
    await this.db.transaction().execute(async (trx) => {
      if (!(await q.decide(trx, id, 'approved', user, { effective_from: asked, increases_from: increases })))
        throw new HttpError(409, 'This rate change was decided already', {}, 'change_set_decided');
      const dated = rows.map((r) => ({ ...r, at: rowDate(r, asked, increases) }));
      await this.catalog.writeDeck(
        trx,
        owner,
        dated.map((r) => ({
          code: r.code,
          mobile_network_uuid: r.mobile_network_uuid,
          country_name: r.country_name,
          price: r.change === 'closed' ? null : r.new_price,
          at: r.at,
        })),
      );
      await q.dateRows(
        trx,
        id,
        dated.map((r) => ({ seq: r.seq, at: r.at, closes: r.change === 'closed' })),
      );
      const counts = countChanges(rows);
      if (!rows.length) return;
      const notices = await q.insertNotices(
        trx,
        customers.map((c) => ({
          change_set_uuid: id,
          company_uuid: c.company_uuid,
          reseller_uuid: c.reseller_uuid,
          notice_days: c.notice_days,
          effective_from: counts.increased + counts.closed ? increases : asked,
          added: counts.added,
          increased: counts.increased,
          decreased: counts.decreased,
          closed: counts.closed,
        })),
      );
      const mails = [];
      for (const n of notices) {
        const to = await billingContacts(trx, { company_uuid: n.company_uuid, reseller_uuid: n.reseller_uuid });
        const customer = customers.find(
          (c) => c.company_uuid === n.company_uuid && c.reseller_uuid === n.reseller_uuid,
        );
        const composed = await composeMail(
          trx,
          'price_notice',
          '',
          n.company_uuid ? { company_uuid: n.company_uuid } : {},
          {
            customer_name: customer?.name ?? '',
            rate_table: set.owner_name,
            effective_from: (counts.increased + counts.closed ? increases : asked).toISOString().slice(0, 10),
            summary: `${counts.increased} increased, ${counts.decreased} decreased, ${counts.added} added, ${counts.closed} closed`,
            link: `${this.publicUrl.replace(/\/$/, '')}${n.company_uuid ? '/company-admin' : '/reseller'}/price-notices`,
          },
        );
        for (const email of to)
          mails.push({ ...composed, to: email, attachment: { kind: NOTICE_ATTACHMENT, ref: n.notice_uuid } });
      }
      await queueMail(trx, mails);
    });
    this.cache.invalidate();
    return this.answer(await this.mustSee(scope, id));
  }

  async reject(scope: CallerScope, user: string, id: string) {
    await this.mustSee(scope, id);
    await this.db.transaction().execute(async (trx) => {
      if (!(await q.decide(trx, id, 'rejected', user)))
        throw new HttpError(409, 'This rate change was decided already', {}, 'change_set_decided');
    });
    return this.answer(await this.mustSee(scope, id));
  }

  /** Notices the caller may see, with the customer's name. */
  async notices(visible: Parameters<typeof q.listNotices>[1], query: Parameters<typeof q.listNotices>[2]) {
    const page = await q.listNotices(this.db, visible, query);
    const [companies, resellers] = await Promise.all([
      accountsRepository.companyNames(
        this.db,
        page.items.flatMap((n) => n.company_uuid ?? []),
      ),
      accountsRepository.resellerNames(
        this.db,
        page.items.flatMap((n) => (n.company_uuid ? [] : (n.reseller_uuid ?? []))),
      ),
    ]);
    return {
      ...page,
      items: page.items.map((n) => ({
        ...n,
        customer_name: (n.company_uuid ? companies.get(n.company_uuid) : resellers.get(n.reseller_uuid ?? '')) ?? '',
      })),
    };
  }
}
