// Live events (ids 310–319): statement triggers publish what changed with pg_notify, in the transaction that
// changed it, so whatever path wrote the rows (an API call, a bulk batch, a delivery-report pass, SMPP, another
// node) the event leaves exactly when the change commits, and PostgreSQL carries it to every node's LISTEN.
// One notification per statement and owning company: a pass over 1,000 messages of one company is one event,
// and PostgreSQL folds identical notifications of one transaction into one. Each payload is a few hundred bytes
// (NOTIFY takes up to 8,000). The channel carries the schema, so test schemas on one database never cross.

/** A body for a plpgsql function; the migration runner splits on ';', so they are written as \073. */
const quoted = (body: string) => `E'${body.replace(/'/g, "''").replace(/;/g, '\\073')}'`;

/** Publishes one notification for each row of `select` (a column `e`, the event as text). */
const publish = (select: string) => `perform pg_notify('live_' || current_schema(), x.e) from (${select}) x`;

/** An event's text: kind, the one row it names (`id`, null when the statement touched several), company, reseller. */
const event = (kind: string, id: string, company: string, reseller: string) =>
  `jsonb_strip_nulls(jsonb_build_object('k', '${kind}', 'id', ${id}, 'c', ${company}, 'r', ${reseller}))::text as e`;

/**
 * A body publishing `selectOf(rows)` for the rows a statement changed: new for an insert, old for a delete, both
 * for an update when `both` (a number moved between companies), else new. A plan names only transition tables
 * its trigger has, so each operation has its branch.
 */
const byOp = (selectOf: (rows: string) => string, both = false) => `if tg_op = 'INSERT' then
      ${publish(selectOf('new_rows'))};
    elsif tg_op = 'DELETE' then
      ${publish(selectOf('old_rows'))};
    else
      ${publish(selectOf(both ? '(select * from new_rows union all select * from old_rows)' : 'new_rows'))};
    end if`;

/** A trigger function whose body branches on tg_op (a branch not taken never reads the transition table it names). */
const fn = (name: string, body: string) =>
  `create function ${name}() returns trigger language plpgsql as ${quoted(`begin
    ${body};
    return null;
  end`)}`;

const triggers = (table: string, fnName: string, ops: ('insert' | 'update' | 'delete')[]) =>
  ops
    .map((op) => {
      const refs =
        op === 'insert'
          ? 'new table as new_rows'
          : op === 'delete'
            ? 'old table as old_rows'
            : 'old table as old_rows new table as new_rows';
      return `create trigger ${table}_live_${op} after ${op} on ${table} referencing ${refs}
        for each statement execute function ${fnName}()`;
    })
    .join(';\n');

// Messages: stored ones, and those whose status moved (a lease or a price set alone is no event).
const SMS = fn(
  'live_sms_events',
  `if tg_op = 'INSERT' then
      ${publish(`select ${event('sms', `case when count(*) = 1 then min(n.sms_uuid::text) end`, 'n.company_uuid', 'n.reseller_uuid')}
        from new_rows n group by n.company_uuid, n.reseller_uuid`)};
    else
      ${publish(`select ${event('sms', `case when count(*) = 1 then min(n.sms_uuid::text) end`, 'n.company_uuid', 'n.reseller_uuid')}
        from new_rows n join old_rows o on o.sms_uuid = n.sms_uuid where o.status is distinct from n.status
        group by n.company_uuid, n.reseller_uuid`)};
    end if`,
);

// Balance, reservations and spend of a company's or a reseller's account (every ledger entry moves them).
const BALANCE = fn(
  'live_balance_events',
  publish(`select distinct ${event('balance', 'null::text', 'a.company_uuid', 'coalesce(a.reseller_uuid, c.reseller_uuid)')}
    from new_rows a left join companies c on c.company_uuid = a.company_uuid`),
);

// Numbers: an order, an assignment (the company it left and the one it reached both hear of it), a release.
const DIDS = fn(
  'live_did_events',
  byOp(
    (
      rows,
    ) => `select ${event('did', `case when count(*) = 1 then min(d.did_uuid::text) end`, 'd.company_uuid', 'coalesce(c.reseller_uuid, d.reseller_uuid)')}
      from ${rows} d left join companies c on c.company_uuid = d.company_uuid
      group by d.company_uuid, coalesce(c.reseller_uuid, d.reseller_uuid)`,
    true,
  ),
);

// Bulks: created, started, held, resumed, finished (their status rows)...
const BULKS = fn(
  'live_bulk_events',
  byOp(
    (rows) =>
      `select distinct ${event('bulk', 'b.bulk_uuid::text', 'b.company_uuid', 'b.reseller_uuid')} from ${rows} b`,
  ),
);
// ...and their progress, which the sms triggers append to bulk_deltas (bulk/migrations.ts, 071).
const BULK_PROGRESS = fn(
  'live_bulk_progress_events',
  publish(`select ${event('bulk', 'b.bulk_uuid::text', 'b.company_uuid', 'b.reseller_uuid')}
    from (select distinct bulk_uuid from new_rows) d join bulks b on b.bulk_uuid = d.bulk_uuid`),
);

