import type { ColumnType } from 'kysely';

/** Tables of the direct SMPP gateway (migrations 460–479). */
export interface DirectSmppTables {
  /** submit_sm_resp message ids (canonical: receipt.ts) and the message each belongs to */
  direct_carrier_ids: {
    smsc_id: string;
    message_id: string;
    sms_uuid: string;
    created_on: ColumnType<Date, Date | undefined, never>;
  };
}
