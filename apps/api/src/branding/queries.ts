// The brand's reads that need only a database handle: the mail composer calls these inside its transaction.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Brand } from '@smsc/shared-contract';
import { API_PREFIX } from '@smsc/shared-contract';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The brand the platform shows when nobody set one: the operator's own look (libs/shared/ui theme.ts). */
export const BUILT_IN = { name: 'SMSC Console', primary_color: '#0958d9' } as const;

const imageUrl = (owner: string | null, kind: 'logo' | 'favicon', updated: Date) =>
  `${API_PREFIX}/brand/${owner ?? 'platform'}/${kind}?v=${updated.getTime()}`;

/** A stored row (or none) as the contract's Brand, the platform's standing in for a reseller that set nothing. */
export function toBrand(
  row: Awaited<ReturnType<typeof brandRow>>,
  resellerUuid: string | null,
  isDefault: boolean,
): Brand {
  const owner = row?.reseller_uuid ?? null;
  return {
    reseller_uuid: resellerUuid,
    name: row?.name ?? BUILT_IN.name,
    primary_color: row?.primary_color ?? BUILT_IN.primary_color,
    mail_from_name: row?.mail_from_name ?? null,
    mail_from_address: row?.mail_from_address ?? null,
    support_email: row?.support_email ?? null,
    support_phone: row?.support_phone ?? null,
    legal_footer: row?.legal_footer ?? null,
    logo_url: row?.has_logo ? imageUrl(owner, 'logo', row.updated_on) : null,
    favicon_url: row?.has_favicon ? imageUrl(owner, 'favicon', row.updated_on) : null,
    is_default: isDefault,
    updated_on: isDefault || !row ? null : row.updated_on.toISOString(),
  };
}

/** The stored row of an owner (null: the platform), without its images' bytes. */
export function brandRow(db: Db, resellerUuid: string | null) {
  return db
    .selectFrom('brands')
    .select([
      'reseller_uuid',
      'name',
      'primary_color',
      'mail_from_name',
      'mail_from_address',
      'support_email',
      'support_phone',
      'legal_footer',
      sql<boolean>`logo is not null`.as('has_logo'),
      sql<boolean>`favicon is not null`.as('has_favicon'),
      'updated_on',
    ])
    .where((eb) => (resellerUuid ? eb('reseller_uuid', '=', resellerUuid) : eb('reseller_uuid', 'is', null)))
    .executeTakeFirst();
}

/** The brand a reseller's customers see: its own, else the platform's, else the built-in one. */
export async function effectiveBrand(db: Db, resellerUuid: string | null): Promise<Brand> {
  const own = await brandRow(db, resellerUuid);
  if (own) return toBrand(own, resellerUuid, false);
  const platform = resellerUuid ? await brandRow(db, null) : undefined;
  return toBrand(platform, resellerUuid, true);
}
