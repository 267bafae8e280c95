import type { LookupLineType } from '@smsc/shared-contract';

/** Number lookup's table (migration 580), merged into the app's Database type. */
export interface NumberLookupTables {
  number_lookups: {
    number: string;
    status: 'found' | 'unknown';
    mcc: string | null;
    mnc: string | null;
    network_name: string | null;
    ported: boolean | null;
    line_type: LookupLineType | null;
    provider: string;
    looked_up_on: Date;
    expires_on: Date;
  };
}
