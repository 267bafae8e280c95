// The catalog's tables (ids 010–019). Owned records carry reseller_uuid: null is the platform's catalog.
import type { Migration } from '../db/migrator';

export const CATALOG_MIGRATIONS: Migration[] = [
  {
    id: '010_catalog',
    ddl: `
      create table catalog_version (id integer primary key default 1 check (id = 1), version bigint not null default 0,
        changed_on timestamptz not null default now());
      insert into catalog_version (id, version) values (1, 0);
      create table mobile_networks (mobile_network_uuid uuid primary key default gen_random_uuid(), mcc text not null, mnc text not null,
        network_name text not null, operator text, country_name text not null, iso2 text, iso3 text, status text, unique (mcc, mnc, country_name));
      create index mobile_networks_iso3_idx on mobile_networks (iso3, network_name);
      create table network_prefixes (prefix text primary key check (prefix ~ '^[0-9]{1,15}$'),
        mobile_network_uuid uuid not null references mobile_networks on delete cascade);
      create table vendors (vendor_uuid uuid primary key default gen_random_uuid(), vendor_name text not null, vendor_type text not null,
        status text not null default 'active', reseller_uuid uuid references resellers on delete cascade,
        created_on timestamptz not null default now());
      create index vendors_reseller_idx on vendors (reseller_uuid, vendor_name);
      create table vendor_products (vendor_product_uuid uuid primary key default gen_random_uuid(),
        vendor_uuid uuid not null references vendors on delete cascade, vendor_product_name text not null, type text not null default 'sms',
        mobile_network_uuid uuid references mobile_networks on delete set null, status text not null default 'active' check (status in ('active','inactive')),
        created_on timestamptz not null default now());
      create index vendor_products_vendor_idx on vendor_products (vendor_uuid);
      create table rate_tables (rate_table_uuid uuid primary key default gen_random_uuid(), rate_table_name text not null,
        rate_table_type text not null check (rate_table_type in ('prefix','mobile_network')), reseller_uuid uuid references resellers on delete cascade,
        created_on timestamptz not null default now());
      create table routings (routing_uuid uuid primary key default gen_random_uuid(), routing_name text not null,
        reseller_uuid uuid references resellers on delete cascade, created_on timestamptz not null default now());
      create table routes (route_uuid uuid primary key default gen_random_uuid(), routing_uuid uuid not null references routings on delete cascade,
        code text check (code ~ '^[0-9]{1,15}$'), mobile_network_uuid uuid references mobile_networks on delete cascade,
        vendor_product_uuid uuid not null references vendor_products on delete cascade, is_pinned boolean not null default false,
        position integer not null default 0, check ((code is null) <> (mobile_network_uuid is null)));
      create index routes_routing_idx on routes (routing_uuid, position);
      create index routes_vendor_product_idx on routes (vendor_product_uuid);
      create table products (product_uuid uuid primary key default gen_random_uuid(), product_name text not null,
        status text not null default 'active' check (status in ('active','inactive')),
        rate_table_uuid uuid references rate_tables on delete set null, routing_uuid uuid references routings on delete set null,
        reseller_uuid uuid references resellers on delete cascade, created_on timestamptz not null default now());
      create index products_reseller_idx on products (reseller_uuid, product_name);
      create table rates (rate_uuid uuid primary key default gen_random_uuid(), rate_table_uuid uuid references rate_tables on delete cascade,
        vendor_product_uuid uuid references vendor_products on delete cascade, code text check (code ~ '^[0-9]{1,15}$'),
        mobile_network_uuid uuid references mobile_networks on delete cascade, country_name text,
        price numeric(15,6) not null check (price >= 0), effective_from timestamptz not null default now(),
        created_on timestamptz not null default now(),
        check ((rate_table_uuid is null) <> (vendor_product_uuid is null)), check ((code is null) <> (mobile_network_uuid is null)));
      create index rates_table_idx on rates (rate_table_uuid, code);
      create index rates_vendor_product_idx on rates (vendor_product_uuid, code);
      alter table companies add column product_uuid uuid references products on delete set null;
      create index companies_product_idx on companies (product_uuid)`,
  },
  {
    // How the gateway reaches each SMSC. The password is kept as given (the gateway must present it to
    // the SMSC, so it cannot be hashed) and is never answered by any call.
    id: '011_smsc_connections',
    ddl: `
      create table smsc_connections (smsc_connection_uuid uuid primary key default gen_random_uuid(),
        smsc_id text not null unique check (smsc_id ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'),
        vendor_uuid uuid references vendors on delete set null, api_adapter_id text not null, host text, port integer check (port between 1 and 65535),
        system_id text, password text, system_type text, url text, throughput integer check (throughput > 0),
        status text not null default 'active' check (status in ('active','inactive')), created_on timestamptz not null default now());
      create index smsc_connections_vendor_idx on smsc_connections (vendor_uuid)`,
  },
  {
    // Per link, what was one environment-wide setting: the SMPP window (Kannel's max-pending-submits;
    // null takes the installation's KANNEL_WINDOW) and whether it binds as a transceiver or as a
    // transmitter plus a receiver.
    id: '012_smsc_window_transceiver',
    ddl: `
      alter table smsc_connections add column window_size integer check (window_size between 1 and 10000);
      alter table smsc_connections add column transceiver_mode boolean not null default true`,
  },
  {
    // SMSC passwords were stored as typed: seal every one with the server key (AES-256-GCM,
    // lib/secret-box.ts). From here on the calls store only sealed values.
    id: '013_smsc_password_sealed',
    ddl: '',
    async run(trx, ctx) {
      const box = ctx.secrets?.smscPassword;
      if (!box) throw new Error('013_smsc_password_sealed needs the server key');
      const rows = await trx
        .selectFrom('smsc_connections')
        .select(['smsc_connection_uuid', 'password'])
        .where('password', 'is not', null)
        .execute();
      for (const r of rows) {
        if (r.password === null || box.isSealed(r.password)) continue;
        await trx
          .updateTable('smsc_connections')
          .set({ password: box.seal(r.password) })
          .where('smsc_connection_uuid', '=', r.smsc_connection_uuid)
          .execute();
      }
    },
  },
];

