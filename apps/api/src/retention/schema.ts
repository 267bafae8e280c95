import type { ColumnType, Generated } from 'kysely';

type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** bigint counters: PGlite answers bigint as bigint, pg as text; the queries cast what they read */
type Count = ColumnType<number | string | bigint, number | undefined, number>;

export interface RetentionTables {
  /** the platform's one row: the defaults every company without its own override follows */
  retention_settings: {
    id: Generated<boolean>;
    redact_after_days: Opt<number>;
    remove_after_days: Opt<number>;
    archive: Generated<boolean>;
    updated_on: Generated<Date>;
  };
  /** how far a company's bodies are redacted (its outgoing and incoming messages apart): a pass starts there */
  retention_marks: { company_uuid: string; is_received: boolean; redacted_through: Date };
  retention_passes: {
    pass_uuid: Generated<string>;
    started_on: Generated<Date>;
    finished_on: Opt<Date>;
    state: Generated<'running' | 'done' | 'failed'>;
    started_by: 'job' | 'admin';
    companies: Count;
    redacted: Count;
    removed: Count;
    archived: Count;
    error: Opt<string>;
    beat_on: Generated<Date>;
  };
  retention_archives: {
    archive_uuid: Generated<string>;
    pass_uuid: string;
    company_uuid: string;
    company_name: string;
    file_name: string;
    rows: Count;
    bytes: Count;
    oldest: Opt<Date>;
    newest: Opt<Date>;
    created_on: Generated<Date>;
  };
}
