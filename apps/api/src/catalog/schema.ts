import type { ColumnType, Generated } from 'kysely';
import type { ChargeBasis } from '@smsc/shared-contract';

type Created = ColumnType<Date, Date | undefined, never>;
type Status = 'active' | 'inactive';

/** The catalog's tables, merged into the app's Database type. */
export interface CatalogDatabase {
  catalog_version: { id: Generated<number>; version: Generated<string>; changed_on: Generated<Date> };
  mobile_networks: {
    mobile_network_uuid: Generated<string>;
    mcc: string;
    mnc: string;
    network_name: string;
    operator: string | null;
    country_name: string;
    iso2: string | null;
    iso3: string | null;
    status: string | null;
  };
  network_prefixes: { prefix: string; mobile_network_uuid: string };
  /**
   * A vendor product taken out of first choice for a destination country (migration 590): the route quality
   * (route-quality/) decides, the compiled catalog applies it (quotes try it after every other usable route).
   */
  route_demotions: { vendor_product_uuid: string; iso2: string; demoted_on: Generated<Date> };
  vendors: {
    vendor_uuid: Generated<string>;
    vendor_name: string;
    vendor_type: string;
    status: Generated<Status>;
    reseller_uuid: string | null;
    created_on: Created;
  };
  vendor_products: {
    vendor_product_uuid: Generated<string>;
    vendor_uuid: string;
    vendor_product_name: string;
    type: Generated<string>;
    mobile_network_uuid: string | null;
    status: Generated<Status>;
    created_on: Created;
  };
  rate_tables: {
    rate_table_uuid: Generated<string>;
    rate_table_name: string;
    rate_table_type: 'prefix' | 'mobile_network';
    reseller_uuid: string | null;
    created_on: Created;
  };
  routings: {
    routing_uuid: Generated<string>;
    routing_name: string;
    reseller_uuid: string | null;
    created_on: Created;
  };
  routes: {
    route_uuid: Generated<string>;
    routing_uuid: string;
    code: string | null;
    mobile_network_uuid: string | null;
    vendor_product_uuid: string;
    is_pinned: Generated<boolean>;
    position: Generated<number>;
  };
  products: {
    product_uuid: Generated<string>;
    product_name: string;
    status: Generated<Status>;
    rate_table_uuid: string | null;
    routing_uuid: string | null;
    reseller_uuid: string | null;
    created_on: Created;
    /** its messages' numbers are looked up before routing (migration 581, number-lookup/) */
    number_lookup: Generated<boolean>;
    /** what one answered lookup costs for it; null: NUMBER_LOOKUP_COST (numeric: written and read as text) */
    lookup_cost: ColumnType<string | null, string | null | undefined, string | null>;
  };
  rates: {
    rate_uuid: Generated<string>;
    rate_table_uuid: string | null;
    vendor_product_uuid: string | null;
    code: string | null;
    mobile_network_uuid: string | null;
    country_name: string | null;
    price: string;
    effective_from: ColumnType<Date, Date | string | undefined, Date | string>;
    created_on: Created;
    /** the key stops pricing from this date (a code a deck closed; rate-changes/migrations.ts 400) */
    ceases_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    /** when the price is charged (migration 470); left out, a new version keeps its key's basis */
    charge_basis: ColumnType<ChargeBasis, ChargeBasis | undefined, ChargeBasis>;
  };
  smsc_connections: {
    smsc_connection_uuid: Generated<string>;
    smsc_id: string;
    vendor_uuid: string | null;
    api_adapter_id: string;
    host: string | null;
    port: number | null;
    system_id: string | null;
    password: string | null;
    system_type: string | null;
    url: string | null;
    throughput: number | null;
    status: Generated<Status>;
    created_on: Created;
    window_size: number | null;
    transceiver_mode: Generated<boolean>;
    /** who carries an SMPP connection: Kannel's bearerbox or our direct SMPP client (direct-smpp/) */
    gateway: Generated<'kannel' | 'direct'>;
    /** the direct gateway's transceiver binds; null: one */
    binds: number | null;
  };
}
