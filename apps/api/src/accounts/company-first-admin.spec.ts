import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { fieldErrorsOf } from '../testing/problem-answers';

describe('a company and its first admin in one step', () => {
  let t: TestApp;
  let reseller: Record<string, string>;
  const create = (payload: object) =>
    t.app.inject({ method: 'POST', url: api('/company'), headers: reseller, payload });
  const companies = async (name: string) =>
    (await t.app.db.selectFrom('companies').select('company_uuid').where('company_name', '=', name).execute()).length;

  beforeAll(async () => {
    t = await createTestApp();
    reseller = bearer(await login(t.app, 'reseller@example.com'));
  }, 120_000);
  afterAll(async () => t.close());

  it('creates the company and its admin together; the admin signs in to its company', async () => {
    const res = await create({
      company_name: 'Onboarded Co',
      prepay: true,
      first_admin: { full_name: 'Olga Owner', email: 'olga@onboarded.test', password: 'Long-enough-pass-1' },
    });
    expect(res.statusCode).toBe(201);
    const user = await t.app.db
      .selectFrom('users')
      .select(['user_type', 'company_uuid', 'full_name'])
      .where('email', '=', 'olga@onboarded.test')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ user_type: 'company_admin', company_uuid: res.json().company_uuid });
    expect(await login(t.app, 'olga@onboarded.test', 'Long-enough-pass-1')).toBeTruthy();
  });

  it('an e-mail already registered refuses the whole step: no company without its admin', async () => {
    const res = await create({
      company_name: 'Half Co',
      first_admin: { full_name: 'Dup', email: 'acme-admin@example.com', password: 'Long-enough-pass-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)).toEqual({ errors: { first_admin: 'This e-mail is already registered' } });
    expect(await companies('Half Co')).toBe(0);
  });
});
