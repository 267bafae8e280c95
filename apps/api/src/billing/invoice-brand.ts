import type { Kysely } from 'kysely';
import type { InvoiceDetails } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { effectiveBrand } from '../branding';

/**
 * The brand an invoice is issued under: its issuing reseller's own brand, or the platform's for the system's
 * invoices; undefined when the issuer has none (its account name stays in the header).
 */
export async function invoiceBrandName(db: Kysely<Database>, inv: InvoiceDetails): Promise<string | undefined> {
  const brand = await effectiveBrand(db, inv.issuer_name === 'system' ? null : inv.reseller_uuid);
  return brand.is_default ? undefined : brand.name;
}
