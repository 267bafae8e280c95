// Number lookup's table (ids 580–589; docs/number-lookup.md): the answers of the lookup provider, kept for
// their lifetime so one number is asked once a week however many messages go to it and however many nodes send.
import type { Migration } from '../db/migrator';

export const NUMBER_LOOKUP_MIGRATIONS: Migration[] = [
  {
    // One row per number (E.164 with the plus): what the provider last answered and until when it holds. A failed
    // lookup (timeout, provider error) is never stored: the next message asks again.
    id: '580_number_lookups',
    ddl: `
      create table number_lookups (
        number text primary key,
        status text not null check (status in ('found', 'unknown')),
        mcc text,
        mnc text,
        network_name text,
        ported boolean,
        line_type text check (line_type in ('mobile', 'landline', 'voip', 'unknown')),
        provider text not null,
        looked_up_on timestamptz not null,
        expires_on timestamptz not null
      );
      create index number_lookups_expires_idx on number_lookups (expires_on)`,
  },
];
