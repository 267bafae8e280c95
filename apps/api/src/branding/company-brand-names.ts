// The brand name a company's customers-facing machine answers carry (webhook User-Agent, SMPP system_id): its
// reseller's brand, else the platform's, else the built-in one. Looked up once a minute per company, not per
// delivery or bind.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { BUILT_IN, effectiveBrand } from './queries';
import { accountsRepository } from '../accounts';

/** How long a company's answer is kept: a brand renamed shows within this. */
const TTL_MS = 60_000;

/**
 * `derive(name)` turns the brand's name into the answer (`null` for the built-in brand, whose answers stay as they
 * always were); a failed look-up answers `derive(null)`.
 */
export class CompanyBrandNames<T> {
  private readonly cache = new Map<string, { at: number; value: Promise<T> }>();
  constructor(
    private readonly db: Kysely<Database>,
    private readonly derive: (brandName: string | null) => T,
  ) {}

  of(companyUuid: string | null): Promise<T> {
    if (!companyUuid) return Promise.resolve(this.derive(null));
    const hit = this.cache.get(companyUuid);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    if (this.cache.size >= 10_000) this.cache.clear();
    const value = this.lookUp(companyUuid).catch(() => this.derive(null));
    this.cache.set(companyUuid, { at: Date.now(), value });
    return value;
  }

  private async lookUp(companyUuid: string): Promise<T> {
    const brand = await effectiveBrand(this.db, await accountsRepository.resellerOfCompany(this.db, companyUuid));
    return this.derive(brand.name === BUILT_IN.name ? null : brand.name);
  }
}
