// What the guards tell people: a held range mails the company's admins, its reseller and the system
// admins (through the mail outbox, sent after commit by the outbox dispatcher); the thresholds of the
// pumping check are one settings row the system admin edits.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PumpingThresholds } from './engine/pumping';
import { queueMail } from '../mail';
import { accountsRepository } from '../accounts';

export async function alertPumping(
  db: Kysely<Database>,
  company: { company_uuid: string; reseller_uuid: string | null },
  prefix: string,
  reason: string,
): Promise<void> {
  const people = await accountsRepository.usersToMail(db, {
    companyAdminsOf: company.company_uuid,
    resellerUsersOf: company.reseller_uuid,
    systemAdmins: true,
  });
  if (!people.length) return;
  const name = (await accountsRepository.companyOf(db, company.company_uuid))?.company_name ?? 'A company';
  const subject = `Traffic held: suspected SMS pumping to ${prefix}…`;
  const body =
    `${name}'s messages to numbers starting ${prefix} are held (${reason}).\n` +
    `Messages to that range are blocked with reason pumping_suspected until the hold is released ` +
    `in the console (the company's Guards tab).`;
  await queueMail(
    db,
    people.map((email) => ({ to: email, subject, text: body })),
  );
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
