import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AccessPolicy } from '../lib/access';
import { FieldError } from '../lib/http-error';
import { didRows, numbersRepository, parseNanp } from '../numbers';

const P = (reseller: 'tenant' | 'none', company_admin: 'tenant' | 'none', user: 'tenant' | 'none') =>
  ({ admin: 'all', reseller, company_admin, user }) satisfies AccessPolicy;
/** Campaigns, keywords and ANI groups are the company admin's (docs/spec.md §2); company users have none of these screens. */
export const CAMPAIGN_ACCESS = { read: P('tenant', 'tenant', 'none'), write: P('tenant', 'tenant', 'none') };

/**
 * The company's own sending numbers (DIDs with did_type ani) for numbers typed in any spelling, in
 * the order given, duplicates dropped. Anything else is a 400 naming each bad number.
 */
export async function companySenders(
  db: Kysely<Database>,
  company_uuid: string,
  typed: readonly string[],
  field = 'numbers',
): Promise<{ did_uuid: string; did: string }[]> {
  const problems: string[] = [];
  const wanted: string[] = [];
  for (const raw of typed) {
    const n = parseNanp(raw);
    if (!n) {
      problems.push(`"${raw}" is not a valid North American number`);
      continue;
    }
    if (!wanted.includes(n.e164)) wanted.push(n.e164);
  }
  const rows = await numbersRepository.sendersAmong(db, company_uuid, wanted);
  const byNumber = new Map(rows.map((r) => [r.did, r]));
  for (const w of wanted) if (!byNumber.has(w)) problems.push(`${w} is not one of the company's sending numbers`);
  if (problems.length) throw new FieldError({ [field]: problems.slice(0, 20).join('; ') });
  return wanted.map((w) => byNumber.get(w) as { did_uuid: string; did: string });
}

/** An ANI group's numbers that still belong to its company and may send, in their turn order. */
export async function groupNumbers(
  db: Kysely<Database>,
  company_uuid: string,
  ani_group_uuid: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('ani_group_numbers')
    .innerJoin(didRows(db).as('dids'), 'dids.did_uuid', 'ani_group_numbers.did_uuid')
    .innerJoin('ani_groups', 'ani_groups.ani_group_uuid', 'ani_group_numbers.ani_group_uuid')
    .select('dids.did')
    .where('ani_group_numbers.ani_group_uuid', '=', ani_group_uuid)
    .where('ani_groups.company_uuid', '=', company_uuid)
    .where('dids.company_uuid', '=', company_uuid)
    .where('dids.did_type', '=', 'ani')
    .orderBy('ani_group_numbers.position')
    .execute();
  return rows.map((r) => r.did);
}

export const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';
