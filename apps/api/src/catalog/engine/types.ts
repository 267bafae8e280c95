/** The catalog as plain rows (what the database holds), the rating engine's only input. */
export interface CatalogRows {
  /** mcc and mnc: what a number lookup answers (left out, the network is reached by its prefixes only) */
  networks: {
    mobile_network_uuid: string;
    network_name: string;
    iso3: string | null;
    mcc?: string;
    mnc?: string;
    /** its country: of the networks mcc-mnc-list gives one code (a territory's), the number's country's is the one */
    iso2?: string | null;
  }[];
  networkPrefixes: { prefix: string; mobile_network_uuid: string }[];
  products: {
    product_uuid: string;
    status: string;
    rate_table_uuid: string | null;
    routing_uuid: string | null;
    /** the product's messages look their number up before routing (number-lookup/); off when left out */
    number_lookup?: boolean;
    /** what one answered lookup costs the platform for this product; null: the configured price */
    lookup_cost?: string | null;
  }[];
  rateTables: { rate_table_uuid: string; rate_table_type: 'prefix' | 'mobile_network' }[];
  routes: {
    routing_uuid: string;
    code: string | null;
    mobile_network_uuid: string | null;
    vendor_product_uuid: string;
    is_pinned: boolean;
  }[];
  vendorProducts: { vendor_product_uuid: string; vendor_product_name: string; active: boolean }[];
  /** A selling rate (rate_table_uuid) or a vendor's cost (vendor_product_uuid), by code or mobile network. */
  rates: {
    rate_table_uuid: string | null;
    vendor_product_uuid: string | null;
    code: string | null;
    mobile_network_uuid: string | null;
    price: string;
    effective_from: Date | string;
    /** the key stops pricing from this date (a closed code); a later version opens it again */
    ceases_on?: Date | string | null;
    /** when the price is charged; delivery when left out */
    charge_basis?: 'delivery' | 'submit';
  }[];
  /**
   * Vendor products the route quality demoted for a destination country (catalog's route_demotions): quotes try
   * them after every other usable route, never before (docs/delivery-quality.md). Absent or empty: none.
   */
  demotions?: { vendor_product_uuid: string; iso2: string }[];
  /** dialling prefixes → ISO country, to know a number's country when a demotion applies (numbers.ts) */
  countryCodes?: { prefix: string; iso2: string }[];
}

export interface QuoteRequest {
  productUuid: string;
  dnis: string;
  at?: Date | number;
  /**
   * the margin floor (micro-units per part, the guards domain's): a route whose cost leaves less margin
   * than this is never picked; when every usable route does, the answer is below_margin
   */
  minMarginMicros?: number;
  /**
   * the number's network as a lookup found it (networkOfMccMnc): prices and routes by that network
   * instead of the one its prefix names, so a ported number goes to the network it is on now
   */
  networkUuid?: string | null;
}

export interface RouteChoice {
  vendorProductUuid: string;
  vendorProductName: string;
  cost: string;
  pinned: boolean;
  /** demoted for the number's country by the route quality: tried only after every other usable route */
  demoted: boolean;
}

export type Quote =
  | {
      ok: true;
      network: { mobile_network_uuid: string; network_name: string; iso3: string | null } | null;
      price: string;
      priceMicros: number;
      /** when the price is charged: on delivery, or once the carrier accepts the message */
      chargeBasis: 'delivery' | 'submit';
      vendorProductUuid: string;
      vendorProductName: string;
      cost: string;
      costMicros: number;
      margin: string;
      marginMicros: number;
      /** every usable vendor product in the order the pipeline should try them (the first is the one quoted) */
      routes: RouteChoice[];
    }
  | {
      ok: false;
      reason: 'no_price' | 'no_route' | 'bad_number' | 'below_margin';
      network: { mobile_network_uuid: string; network_name: string; iso3: string | null } | null;
    };
