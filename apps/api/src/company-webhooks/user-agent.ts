import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { BUILT_IN, effectiveBrand } from '../branding';
import { resellerOfCompany } from '../lib/company-names';
import { WEBHOOK_USER_AGENT } from '../lib/outbound/signed-post';

/** How long a company's User-Agent is kept: a brand renamed shows on webhooks within this. */
const TTL_MS = 60_000;

/** `Nimbus Texts` → `nimbus-texts-webhooks/1`: a product token (RFC 9110) made of the brand's name. */
export function brandUserAgent(name: string): string {
  const token = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return token ? `${token}-webhooks/1` : WEBHOOK_USER_AGENT;
}

/**
 * The User-Agent of a company's webhooks: its reseller's brand when the reseller set one (its customers never see
 * the operator's name), else the platform's brand or the built-in one. Looked up once a minute per company, not
 * per delivery.
 */
export class WebhookAgents {
  private readonly cache = new Map<string, { at: number; ua: Promise<string> }>();
  constructor(private readonly db: Kysely<Database>) {}

  of(companyUuid: string): Promise<string> {
    const hit = this.cache.get(companyUuid);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.ua;
    if (this.cache.size >= 10_000) this.cache.clear();
    const ua = this.lookUp(companyUuid).catch(() => WEBHOOK_USER_AGENT);
    this.cache.set(companyUuid, { at: Date.now(), ua });
    return ua;
  }

  private async lookUp(companyUuid: string): Promise<string> {
    const brand = await effectiveBrand(this.db, await resellerOfCompany(this.db, companyUuid));
    return brand.name === BUILT_IN.name ? WEBHOOK_USER_AGENT : brandUserAgent(brand.name);
  }
}
