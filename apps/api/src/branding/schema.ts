import type { ColumnType, Generated } from 'kysely';

type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Stamp = ColumnType<Date, Date | undefined, Date>;

export interface BrandingTables {
  /** a reseller's brand, or the platform's (reseller_uuid null) */
  brands: {
    brand_uuid: Generated<string>;
    reseller_uuid: string | null;
    name: string;
    primary_color: string;
    mail_from_name: Opt<string>;
    mail_from_address: Opt<string>;
    support_email: Opt<string>;
    support_phone: Opt<string>;
    legal_footer: Opt<string>;
    /** data URLs (contract: BrandInput) */
    logo: Opt<string>;
    favicon: Opt<string>;
    updated_on: Stamp;
  };
  /** a host name a reseller serves its brand on; verified by a DNS TXT record carrying `token` */
  brand_domains: {
    domain_uuid: Generated<string>;
    reseller_uuid: string;
    host: string;
    token: string;
    verified_on: Opt<Date>;
    last_check: Opt<string>;
    created_on: Stamp;
  };
}
