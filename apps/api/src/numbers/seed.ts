import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { parseNanp } from './phone';
import { nanp } from './nanp';
import { BUILT_IN_PRICES } from './provider';
import { accountsRepository } from '../accounts';

// Demo numbers: Acme and Globex own a few each, the demo reseller and the platform keep some stock.
// Demo numbers sit in the 555 exchange, which the built-in provider never offers, so they cannot clash with a search.
const DEMO: [owner: 'Acme' | 'Globex' | 'reseller' | 'platform', did: string, user?: string][] = [
  ['Acme', '+12125552301', 'acme-user@example.com'],
  ['Acme', '+12125552302'],
  ['Acme', '+14155553303'],
  ['Acme', '+18005554304'],
  ['Globex', '+13125552401', 'globex-user@example.com'],
  ['Globex', '+13125552402'],
  ['Globex', '+18885554403'],
  ['reseller', '+16175552501'],
  ['reseller', '+16175552502'],
  ['reseller', '+18445552503'],
  ['platform', '+12065552601'],
  ['platform', '+12065552602'],
  ['platform', '+13035552603'],
  ['platform', '+18665552604'],
];

export async function seedNumbers(db: Kysely<Database>): Promise<void> {
  const companies = await accountsRepository.companiesByName(db, ['Acme', 'Globex']);
  const users = await accountsRepository.usersByEmail(db, ['acme-user@example.com', 'globex-user@example.com']);
  const [reseller] = await accountsRepository.usersByEmail(db, ['reseller@example.com']);
  const countries = await accountsRepository.countries(db);
  await db
    .insertInto('dids')
    .values(
      DEMO.map(([owner, did, user]) => {
        const n = parseNanp(did);
        if (!n) throw new Error(`demo number ${did} is not valid`);
        const company = companies.find((c) => c.company_name === owner);
        return {
          did: n.e164,
          is_toll_free: n.isTollFree,
          area_code: n.npa,
          state: nanp().npas.get(n.npa)?.state ?? null,
          country_uuid: countries.find((c) => c.iso2 === n.country)?.country_uuid ?? null,
          monthly_price: n.isTollFree ? BUILT_IN_PRICES.tollFree : BUILT_IN_PRICES.local,
          company_uuid: company?.company_uuid ?? null,
          reseller_uuid: owner === 'reseller' ? (reseller?.reseller_uuid ?? null) : (company?.reseller_uuid ?? null),
          user_uuid: users.find((u) => u.email === user)?.uuid ?? null,
          description: company ? `${owner} ${n.isTollFree ? 'toll-free' : 'main line'}` : '',
          source: owner === 'Acme' || owner === 'Globex' ? ('order' as const) : ('import' as const),
        };
      }),
    )
    .execute();
}