/**
 * Issue 49 item 5 (number lookup, docs/number-lookup.md): a product says whether its messages' numbers are looked up
 * before routing, and may name what one answered lookup costs (the platform's configured price otherwise). Placed at
 * the end of the list (db/migrations.ts), after the tables of every domain it follows.
 */
export const PRODUCT_LOOKUP_MIGRATION: Migration = {
  id: '581_product_number_lookup',
  ddl: `
    alter table products add column number_lookup boolean not null default false;
    alter table products add column lookup_cost numeric(15,6) check (lookup_cost >= 0)`,
};

/**
 * Route quality (issue 49, ids 590–599 with route-quality/migrations.ts): the demotions the compiled catalog
 * applies, and a notification on every catalog version move, so each node reloads its compiled catalog as soon as
 * another one changed it (live/bus.ts carries it; the route-quality plugin tells the cache) rather than within
 * its one-second check.
 */
export const ROUTE_DEMOTION_MIGRATIONS: Migration[] = [
  {
    id: '590_route_demotions',
    ddl: `
      create table route_demotions (vendor_product_uuid uuid not null references vendor_products on delete cascade,
        iso2 text not null check (iso2 ~ '^[A-Z]{2}$'), demoted_on timestamptz not null default now(),
        primary key (vendor_product_uuid, iso2))`,
  },
  {
    id: '591_catalog_version_notify',
    ddl: `
      create function catalog_version_notify() returns trigger language plpgsql as $body$
      begin
        perform pg_notify('live_' || current_schema(), '{"k":"catalog"}');
        return null;
      end$body$;
      create trigger catalog_version_moved after update on catalog_version
        for each statement execute function catalog_version_notify()`,
  },
];
