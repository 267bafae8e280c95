import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './schema';
import { hashPassword, type PasswordHashCost } from '../lib/passwords';
import { seedDemoCatalog, seedMobileNetworks } from '../catalog/seed';
import { seedNumbers } from '../numbers/seed';
import { seedDemoTraffic } from '../messaging/seed';
import { seedDemoBilling } from '../billing/seed';

export const DEMO_USERS = [
  'admin@example.com',
  'reseller@example.com',
  'acme-admin@example.com',
  'acme-user@example.com',
  'globex-admin@example.com',
  'globex-user@example.com',
] as const;

const COUNTRIES: [string, string, [string, string][]][] = [
  [
    'United States',
    'US',
    [
      ['212', 'New York'],
      ['415', 'San Francisco'],
      ['312', 'Chicago'],
    ],
  ],
  [
    'Canada',
    'CA',
    [
      ['416', 'Toronto'],
      ['604', 'Vancouver'],
    ],
  ],
  [
    'United Kingdom',
    'GB',
    [
      ['20', 'London'],
      ['161', 'Manchester'],
    ],
  ],
  [
    'Germany',
    'DE',
    [
      ['30', 'Berlin'],
      ['89', 'Munich'],
    ],
  ],
];

/** Demo data for an empty database, so every console area has something to show and lists page. */
export async function seed(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  demoPassword?: string,
  demoTraffic = true,
  demoBilling = false,
  passwordHashCost: PasswordHashCost = 'owasp',
): Promise<void> {
  await seedMobileNetworks(db); // reference data, also for a database seeded before the catalog existed
  const existing = await db.selectFrom('users').select('uuid').limit(1).executeTakeFirst();
  if (existing) return;
  const password = demoPassword ?? randomBytes(9).toString('base64url');
  const hash = await hashPassword(password, passwordHashCost);
  await db.transaction().execute(async (trx) => {
    const terms = await trx
      .insertInto('payment_terms')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          name: `Net ${(i + 1) * 5}`,
          days: (i + 1) * 5,
          is_active: i % 4 !== 3,
        })),
      )
      .returning('payment_term_uuid')
      .execute();
    const { reseller_uuid } = await trx
      .insertInto('resellers')
      .values({ reseller_name: 'Demo Reseller' })
      .returning('reseller_uuid')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('resellers')
      .values(Array.from({ length: 25 }, (_, i) => ({ reseller_name: `Reseller ${String(i + 1).padStart(2, '0')}` })))
      .execute();
    const acme = await trx
      .insertInto('companies')
      .values({ company_name: 'Acme', reseller_uuid, payment_term_uuid: terms[5].payment_term_uuid, prepay: true })
      .returning('company_uuid')
      .executeTakeFirstOrThrow();
    const globex = await trx
      .insertInto('companies')
      .values({ company_name: 'Globex', is_created_by_admin: true, payment_term_uuid: terms[1].payment_term_uuid })
      .returning('company_uuid')
      .executeTakeFirstOrThrow();
    const extra = await trx
      .insertInto('companies')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          company_name: `Company ${String(i + 1).padStart(2, '0')}`,
          reseller_uuid: i % 2 ? reseller_uuid : null,
          is_created_by_admin: i % 2 === 0,
          status: i % 5 === 4 ? ('inactive' as const) : ('active' as const),
          is_below_credit_limit: i % 3 === 0,
        })),
      )
      .returning('company_uuid')
      .execute();
    const u = (
      email: string,
      full_name: string,
      user_type: Database['users']['user_type'],
      company_uuid: string | null,
      extraCols = {},
    ) => ({
      email,
      full_name,
      user_type,
      company_uuid,
      password_hash: hash,
      is_admin: user_type === 'company_admin' || user_type === 'admin',
      ...extraCols,
    });
    await trx
      .insertInto('users')
      .values([
        u('admin@example.com', 'System Admin', 'admin', null),
        u('reseller@example.com', 'Demo Reseller', 'reseller', null, { reseller_uuid, reseller_role: 'admin' }),
        u('acme-admin@example.com', 'Acme Admin', 'company_admin', acme.company_uuid),
        u('acme-user@example.com', 'Acme User', 'user', acme.company_uuid),
        u('globex-admin@example.com', 'Globex Admin', 'company_admin', globex.company_uuid),
        u('globex-user@example.com', 'Globex User', 'user', globex.company_uuid),
        ...Array.from({ length: 25 }, (_, i) =>
          u(`acme-staff-${i + 1}@example.com`, `Acme Staff ${i + 1}`, 'user', acme.company_uuid),
        ),
        ...extra.map((c, i) => u(`owner-${i + 1}@example.com`, `Owner ${i + 1}`, 'company_admin', c.company_uuid)),
        // enough system admins that the admin list has a second page
        ...Array.from({ length: 11 }, (_, i) =>
          u(`ops-admin-${i + 1}@example.com`, `Ops Admin ${String(i + 1).padStart(2, '0')}`, 'admin', null, {
            is_active: i % 4 !== 3,
          }),
        ),
      ])
      .execute();
    await trx
      .insertInto('stop_text_filters')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          text: ['STOP', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'][i % 5] + (i >= 5 ? ` ${i}` : ''),
          created_on: new Date(Date.now() - i * 60000),
        })),
      )
      .execute();
    // The demo reseller's own filters (it sees only these; the admin sees all).
    await trx
      .insertInto('stop_text_filters')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          text: `OPT OUT ${i + 1}`,
          reseller_uuid,
          created_on: new Date(Date.now() - (i + 30) * 60000),
        })),
      )
      .execute();
    for (const [nice_name, iso2, codes] of COUNTRIES) {
      const c = await trx
        .insertInto('countries')
        .values({ nice_name, iso2 })
        .returning('country_uuid')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('area_codes')
        .values(codes.map(([code, name]) => ({ country_uuid: c.country_uuid, code, name })))
        .execute();
    }
    await seedNumbers(trx);
  });
  await seedDemoCatalog(db);
  if (demoTraffic) await seedDemoTraffic(db);
  if (demoBilling) await seedDemoBilling(db);
  log.info(
    `seeded demo data; logins: ${DEMO_USERS.join(', ')} with password ${demoPassword ? '(DEMO_PASSWORD)' : password}`,
  );
}
