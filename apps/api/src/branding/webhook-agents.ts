import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { CompanyBrandNames } from './company-brand-names';
import { WEBHOOK_USER_AGENT } from '../lib/outbound/signed-post';

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
 * The User-Agent of a company's webhooks (company webhooks and its numbers' DID webhooks): its reseller's brand
 * when the reseller set one (its customers never see the operator's name), else the platform's brand or the
 * built-in one. Looked up once a minute per company, not per delivery.
 */
export class WebhookAgents extends CompanyBrandNames<string> {
  constructor(db: Kysely<Database>) {
    super(db, (name) => (name ? brandUserAgent(name) : WEBHOOK_USER_AGENT));
  }
}