// A session signed out: its streams end on every node (an event no stream forwards).
const REVOKED = fn(
  'live_revoked_events',
  publish(`select jsonb_build_object('k', 'revoked', 'id', jti)::text as e from new_rows`),
);

/** The reseller of a company-owned row: its company's (the rows below carry only the company). */
const resellerOf = (company: string) => `(select c.reseller_uuid from companies c where c.company_uuid = ${company})`;

// Webhook deliveries (migration 320), one event per webhook a statement touched: a failed attempt recorded, an
// event delivered or given up on, a batch answered. An event queued (an insert) is none: the log shows attempts.
const webhookOf = (rows: string, where = '') =>
  `select ${event('webhook', 'w.webhook_uuid::text', 'w.company_uuid', resellerOf('w.company_uuid'))}
    from (select distinct n.webhook_uuid, n.company_uuid from ${rows} n where n.webhook_uuid is not null ${where}) w`;
const WEBHOOK_ATTEMPTS = fn('live_webhook_attempt_events', publish(webhookOf('new_rows')));
const WEBHOOK_MESSAGES = fn(
  'live_webhook_message_events',
  publish(
    webhookOf(
      'new_rows',
      `and exists (select 1 from old_rows o where o.delivery_id = n.delivery_id
        and (o.state is distinct from n.state or o.delivered_on is distinct from n.delivered_on))`,
    ),
  ),
);
const WEBHOOK_BATCHES = fn(
  'live_webhook_batch_events',
  publish(
    webhookOf(
      'new_rows',
      `and exists (select 1 from old_rows o where o.batch_id = n.batch_id and o.delivered_on is distinct from n.delivered_on)`,
    ),
  ),
);

// SMPP binds: a session bound or unbound on any node (smpp_binds rows; a heartbeat's update is none).
const SMPP_BINDS = fn(
  'live_smpp_bind_events',
  byOp(
    (
      rows,
    ) => `select distinct ${event('smpp', 'a.smpp_account_uuid::text', 'a.company_uuid', resellerOf('a.company_uuid'))}
      from ${rows} b join smpp_accounts a on a.smpp_account_uuid = b.smpp_account_uuid`,
  ),
);

// Guard holds: a range held as suspected pumping, or released.
const GUARD_HOLDS = fn(
  'live_guard_hold_events',
  publish(`select distinct ${event('guard', 'h.hold_uuid::text', 'h.company_uuid', `coalesce(h.reseller_uuid, ${resellerOf('h.company_uuid')})`)}
    from new_rows h`),
);

// Approvals: a template submitted, approved, rejected, changed or deleted.
const TEMPLATES = fn(
  'live_template_events',
  byOp(
    (
      rows,
    ) => `select ${event('template', `case when count(*) = 1 then min(t.sms_template_uuid::text) end`, 't.company_uuid', resellerOf('t.company_uuid'))}
      from ${rows} t group by t.company_uuid`,
  ),
);

export const LIVE_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    id: '310_live_events',
    ddl: [
      SMS,
      triggers('sms', 'live_sms_events', ['insert', 'update']),
      BALANCE,
      triggers('billing_accounts', 'live_balance_events', ['insert', 'update']),
      DIDS,
      triggers('dids', 'live_did_events', ['insert', 'update', 'delete']),
      BULKS,
      triggers('bulks', 'live_bulk_events', ['insert', 'update', 'delete']),
      BULK_PROGRESS,
      triggers('bulk_deltas', 'live_bulk_progress_events', ['insert']),
      REVOKED,
      triggers('token_revocations', 'live_revoked_events', ['insert']),
    ].join(';\n'),
  },
  {
    id: '320_live_more_events',
    ddl: [
      WEBHOOK_ATTEMPTS,
      triggers('webhook_attempts', 'live_webhook_attempt_events', ['insert']),
      WEBHOOK_MESSAGES,
      triggers('webhook_messages', 'live_webhook_message_events', ['update']),
      WEBHOOK_BATCHES,
      triggers('webhook_batches', 'live_webhook_batch_events', ['update']),
      SMPP_BINDS,
      triggers('smpp_binds', 'live_smpp_bind_events', ['insert', 'delete']),
      GUARD_HOLDS,
      triggers('pumping_holds', 'live_guard_hold_events', ['insert', 'update']),
      TEMPLATES,
      triggers('sms_templates', 'live_template_events', ['insert', 'update', 'delete']),
    ].join(';\n'),
  },
];
