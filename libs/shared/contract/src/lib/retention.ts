// Message retention (issue 51 item 3, docs/retention.md): the platform's defaults set by the system admin (bodies
// redacted after N days, messages removed after M > N days, archived first or not), the passes of the retention
// job and the archive files they wrote. Each company's overrides are fields of the company (accounts.ts).
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common';

const Timestamp = Type.String({ format: 'date-time' });
const Days = Nullable(Type.Integer({ minimum: 1, maximum: 36500 }));

export const RetentionSettings = Type.Object({
  /** bodies of messages older than this are replaced by "[redacted]"; null: never */
  redact_after_days: Days,
  /** messages older than this are removed (reports keep counting them); null: never; more than redact_after_days */
  remove_after_days: Days,
  /** removed messages are written to an archive file first */
  archive: Type.Boolean(),
  /** how often the retention job runs, in seconds (RETENTION_CHECK_SECONDS) */
  check_seconds: Type.Number(),
  updated_on: Timestamp,
});
export type RetentionSettings = Static<typeof RetentionSettings>;

export const RetentionSettingsPut = Type.Object(
  {
    redact_after_days: Days,
    remove_after_days: Days,
    archive: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type RetentionSettingsPut = Static<typeof RetentionSettingsPut>;

export const RETENTION_PASS_STATES = ['running', 'done', 'failed'] as const;

export const RetentionPass = Type.Object({
  pass_uuid: Uuid,
  started_on: Timestamp,
  finished_on: Type.Union([Timestamp, Type.Null()]),
  state: Type.Union(RETENTION_PASS_STATES.map((s) => Type.Literal(s))),
  /** job: the recurring job; admin: "Run now" on the console */
  started_by: Type.Union([Type.Literal('job'), Type.Literal('admin')]),
  /** companies whose policy asked for work */
  companies: Type.Integer(),
  redacted: Type.Integer(),
  removed: Type.Integer(),
  archived: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type RetentionPass = Static<typeof RetentionPass>;

export const RetentionArchive = Type.Object({
  archive_uuid: Uuid,
  pass_uuid: Uuid,
  company_uuid: Uuid,
  company_name: Type.String(),
  /** the file's path under the archive folder: `YYYY-MM-DD/sms-<company>-<pass>.csv.gz` */
  file_name: Type.String(),
  rows: Type.Integer(),
  bytes: Type.Integer(),
  /** the creation times of the oldest and newest message in it */
  oldest: Type.Union([Timestamp, Type.Null()]),
  newest: Type.Union([Timestamp, Type.Null()]),
  created_on: Timestamp,
});
export type RetentionArchive = Static<typeof RetentionArchive>;
