import type { ColumnType, Generated } from 'kysely';

/** Tables of the security domain (migrations 030–039). */
export interface SecurityTables {
  rate_limits: { key: string; hits: number; window_start: Date };
  audit_log: {
    id: Generated<string>;
    at: ColumnType<Date, Date | undefined, never>;
    actor_uuid: string | null;
    actor_email: string | null;
    actor_type: string | null;
    ip: string | null;
    action: 'create' | 'update' | 'delete';
    entity: string;
    entity_id: string;
    company_uuid: string | null;
    reseller_uuid: string | null;
    changes: ColumnType<Record<string, { before: unknown; after: unknown }>, string, never>;
  };
  api_keys: {
    api_key_uuid: Generated<string>;
    company_uuid: string;
    created_by: string;
    name: string;
    prefix: string;
    key_hash: string;
    created_on: ColumnType<Date, Date | undefined, never>;
    last_used_on: Date | null;
    revoked_on: Date | null;
    /** null for a key its company revoked; 'creator_deactivated' when its creator was deactivated */
    revoked_reason: string | null;
    /** what the key may do: send, read, manage (API_KEY_SCOPES) */
    scopes: ColumnType<string[], string[] | undefined, string[]>;
    /** a test key (the sandbox, db/migrations.ts 520): its sends are never charged nor carried */
    sandbox: ColumnType<boolean, boolean | undefined, boolean>;
  };
  user_totp: {
    user_uuid: string;
    secret_sealed: string;
    enabled_on: Date | null;
    last_step: number;
    created_on: ColumnType<Date, Date | undefined, never>;
  };
  totp_recovery_codes: { id: Generated<string>; user_uuid: string; code_hash: string; used_on: Date | null };
  login_challenges: {
    challenge_hash: string;
    user_uuid: string;
    purpose: 'verify' | 'enrol';
    expires_at: Date;
    used_on: Date | null;
  };
}
