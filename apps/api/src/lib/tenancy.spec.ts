import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { UserType } from '@smsc/shared-contract';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { AccessLevel } from './access';
import { HttpError } from './http-error';
import { assertCanName, rowsOf, targetCompany, targetReseller, type TenantColumns } from './tenancy';

// Every role at every level it can hold, against rows owned in every way a table records: by a
// company of the caller's reseller, by another company, by the reseller itself, by another
// reseller, and by one user or another of the caller's company.
describe('tenancy: which rows a caller may see or name, per role and scope level', () => {
  let t: TestApp;
  const ids = {
    acme: '',
    globex: '',
    reseller: '',
    otherReseller: '',
    acmeAdmin: '',
    acmeUser: '',
  };

  const caller = (user_type: UserType, level: AccessLevel, uuid: string = randomUUID()) =>
    ({
      level,
      user: {
        uuid,
        email: 'x@example.com',
        user_type,
        company_uuid: user_type === 'company_admin' || user_type === 'user' ? ids.acme : null,
        reseller_uuid: user_type === 'reseller' ? ids.reseller : null,
        jti: 'j',
        exp: 0,
      },
    }) as unknown as FastifyRequest;

  // the rows: name, company, reseller that owns it directly, user
  const rows = () =>
    [
      ['acme-by-admin', ids.acme, null, ids.acmeAdmin],
      ['acme-by-user', ids.acme, null, ids.acmeUser],
      ['globex', ids.globex, null, null],
      ['reseller-own', null, ids.reseller, null],
      ['other-reseller-own', null, ids.otherReseller, null],
      ['acme-also-reseller', ids.acme, ids.reseller, null],
    ] as const;

  async function visible(req: FastifyRequest, cols: TenantColumns): Promise<string[]> {
    const values = sql.join(
      rows().map(([n, c, r, u]) => sql`(${n}, ${c}::uuid, ${r}::uuid, ${u}::uuid)`),
      sql`, `,
    );
    const out = await sql<{ name: string }>`
      select t.name from (values ${values}) as t(name, company_uuid, reseller_uuid, user_uuid)
      left join companies c on c.company_uuid = t.company_uuid
      where ${rowsOf(req, cols)} order by t.name`.execute(t.app.db);
    return out.rows.map((r) => r.name);
  }

  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: false });
    const co = (name: string) =>
      t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', name)
        .executeTakeFirstOrThrow();
    const user = (email: string) =>
      t.app.db.selectFrom('users').select('uuid').where('email', '=', email).executeTakeFirstOrThrow();
    ids.acme = (await co('Acme')).company_uuid;
    ids.globex = (await co('Globex')).company_uuid;
    ids.reseller = (
      await t.app.db
        .selectFrom('resellers')
        .select('reseller_uuid')
        .where('reseller_name', '=', 'Demo Reseller')
        .executeTakeFirstOrThrow()
    ).reseller_uuid;
    ids.otherReseller = (
      await t.app.db
        .selectFrom('resellers')
        .select('reseller_uuid')
        .where('reseller_name', '=', 'Reseller 01')
        .executeTakeFirstOrThrow()
    ).reseller_uuid;
    ids.acmeAdmin = (await user('acme-admin@example.com')).uuid;
    ids.acmeUser = (await user('acme-user@example.com')).uuid;
  }, 120_000);
  afterAll(async () => t.close());

  const company: TenantColumns = { company: 't.company_uuid' };
  const joined: TenantColumns = { company: 't.company_uuid', companyReseller: 'c.reseller_uuid' };
  const stock: TenantColumns = { company: 't.company_uuid', reseller: 't.reseller_uuid' };
  const account: TenantColumns = { ...joined, reseller: 't.reseller_uuid', resellerOnlyWithoutCompany: true };
  const owned: TenantColumns = { company: 't.company_uuid', user: 't.user_uuid' };
  // a reseller's own table (catalog, filters, import runs): rows with no reseller are the platform's
  const resellerOnly: TenantColumns = { reseller: 't.reseller_uuid' };
  const RESELLER_OWN = ['acme-also-reseller', 'reseller-own'];
  const ALL = ['acme-also-reseller', 'acme-by-admin', 'acme-by-user', 'globex', 'other-reseller-own', 'reseller-own'];
  const ACME = ['acme-also-reseller', 'acme-by-admin', 'acme-by-user'];

  const cases: [string, () => FastifyRequest, TenantColumns, string[]][] = [
    ['admin, all, company column', () => caller('admin', 'all'), company, ALL],
    ['admin, all, user column', () => caller('admin', 'all'), owned, ALL],
    ['reseller, tenant, company column (sub-select)', () => caller('reseller', 'tenant'), company, ACME],
    ['reseller, tenant, company reseller joined', () => caller('reseller', 'tenant'), joined, ACME],
    ['reseller, tenant, own stock', () => caller('reseller', 'tenant'), stock, [...ACME, 'reseller-own'].sort()],
    ['reseller, tenant, own account', () => caller('reseller', 'tenant'), account, [...ACME, 'reseller-own'].sort()],
    ['reseller, tenant, user column', () => caller('reseller', 'tenant'), owned, ACME],
    ['company admin, tenant, company column', () => caller('company_admin', 'tenant'), company, ACME],
    ['company admin, tenant, own stock', () => caller('company_admin', 'tenant'), stock, ACME],
    ['company admin, tenant, user column', () => caller('company_admin', 'tenant'), owned, ACME],
    ['user, tenant, company column', () => caller('user', 'tenant'), company, ACME],
    ['user, own, company column', () => caller('user', 'own', ids.acmeUser), company, ACME],
    ['user, own, user column', () => caller('user', 'own', ids.acmeUser), owned, ['acme-by-user']],
    ['company admin, own, user column', () => caller('company_admin', 'own', ids.acmeAdmin), owned, ['acme-by-admin']],
    ['reseller, own, user column', () => caller('reseller', 'own', ids.acmeUser), owned, ['acme-by-user']],
    ['admin, all, reseller only', () => caller('admin', 'all'), resellerOnly, ALL],
    ['reseller, tenant, reseller only', () => caller('reseller', 'tenant'), resellerOnly, RESELLER_OWN],
    ['reseller, own, reseller only', () => caller('reseller', 'own'), resellerOnly, RESELLER_OWN],
    ['company admin, tenant, reseller only', () => caller('company_admin', 'tenant'), resellerOnly, []],
    ['company admin, own, reseller only', () => caller('company_admin', 'own', ids.acmeAdmin), resellerOnly, []],
    ['user, tenant, reseller only', () => caller('user', 'tenant'), resellerOnly, []],
    ['user, own, reseller only', () => caller('user', 'own', ids.acmeUser), resellerOnly, []],
  ];

  it.each(cases)('%s', async (_name, req, cols, expected) => {
    expect(await visible(req(), cols)).toEqual(expected);
  });

  it("names only rows in the caller's scope, and with a company only that company's", async () => {
    const recipient = (company_uuid: string) =>
      t.app.db
        .insertInto('recipients')
        .values({ company_uuid, recipient_name: 'r', number: '+13125550123' })
        .returning('recipient_uuid')
        .executeTakeFirstOrThrow()
        .then((r) => r.recipient_uuid);
    const acmeRecipient = await recipient(ids.acme);
    const globexRecipient = await recipient(ids.globex);
    const acme = caller('company_admin', 'tenant');
    await expect(assertCanName(t.app.db, acme, 'recipient', acmeRecipient)).resolves.toBeUndefined();
    await expect(assertCanName(t.app.db, acme, 'recipient', undefined)).resolves.toBeUndefined();
    await expect(assertCanName(t.app.db, acme, 'recipient', globexRecipient)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(assertCanName(t.app.db, acme, 'recipient', 'not-a-uuid')).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      assertCanName(t.app.db, caller('reseller', 'tenant'), 'recipient', globexRecipient),
    ).rejects.toMatchObject({ statusCode: 404 });
    const admin = caller('admin', 'all');
    await expect(assertCanName(t.app.db, admin, 'recipient', globexRecipient)).resolves.toBeUndefined();
    await expect(
      assertCanName(t.app.db, admin, 'recipient', globexRecipient, { company_uuid: ids.acme }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(assertCanName(t.app.db, caller('reseller', 'tenant'), 'company', ids.globex)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(assertCanName(t.app.db, caller('reseller', 'tenant'), 'company', ids.acme)).resolves.toBeUndefined();
  });

  // a reseller names only itself, the system admin any reseller that exists, a company role none
  const resellerCases: [string, () => FastifyRequest, 'reseller' | 'otherReseller' | 'missing', boolean][] = [
    ['admin, all, a reseller', () => caller('admin', 'all'), 'otherReseller', true],
    ['admin, all, a missing reseller', () => caller('admin', 'all'), 'missing', false],
    ['reseller, tenant, itself', () => caller('reseller', 'tenant'), 'reseller', true],
    ['reseller, tenant, another', () => caller('reseller', 'tenant'), 'otherReseller', false],
    ['reseller, own, itself', () => caller('reseller', 'own'), 'reseller', true],
    ['reseller, own, another', () => caller('reseller', 'own'), 'otherReseller', false],
    ['company admin, tenant, its reseller', () => caller('company_admin', 'tenant'), 'reseller', false],
    ['company admin, own, its reseller', () => caller('company_admin', 'own', ids.acmeAdmin), 'reseller', false],
    ['user, tenant, its reseller', () => caller('user', 'tenant'), 'reseller', false],
    ['user, own, its reseller', () => caller('user', 'own', ids.acmeUser), 'reseller', false],
  ];
  it.each(resellerCases)('names a reseller: %s', async (_name, req, which, allowed) => {
    const id = which === 'missing' ? randomUUID() : ids[which];
    const named = assertCanName(t.app.db, req(), 'reseller', id);
    if (allowed) await expect(named).resolves.toBeUndefined();
    else await expect(named).rejects.toMatchObject({ statusCode: 404, message: 'Reseller not found' });
  });

  it('gives a new record its company: a company role its own, the admin and a reseller one they name and see', async () => {
    const db = t.app.db;
    const words = { missing: 'company_uuid: choose one', other: 'company_uuid: yours only' };
    await expect(targetCompany(db, caller('company_admin', 'tenant'), undefined)).resolves.toBe(ids.acme);
    await expect(targetCompany(db, caller('user', 'own', ids.acmeUser), ids.acme)).resolves.toBe(ids.acme);
    await expect(targetCompany(db, caller('company_admin', 'tenant'), ids.globex, words)).rejects.toMatchObject({
      statusCode: 403,
      message: 'company_uuid: yours only',
    });
    await expect(targetCompany(db, caller('reseller', 'tenant'), ids.acme)).resolves.toBe(ids.acme);
    await expect(targetCompany(db, caller('reseller', 'tenant'), ids.globex)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Company not found',
    });
    await expect(targetCompany(db, caller('admin', 'all'), undefined, words)).rejects.toMatchObject({
      statusCode: 400,
      message: 'company_uuid: choose one',
    });
    await expect(targetCompany(db, caller('admin', 'all'), ids.globex)).resolves.toBe(ids.globex);
  });

  it('gives a new record its reseller: a reseller its own, the admin the one it names or the platform', async () => {
    const db = t.app.db;
    await expect(targetReseller(db, caller('reseller', 'tenant'))).resolves.toBe(ids.reseller);
    await expect(targetReseller(db, caller('reseller', 'own'), ids.reseller)).resolves.toBe(ids.reseller);
    await expect(
      targetReseller(db, caller('reseller', 'tenant'), ids.otherReseller, { other: 'your own stock only' }),
    ).rejects.toMatchObject({ statusCode: 403, message: 'your own stock only' });
    const hidden = new HttpError(404, 'Reseller not found');
    await expect(targetReseller(db, caller('reseller', 'tenant'), ids.otherReseller, { other: hidden })).rejects.toBe(
      hidden,
    );
    await expect(targetReseller(db, caller('admin', 'all'))).resolves.toBeNull();
    await expect(targetReseller(db, caller('admin', 'all'), ids.otherReseller)).resolves.toBe(ids.otherReseller);
    await expect(targetReseller(db, caller('admin', 'all'), randomUUID())).rejects.toMatchObject({ statusCode: 404 });
    await expect(targetReseller(db, caller('company_admin', 'tenant'))).rejects.toMatchObject({ statusCode: 403 });
  });
});
