// What the guards tell people: a held range mails the company's admins, its reseller and the system
// admins (through the mail outbox, sent after commit by the outbox dispatcher); the thresholds of the
// pumping check are one settings row the system admin edits.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PumpingThresholds } from './engine/pumping';

export async function alertPumping(
  db: Kysely<Database>,
  company: { company_uuid: string; reseller_uuid: string | null },
  prefix: string,
  reason: string,
): Promise<void> {
  const people = await db
    .selectFrom('users')
    .select('email')
    .where('is_active', '=', true)
    .where((eb) =>
      eb.or([
        eb.and([eb('company_uuid', '=', company.company_uuid), eb('user_type', '=', 'company_admin')]),
        ...(company.reseller_uuid
          ? [eb.and([eb('reseller_uuid', '=', company.reseller_uuid), eb('user_type', '=', 'reseller')])]
          : []),
        eb('user_type', '=', 'admin'),
      ]),
    )
    .orderBy('email')
    .execute();
  if (!people.length) return;
  const name =
    (
      await db
        .selectFrom('companies')
        .select('company_name')
        .where('company_uuid', '=', company.company_uuid)
        .executeTakeFirst()
    )?.company_name ?? 'A company';
  const subject = `Traffic held: suspected SMS pumping to ${prefix}…`;
  const body =
    `${name}'s messages to numbers starting ${prefix} are held (${reason}).\n` +
    `Messages to that range are blocked with reason pumping_suspected until the hold is released ` +
    `in the console (the company's Guards tab).`;
  await db
    .insertInto('outbox')
    .values(people.map((p) => ({ recipient: p.email, subject, body, status: 'pending' as const })))
    .execute();
}

export async function loadThresholds(db: Kysely<Database>): Promise<PumpingThresholds> {
  const s = await db.selectFrom('guard_settings').selectAll().executeTakeFirstOrThrow();
  return {
    enabled: s.pumping_enabled,
    windowSeconds: s.pumping_window_seconds,
    minMessages: s.pumping_min_messages,
    rangeDigits: s.pumping_range_digits,
    adjacentGap: s.pumping_adjacent_gap,
    adjacentPercent: s.pumping_adjacent_percent,
    destinationDigits: s.pumping_destination_digits,
    sharePercent: s.pumping_share_percent,
    shareMinMessages: s.pumping_share_min_messages,
    premiumPricePercent: s.pumping_premium_price_percent,
    premiumPrefixes: s.pumping_premium_prefixes ?? [],
    baselineDays: s.pumping_baseline_days,
    baselineMinMessages: s.pumping_baseline_min_messages,
    otpMinMessages: s.pumping_otp_min_messages,
    otpConfirmPercent: s.pumping_otp_confirm_percent,
    otpGraceSeconds: s.pumping_otp_grace_seconds,
  };
}
