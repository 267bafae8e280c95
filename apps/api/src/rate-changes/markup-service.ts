// Issue 45 item 2: a reseller prices a rate table of its own as a markup over its cost (the rates of the
// platform product it pays by), previews the margin per destination, and proposes the prices as a change
// set, which it then approves like any import (increases wait for its companies' notice periods).
import type { Kysely } from 'kysely';
import type { MarkupPreview } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { CatalogRepository, ResolvedRate } from '../catalog';
import { toMicros } from '../catalog';
import { HttpError } from '../lib/http-error';
import type { CallerScope } from '../lib/tenancy';
import { markupRows, type MarkupAsk } from './markup';
import type { RateChangeService } from './service';
import { accountsRepository } from '../accounts';

/** rows a preview answer carries (the counts are every destination's) */
export const MARKUP_ROWS_LIMIT = 2000;

export interface MarkupInput {
  percent: number;
  minimum?: string;
}

export class MarkupService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalog: CatalogRepository,
    private readonly changes: RateChangeService,
  ) {}

  private async compute(scope: CallerScope, rate_table_uuid: string, input: MarkupInput, at: Date) {
    const deck = await this.changes.deck(scope, { rate_table_uuid });
    if (!deck.reseller_uuid)
      throw new HttpError(
        409,
        "Pricing from cost is for a reseller's own rate table: the platform's cost is its vendors' rate decks",
      );
    const productId = await accountsRepository.resellerCostProduct(this.db, deck.reseller_uuid);
    const product = productId ? await this.catalog.productOf(this.db, productId) : undefined;
    if (!product?.rate_table_uuid)
      throw new HttpError(
        409,
        'The platform has not set what it charges you yet (no wholesale product with a rate table): ask the platform to give you one',
      );
    const ask: MarkupAsk = { percent: input.percent, minimumMicros: input.minimum ? toMicros(input.minimum) : 0 };
    const [cost, current] = await Promise.all([
      this.catalog.deckRates(this.db, { rate_table_uuid: product.rate_table_uuid }, at),
      this.catalog.deckRates(this.db, { rate_table_uuid }, at),
    ]);
    const result = markupRows(cost, current, ask, deck.table_type === 'prefix');
    return { deck, product, result };
  }

  /** What the markup would sell each destination at, against the cost and the price now. */
  async preview(scope: CallerScope, rate_table_uuid: string, input: MarkupInput, at: Date): Promise<MarkupPreview> {
    const { deck, product, result } = await this.compute(scope, rate_table_uuid, input, at);
    const count = (c: string) => result.rows.filter((r) => r.change === c).length;
    return {
      rate_table_uuid,
      rate_table_name: deck.name,
      cost_product_name: product.product_name,
      rows: result.rows.slice(0, MARKUP_ROWS_LIMIT),
      total: result.rows.length,
      rows_limit: MARKUP_ROWS_LIMIT,
      added: count('added'),
      increased: count('increased'),
      decreased: count('decreased'),
      unchanged: count('unchanged'),
      below_cost_now: result.belowCostNow,
      skipped: result.skipped,
    };
  }

  /** The markup's prices as a pending change set (partial: destinations without a cost keep their price). */
  async propose(scope: CallerScope, user: string, rate_table_uuid: string, input: MarkupInput, asked: Date) {
    const { result } = await this.compute(scope, rate_table_uuid, input, asked);
    if (!result.rows.length)
      throw new HttpError(409, 'Your platform product has no rates yet: there is nothing to price from');
    const lines: ResolvedRate[] = result.rows.map((r) => ({
      code: r.code,
      mobile_network_uuid: r.mobile_network_uuid,
      country_name: r.country_name,
      price: r.new_price,
      effective_from: asked,
    }));
    return this.changes.create(scope, user, { rate_table_uuid }, 'partial', asked, lines);
  }
}
